import type {Metadata} from 'next'
import Link from 'next/link'
import {BookingsTable, type BookingsTableRow} from '@/components/office/BookingsTable'
import styles from '@/components/office/BookingsList.module.css'
import {RefusedParameter} from '@/components/office/RefusedParameter'
import {SERVICE_FAMILIES} from '@/lib/booking/availability'
import {formatUsd} from '@/lib/booking/money'
import {bookingReference} from '@/lib/booking/stored'
import {INDUSTRIES} from '@/lib/booking/catalog'
import {formatPhone} from '@/lib/format'
import {bookingFilterQuery, DEFAULT_BOOKING_SORT, nextSort, parseBookingFilter, refusedBookingFilter, searchParamsOf, sortParts, type BookingSortColumn} from '@/lib/office/bookings/filter'
import {csvDateTime, searchBookings} from '@/lib/office/bookings/lists'
import {officeListDeps} from '@/lib/office/bookings/lists-server'
import {OFFICE_BOOKING_STATUSES, officeBookingStatus} from '@/lib/office/bookings/status'
import {paymentSummary} from '@/lib/office/bookings/payment-state'
import {requireStaffPage} from '@/lib/office/access/page'
import {hasRole} from '@/lib/office/access/roles'
import {crewOf, serviceOf} from '@/lib/office/schedule/rules'
import {BOOKING_LIST_WORDS} from '@/lib/office/bookings/words'
import {Choices} from '@/components/office/Choices'

const WORDS = BOOKING_LIST_WORDS.list

export const metadata: Metadata = {title: WORDS.title}

/** The page links around the current page: first, last, and two either side. */
function pageNumbers(page: number, pageCount: number): number[] {
  const pages = new Set([1, pageCount])
  for (let near = page - 2; near <= page + 2; near++) if (near >= 1 && near <= pageCount) pages.add(near)
  return [...pages].sort((a, b) => a - b)
}

/**
 * Every booking, searched and filtered on the server and paged 50 at a time; the address holds the
 * whole state (a GET form, links to sort and page), so a search can be shared and works without
 * JavaScript. The CSV link exports exactly this filter, every page.
 */
