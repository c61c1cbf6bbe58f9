import type {Metadata} from 'next'
import {headers} from 'next/headers'
import Link from 'next/link'
import styles from '@/components/office/BookingsList.module.css'
import {ColumnHeads} from '@/components/office/ColumnHeads'
import ui from '@/components/office/office-page.module.css'
import {RefusedParameter} from '@/components/office/RefusedParameter'
import {formatCompanyDateTime, formatPhone} from '@/lib/format'
import {requireStaffPage} from '@/lib/office/access/page'
import {searchParamsOf} from '@/lib/office/bookings/filter'
import {customerHref, customerSearchQuery, listCustomers, parseCustomerSearch, refusedCustomerSearch} from '@/lib/office/customers/read'
import {officeCustomerDeps} from '@/lib/office/customers/server'
import {customerWords as words} from '@/lib/office/customers/words'

export const metadata: Metadata = {title: words.listTitle}

/** The page links around the current page: first, last, and two either side. */
function pageNumbers(page: number, pageCount: number): number[] {
  const pages = new Set([1, pageCount])
  for (let near = page - 2; near <= page + 2; near++) if (near >= 1 && near <= pageCount) pages.add(near)
  return [...pages].sort((a, b) => a - b)
}

/**
 * /office/customers: one row per customer (e-mail address), the most recently heard from first,
 * searched on the server and paged 25 at a time; the address holds the search and the page (a GET
 * form and links), so it works without JavaScript.
 */
export default async function CustomersPage({searchParams}: {searchParams: Promise<Record<string, string | string[] | undefined>>}) {
  await requireStaffPage('office')
  const params = searchParamsOf(await searchParams)
  const search = parseCustomerSearch(params)
  const refused = refusedCustomerSearch(params)
  let found: Awaited<ReturnType<typeof listCustomers>> | null = null
  try {
    const deps = await officeCustomerDeps(await headers())
    found = await listCustomers(deps.functions, search)
  } catch (error) {
    console.error('Office: the customers could not be loaded', error)
  }
  const pageHref = (number: number) => `/office/customers${customerSearchQuery(search, {page: number})}`

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{words.listTitle}</h1>
      <p className={ui.intro}>{words.listIntro}</p>
      <RefusedParameter refused={refused} />

      <form className={styles.filters} method="get" action="/office/customers" role="search">
        <div className={styles.search}>
          <label htmlFor="customers-q">{words.search}</label>
          <input id="customers-q" type="search" name="q" defaultValue={search.q} aria-describedby="customers-q-help" maxLength={200} />
          <p id="customers-q-help" className={styles.help}>
            {words.searchHelp}
          </p>
        </div>
        <div className={styles.actions}>
          <button type="submit">{words.apply}</button>
          <Link href="/office/customers" prefetch={false}>
            {words.clear}
          </Link>
        </div>
      </form>

      {found === null ? (
        <p role="alert" className={ui.problem}>
          {words.unavailable}
        </p>
      ) : (
        <>
          <div className={styles.summary}>
            <p role="status" className={styles.count}>
              {words.count(found.total)}
              {found.pageCount > 1 && ` · ${words.pageOf(found.page, found.pageCount)}`}
            </p>
          </div>
          {found.customers.length === 0 ? (
            <p>{words.none}</p>
          ) : (
            <div className={ui.tableWrap}>
              <table className={`${ui.table} ${ui.stacked}`}>
                <caption className={ui.visuallyHidden}>{`${words.listTitle} (${words.count(found.total)})`}</caption>
                <ColumnHeads columns={[words.columns.customer, words.columns.email, words.columns.phone, words.columns.bookings, words.columns.lastAt]} />
                <tbody>
                  {found.customers.map((customer) => (
                    <tr key={customer.emailKey} data-customer={customer.emailKey}>
                      <th scope="row">
                        <Link href={customerHref(customer.emailKey)} prefetch={false}>
                          {customer.name}
                        </Link>
                      </th>
                      <td data-label={words.columns.email}>{customer.emailKey}</td>
                      <td data-label={words.columns.phone}>{customer.phone ? formatPhone(customer.phone) : ''}</td>
                      <td data-label={words.columns.bookings}>{customer.bookings}</td>
                      <td data-label={words.columns.lastAt}>{formatCompanyDateTime(customer.lastAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {found.pageCount > 1 && (
            <nav aria-label={words.pages} className={styles.pages}>
              <ul>
                {found.page > 1 && (
                  <li>
                    <Link href={pageHref(found.page - 1)} rel="prev" prefetch={false}>
                      {words.previous}
                    </Link>
                  </li>
                )}
                {pageNumbers(found.page, found.pageCount).map((number) => (
                  <li key={number}>
                    <Link href={pageHref(number)} aria-current={number === found.page ? 'page' : undefined} prefetch={false}>
                      {number}
                    </Link>
                  </li>
                ))}
                {found.page < found.pageCount && (
                  <li>
                    <Link href={pageHref(found.page + 1)} rel="next" prefetch={false}>
                      {words.next}
                    </Link>
                  </li>
                )}
              </ul>
            </nav>
          )}
        </>
      )}
    </div>
  )
}
