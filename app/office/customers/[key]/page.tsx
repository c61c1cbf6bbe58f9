import type {Metadata} from 'next'
import {headers} from 'next/headers'
import Link from 'next/link'
import {notFound} from 'next/navigation'
import styles from '@/components/office/booking/booking.module.css'
import {FocusElement, FocusOnArrival} from '@/components/office/booking/FocusOnArrival'
import {ColumnHeads} from '@/components/office/ColumnHeads'
import ui from '@/components/office/office-page.module.css'
import {slotLabel} from '@/lib/booking/arrival-window'
import {formatUsd} from '@/lib/booking/money'
import {bookingReference} from '@/lib/booking/stored'
import {formatCompanyDateTime, formatDate, formatPhone, mailtoHref, telHref} from '@/lib/format'
import {requireStaffPage} from '@/lib/office/access/page'
import {BOOKING_LIST_WORDS} from '@/lib/office/bookings/words'
import {NOTE_LIMIT} from '@/lib/office/customers/actions'
import {customerHref, customerKeyFromSegment, readCustomer, type CustomerRecord} from '@/lib/office/customers/read'
import {officeCustomerDeps} from '@/lib/office/customers/server'
import {customerWords as words} from '@/lib/office/customers/words'
import {leadHref} from '@/lib/office/leads/actions'
import {leadWords} from '@/lib/office/leads/words'
import {planWords} from '@/lib/office/plans/words'

export const metadata: Metadata = {title: words.metaTitle}

type Search = Record<string, string | string[] | undefined>

function one(search: Search, key: string): string {
  const value = search[key]
  return typeof value === 'string' ? value : ''
}

function textsLine(texts: CustomerRecord['texts']): string {
  const consent = !texts.booked ? words.texts.noBooking : texts.consentAt ? words.texts.agreed(formatDate(texts.consentAt)) : words.texts.notAgreed
  return texts.optedOutSince ? `${consent}. ${words.texts.optedOut(formatDate(texts.optedOutSince))}` : consent
}

/**
 * /office/customers/[key]: one customer (their e-mail address, percent-encoded, in any case) with
 * every booking, plan, request and reply, what they paid, got back and the business kept, their
 * first and last visit, their texts consent, and the office's notes (a form posting to ./notes,
 * answered 303 back here).
 */