export default async function BookingsPage({searchParams}: {searchParams: Promise<Record<string, string | string[] | undefined>>}) {
  const staff = await requireStaffPage('office')
  const owner = hasRole(staff, 'owner')
  const params = searchParamsOf(await searchParams)
  const filter = parseBookingFilter(params)
  const refused = refusedBookingFilter(params)
  const deps = await officeListDeps()
  const now = deps.now()
  const {total, pageCount, sums, bookings} = await searchBookings(deps, filter)
  const moneyDatesChosen = Boolean(filter.paidFrom || filter.paidTo || filter.refundedFrom || filter.refundedTo)
  const totals: [string, number][] = [
    [WORDS.sums.total, sums.totalCents],
    [WORDS.sums.discount, sums.discountCents],
    [WORDS.sums.tip, sums.tipCents],
    [WORDS.sums.paid, sums.paidCents],
    [WORDS.sums.refunded, sums.refundedCents],
    [WORDS.sums.kept, sums.keptCents],
    ...(sums.refundedInPeriodCents === null ? [] : [[WORDS.sums.refundedInPeriod, sums.refundedInPeriodCents] as [string, number]]),
  ]

  const rows: BookingsTableRow[] = bookings.map((booking) => ({
    id: booking.id,
    reference: bookingReference(booking.id),
    date: booking.date ?? '',
    window: booking.arrivalWindow?.replace('-', '–') ?? '',
    created: csvDateTime(booking.createdAt) ?? '',
    customer: `${booking.firstName} ${booking.lastName}`,
    contact: `${booking.email} · ${formatPhone(booking.phone)}`,
    service: serviceOf(booking),
    crew: BOOKING_LIST_WORDS.crews[crewOf(booking)],
    total: formatUsd(booking.amountCents),
    status: officeBookingStatus(booking, now),
    payment: paymentSummary(booking)?.state ?? null,
  }))
  const {column, direction} = sortParts(filter.sort)
  const sortLinks = Object.fromEntries(
    (['date', 'created', 'name', 'total'] as const).map((name) => [name, `/office/bookings${bookingFilterQuery(filter, {sort: nextSort(filter.sort, name), page: 1})}`]),
  ) as Record<BookingSortColumn, string>
  const page = Math.min(filter.page, pageCount)
  const pageHref = (number: number) => `/office/bookings${bookingFilterQuery(filter, {page: number})}`
  const count = WORDS.count(total)

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{WORDS.title}</h1>
      <RefusedParameter refused={refused} />

      <form className={styles.filters} method="get" action="/office/bookings" role="search">
        <div className={styles.search}>
          <label htmlFor="bookings-q">{WORDS.search}</label>
          <input id="bookings-q" type="search" name="q" defaultValue={filter.q} aria-describedby="bookings-q-help" maxLength={200} />
          <p id="bookings-q-help" className={styles.help}>
            {WORDS.searchHelp}
          </p>
        </div>
        <fieldset className={styles.statuses}>
          <legend>{WORDS.status}</legend>
          {OFFICE_BOOKING_STATUSES.map((status) => (
            <label key={status}>
              <input type="checkbox" name="status" value={status} defaultChecked={filter.statuses.includes(status)} /> {BOOKING_LIST_WORDS.statuses[status]}
            </label>
          ))}
        </fieldset>
        <label className={styles.field}>
          {WORDS.service}
          <select name="service" defaultValue={filter.industry ?? ''}>
            <option value="">{WORDS.any}</option>
            <Choices values={INDUSTRIES} label={(industry) => BOOKING_LIST_WORDS.industries[industry]} />
          </select>
        </label>
        <label className={styles.field}>
          {WORDS.crew}
          <select name="crew" defaultValue={filter.crew ?? ''}>
            <option value="">{WORDS.any}</option>
            <Choices values={SERVICE_FAMILIES} label={(crew) => BOOKING_LIST_WORDS.crews[crew]} />
          </select>
        </label>
        <label className={styles.field}>
          {WORDS.from}
          <input type="date" name="from" defaultValue={filter.from ?? ''} />
        </label>
        <label className={styles.field}>
          {WORDS.to}
          <input type="date" name="to" defaultValue={filter.to ?? ''} />
        </label>
        <details className={styles.moneyDates} open={moneyDatesChosen}>
          <summary>{WORDS.moneyDates}</summary>
          <p id="bookings-money-dates-help" className={styles.help}>
            {WORDS.moneyDatesHelp}
          </p>
          <div className={styles.moneyDateFields}>
            {(
              [
                ['paid_from', WORDS.paidFrom, filter.paidFrom],
                ['paid_to', WORDS.paidTo, filter.paidTo],
                ['refunded_from', WORDS.refundedFrom, filter.refundedFrom],
                ['refunded_to', WORDS.refundedTo, filter.refundedTo],
              ] as const
            ).map(([name, label, value]) => (
              <label key={name} className={styles.field}>
                {label}
                <input type="date" name={name} defaultValue={value ?? ''} aria-describedby="bookings-money-dates-help" />
              </label>
            ))}
          </div>
        </details>
        {filter.sort !== DEFAULT_BOOKING_SORT && <input type="hidden" name="sort" value={filter.sort} />}
        <div className={styles.actions}>
          <button type="submit">{WORDS.apply}</button>
          <Link href="/office/bookings">{WORDS.clear}</Link>
        </div>
      </form>

      <div className={styles.summary}>
        <p role="status" className={styles.count}>
          {count}
          {pageCount > 1 && ` · ${WORDS.pageOf(page, pageCount)}`}
        </p>
        <a href={`/office/bookings/export${bookingFilterQuery(filter, {page: 1})}`} download className={styles.export}>
          {WORDS.export}
        </a>
      </div>

      {owner && total > 0 && (
        <section aria-labelledby="bookings-totals" className={styles.totals}>
          <h2 id="bookings-totals">{WORDS.totals}</h2>
          <dl>
            {totals.map(([label, cents]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{formatUsd(cents)}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      {rows.length === 0 ? (
        <p>{WORDS.none}</p>
      ) : (
        <BookingsTable rows={rows} sorting={[{id: column, desc: direction === 'desc'}]} sortLinks={sortLinks} caption={`${WORDS.caption} (${count})`} />
      )}

      {pageCount > 1 && (
        <nav aria-label={WORDS.pages} className={styles.pages}>
          <ul>
            {page > 1 && (
              <li>
                <Link href={pageHref(page - 1)} rel="prev">
                  {WORDS.previous}
                </Link>
              </li>
            )}
            {pageNumbers(page, pageCount).map((number) => (
              <li key={number}>
                <Link href={pageHref(number)} aria-current={number === page ? 'page' : undefined}>
                  {number}
                </Link>
              </li>
            ))}
            {page < pageCount && (
              <li>
                <Link href={pageHref(page + 1)} rel="next">
                  {WORDS.next}
                </Link>
              </li>
            )}
          </ul>
        </nav>
      )}
    </div>
  )
}
