import type {Metadata} from 'next'
import {headers} from 'next/headers'
import Link from 'next/link'
import styles from '@/components/office/BookingsList.module.css'
import {ColumnHeads} from '@/components/office/ColumnHeads'
import ui from '@/components/office/office-page.module.css'
import {formatCompanyDateTime} from '@/lib/format'
import {requireStaffPage} from '@/lib/office/access/page'
import {CHECKOUT_LIST_DAYS, listEndedCheckouts, type EndedCheckout} from '@/lib/office/checkouts/read'
import {officeCheckoutDeps} from '@/lib/office/checkouts/server'
import {checkoutWords as words} from '@/lib/office/checkouts/words'
import {customerHref} from '@/lib/office/customers/read'

export const metadata: Metadata = {title: words.title}
export const dynamic = 'force-dynamic'

function reminderText(checkout: EndedCheckout): string {
  const state = words.states[checkout.state]
  if (checkout.state === 'not_due') return `${state} (${words.dueAt(formatCompanyDateTime(checkout.dueAt))})`
  if (checkout.state === 'sent' && checkout.sentAt) return `${state} ${words.sentAt(formatCompanyDateTime(checkout.sentAt))}`
  if (checkout.state === 'queued' && checkout.queuedAt) return `${state} ${words.sentAt(formatCompanyDateTime(checkout.queuedAt))}`
  return state
}

/**
 * /office/checkouts: the checkouts that ended unpaid in the last 30 days, latest first, each with its
 * one reminder's state, linked to the booking and to the customer's record.
 */
export default async function CheckoutsPage() {
  await requireStaffPage('office')
  let loaded: {checkouts: EndedCheckout[]; enabled: boolean; delayHours: number} | null = null
  try {
    const deps = await officeCheckoutDeps(await headers())
    loaded = {checkouts: await listEndedCheckouts(deps.functions, deps.now, deps.settings.delayHours), ...deps.settings}
  } catch (error) {
    console.error('Office: the unpaid checkouts could not be loaded', error)
  }
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{words.title}</h1>
      <p className={ui.intro}>{words.intro(CHECKOUT_LIST_DAYS)}</p>
      {loaded === null ? (
        <p role="alert" className={ui.problem}>
          {words.unavailable}
        </p>
      ) : (
        <>
          <p>{loaded.enabled ? words.settingsOn(loaded.delayHours) : words.settingsOff}</p>
          <div className={styles.summary}>
            <p role="status" className={styles.count}>
              {words.count(loaded.checkouts.length)}
            </p>
          </div>
          {loaded.checkouts.length === 0 ? (
            <p>{words.none}</p>
          ) : (
            <div className={ui.tableWrap}>
              <table className={`${ui.table} ${ui.stacked}`}>
                <caption className={ui.visuallyHidden}>{`${words.title} (${words.count(loaded.checkouts.length)})`}</caption>
                <ColumnHeads columns={[words.columns.booking, words.columns.customer, words.columns.endedAt, words.columns.reminder]} />
                <tbody>
                  {loaded.checkouts.map((checkout) => (
                    <tr key={checkout.bookingId} data-booking={checkout.bookingId} data-state={checkout.state}>
                      <th scope="row">
                        <Link href={`/office/bookings/${encodeURIComponent(checkout.bookingId)}`} prefetch={false}>
                          {checkout.reference}
                        </Link>
                      </th>
                      <td data-label={words.columns.customer}>
                        <Link href={customerHref(checkout.emailKey)} prefetch={false}>
                          {checkout.name}
                        </Link>{' '}
                        <span className={styles.help}>{checkout.emailKey}</span>
                      </td>
                      <td data-label={words.columns.endedAt}>{formatCompanyDateTime(checkout.endedAt)}</td>
                      <td data-label={words.columns.reminder}>{reminderText(checkout)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  )
}