export default async function CustomerPage({params, searchParams}: {params: Promise<{key: string}>; searchParams: Promise<Search>}) {
  await requireStaffPage('office')
  const [{key: segment}, search] = await Promise.all([params, searchParams])
  const key = customerKeyFromSegment(segment)
  if (!key) notFound()
  let record: CustomerRecord | null | 'unavailable'
  try {
    const deps = await officeCustomerDeps(await headers())
    record = await readCustomer(deps.functions, key, deps.now())
  } catch (error) {
    console.error('Office: a customer could not be loaded', error)
    record = 'unavailable'
  }
  if (record === 'unavailable') return <p role="alert">{words.recordUnavailable}</p>
  if (!record) notFound()

  const done = words.done[one(search, 'done')]
  const problem = one(search, 'problem')
  const noteRefused = problem.startsWith('note_')
  const outcome = done ? {role: 'status' as const, text: done, className: ui.notice} : problem && !noteRefused ? {role: 'alert' as const, text: words.problems[problem] ?? words.problems.failed, className: ui.problem} : null
  const {money, visits} = record

  return (
    <div className={styles.page}>
      <p>
        <Link href="/office/customers" prefetch={false}>
          {words.back}
        </Link>
      </p>
      <div className={styles.header}>
        <h1>{record.name}</h1>
      </div>
      {outcome ? (
        <FocusOnArrival id="outcome" role={outcome.role} className={outcome.className}>
          {outcome.text}
        </FocusOnArrival>
      ) : null}
      <div className={styles.columns}>
        <div className={styles.stack}>
          <section aria-labelledby="customer-contact" className={styles.panel}>
            <h2 id="customer-contact">{words.factsHeading}</h2>
            <dl className={styles.facts}>
              <dt>{words.facts.email}</dt>
              <dd>
                <a href={mailtoHref(record.emailKey)}>{record.emailKey}</a>
              </dd>
              <dt>{words.facts.phones}</dt>
              <dd>
                {record.phones.map((phone, index) => (
                  <span key={phone}>
                    {index > 0 ? ' · ' : ''}
                    <a href={telHref(phone)}>{formatPhone(phone)}</a>
                  </span>
                ))}
              </dd>
              <dt>{words.facts.addresses}</dt>
              <dd>{record.addresses.length > 0 ? record.addresses.join(' · ') : words.noAddress}</dd>
              <dt>{words.facts.firstVisit}</dt>
              <dd>{visits.first ? formatDate(visits.first) : words.noVisit}</dd>
              <dt>{words.facts.lastVisit}</dt>
              <dd>{visits.last ? formatDate(visits.last) : words.noVisit}</dd>
              <dt>{words.facts.visits}</dt>
              <dd>{visits.count}</dd>
              <dt>{words.facts.texts}</dt>
              <dd>{textsLine(record.texts)}</dd>
            </dl>
          </section>

          <section aria-labelledby="customer-money" className={styles.panel}>
            <h2 id="customer-money">{words.moneyHeading}</h2>
            <p className={styles.help}>{words.money.help}</p>
            <dl className={styles.facts}>
              <dt>{words.money.paid}</dt>
              <dd data-money="paid">{formatUsd(money.paidCents)}</dd>
              <dt>{words.money.refunded}</dt>
              <dd data-money="refunded">{formatUsd(money.refundedCents)}</dd>
              <dt>{words.money.kept}</dt>
              <dd data-money="kept">{formatUsd(money.keptCents)}</dd>
            </dl>
          </section>

          <section aria-labelledby="customer-bookings" className={styles.panel}>
            <h2 id="customer-bookings">{words.bookingsHeading}</h2>
            {record.bookings.length === 0 ? (
              <p>{words.noBookings}</p>
            ) : (
              <div className={ui.tableWrap}>
                <table className={`${ui.table} ${ui.stacked}`}>
                  <caption className={ui.visuallyHidden}>{words.bookingsHeading}</caption>
                  <ColumnHeads
                    columns={[
                      words.bookingColumns.booking,
                      words.bookingColumns.visit,
                      words.bookingColumns.service,
                      words.bookingColumns.status,
                      words.bookingColumns.amount,
                      words.bookingColumns.paid,
                      words.bookingColumns.refunded,
                    ]}
                  />
                  <tbody>
                    {record.bookings.map((booking) => (
                      <tr key={booking.id} data-booking-id={booking.id}>
                        <th scope="row">
                          <Link href={`/office/bookings/${booking.id}`} prefetch={false} className={ui.nowrap}>
                            {bookingReference(booking.id)}
                          </Link>
                          {booking.planId ? ` (${words.planVisit})` : ''}
                        </th>
                        <td data-label={words.bookingColumns.visit}>{booking.date ? slotLabel(booking.date, booking.arrivalWindow) : words.noDate}</td>
                        <td data-label={words.bookingColumns.service}>{booking.service ?? BOOKING_LIST_WORDS.industries[booking.industry as keyof typeof BOOKING_LIST_WORDS.industries] ?? booking.industry}</td>
                        <td data-label={words.bookingColumns.status}>{BOOKING_LIST_WORDS.statuses[booking.status]}</td>
                        <td data-label={words.bookingColumns.amount}>{formatUsd(booking.amountCents)}</td>
                        <td data-label={words.bookingColumns.paid}>{formatUsd(booking.paidCents)}</td>
                        <td data-label={words.bookingColumns.refunded}>{formatUsd(booking.refundedCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <section aria-labelledby="customer-plans" className={styles.panel}>
            <h2 id="customer-plans">{words.plansHeading}</h2>
            {record.plans.length === 0 ? (
              <p>{words.noPlans}</p>
            ) : (
              <div className={ui.tableWrap}>
                <table className={`${ui.table} ${ui.stacked}`}>
                  <caption className={ui.visuallyHidden}>{words.plansHeading}</caption>
                  <ColumnHeads columns={[words.planColumns.plan, words.planColumns.status, words.planColumns.perVisit, words.planColumns.started]} />
                  <tbody>
                    {record.plans.map((plan) => (
                      <tr key={plan.id} data-plan-id={plan.id}>
                        <th scope="row">
                          <Link href={`/office/plans/${plan.id}`} prefetch={false}>
                            {plan.frequency}
                          </Link>
                        </th>
                        <td data-label={words.planColumns.status}>{planWords.status[plan.status] ?? plan.status}</td>
                        <td data-label={words.planColumns.perVisit}>{formatUsd(plan.perVisitCents)}</td>
                        <td data-label={words.planColumns.started}>{formatDate(plan.createdAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <section aria-labelledby="customer-leads" className={styles.panel}>
            <h2 id="customer-leads">{words.leadsHeading}</h2>
            {record.leads.length === 0 ? (
              <p>{words.noLeads}</p>
            ) : (
              <div className={ui.tableWrap}>
                <table className={`${ui.table} ${ui.stacked}`}>
                  <caption className={ui.visuallyHidden}>{words.leadsHeading}</caption>
                  <ColumnHeads columns={[words.leadColumns.lead, words.leadColumns.received, words.leadColumns.summary, words.leadColumns.status]} />
                  <tbody>
                    {record.leads.map((lead) => (
                      <tr key={lead.id} data-lead-id={lead.id}>
                        <th scope="row">
                          <Link href={leadHref(lead.kind, lead.id)} prefetch={false}>
                            {leadWords.kinds[lead.kind]}
                          </Link>
                        </th>
                        <td data-label={words.leadColumns.received}>{formatCompanyDateTime(lead.at)}</td>
                        <td data-label={words.leadColumns.summary}>{lead.summary ?? ''}</td>
                        <td data-label={words.leadColumns.status}>{leadWords.statuses[lead.status as keyof typeof leadWords.statuses] ?? lead.status}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <section aria-labelledby="customer-replies" className={styles.panel}>
            <h2 id="customer-replies">{words.repliesHeading}</h2>
            {record.replies.length === 0 ? (
              <p>{words.noReplies}</p>
            ) : (
              <ul className={styles.notes}>
                {record.replies.map((reply, index) => (
                  <li key={`${reply.leadId}-${index}`}>
                    <Link href={leadHref(reply.leadKind, reply.leadId)} prefetch={false}>
                      {reply.subject ?? leadWords.kinds[reply.leadKind]}
                    </Link>{' '}
                    <span className={styles.when}>{words.replyBy(reply.staffName, formatCompanyDateTime(reply.at))}</span>
                    {reply.message ? <p className={styles.note}>{reply.message}</p> : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>

        <div className={styles.stack}>
          <section className={styles.panel} id="notes" aria-labelledby="customer-notes">
            <h2 id="customer-notes">{words.notesHeading}</h2>
            <p className={styles.help} id="customer-note-help">
              {words.notesHelp}
            </p>
            {record.notes.length === 0 ? (
              <p>{words.noNotes}</p>
            ) : (
              <ul className={styles.notes}>
                {record.notes.map((note) => (
                  <li key={note.id}>
                    <strong>{note.staffName}</strong>{' '}
                    <time className={styles.when} dateTime={note.at}>
                      {formatCompanyDateTime(note.at)}
                    </time>
                    <p className={styles.note}>{note.body}</p>
                  </li>
                ))}
              </ul>
            )}
            <form method="post" action={`${customerHref(record.emailKey)}/notes`}>
              <div className={styles.field}>
                <label htmlFor="customer-note">{words.noteLabel}</label>
                <textarea
                  id="customer-note"
                  name="note"
                  rows={3}
                  required
                  maxLength={NOTE_LIMIT}
                  defaultValue={noteRefused ? one(search, 'note') : ''}
                  aria-invalid={noteRefused || undefined}
                  aria-describedby={noteRefused ? 'customer-note-help customer-note-problem' : 'customer-note-help'}
                />
                {noteRefused ? (
                  <p id="customer-note-problem" role="alert" className={ui.fieldProblem}>
                    {words.problems[problem] ?? words.problems.failed}
                  </p>
                ) : null}
              </div>
              {noteRefused ? <FocusElement targetId="customer-note" /> : null}
              <button type="submit" className={styles.button}>
                {words.noteButton}
              </button>
            </form>
          </section>
        </div>
      </div>
    </div>
  )
}
