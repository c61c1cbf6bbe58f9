import Link from 'next/link'
import {arrivalWindowLabel} from '@/lib/booking/arrival-window'
import {formatUsd} from '@/lib/booking/money'
import {formatCompanyDateTime, formatDate} from '@/lib/format'
import {openPaymentDisputes} from '@/lib/office/money/disputes-server'
import {officeMoneyDeps} from '@/lib/office/money/server'
import {requireStaffPage} from '@/lib/office/access/page'
import {DISPUTE_WORDS, MONEY_WORDS} from '@/lib/office/money/words'
import styles from './attention.module.css'

export const metadata = {title: MONEY_WORDS.attention.title}

function one(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value
  return typeof first === 'string' ? first : null
}

function slot(date: string | null, window: string | null): string {
  return [date ? formatDate(date) : null, window ? arrivalWindowLabel(window) : null].filter(Boolean).join(', ') || '—'
}

/**
 * Needs attention: payments that came after their hold ended (take or refund), customers' requests
 * to cancel (each links to its booking, where cancelling completes it), and e-mails the outbox gave
 * up on (send again), payments the customer's bank disputes (reported by the provider's webhook;
 * answered in the provider's dashboard, each linking to its booking). Lists, not tables, so it reads on a phone as on a desktop.
 */
export default async function AttentionPage({searchParams}: {searchParams: Promise<Record<string, string | string[] | undefined>>}) {
  await requireStaffPage('office')
  const query = await searchParams
  const w = MONEY_WORDS.attention
  const {money} = await officeMoneyDeps()
  const [latePayments, requests, failed, disputes] = await Promise.all([money.openLatePayments(), money.openCancellationRequests(), money.failedEmails(), openPaymentDisputes()])
  const d = DISPUTE_WORDS
  const done = one(query.done)
  const problem = one(query.problem)
  const doneText = done ? (MONEY_WORDS.attentionDone as Record<string, string>)[done] : undefined
  const problemText = problem ? (MONEY_WORDS.attentionProblems as Record<string, string>)[problem] : undefined
  const providerMessage = one(query.message)

  return (
    <div id="attention-page" className={styles.page}>
      <h1 className={styles.title}>{w.title}</h1>
      <p className={styles.intro}>{w.intro}</p>
      <div aria-live="polite">
        {doneText ? (
          <p role="status" className={styles.done}>
            {doneText}
          </p>
        ) : null}
        {problemText ? (
          <div role="alert" className={styles.problem}>
            <p>{problemText}</p>
            {providerMessage ? <p className={styles.provider}>{providerMessage}</p> : null}
          </div>
        ) : null}
      </div>

      <section aria-labelledby="late-payments" className={styles.section}>
        <h2 id="late-payments">
          {w.latePayments} <span className={styles.count}>({latePayments.length})</span>
        </h2>
        <p className={styles.help}>{w.latePaymentsHelp}</p>
        {latePayments.length === 0 ? (
          <p>{w.latePaymentsNone}</p>
        ) : (
          <ul className={styles.list}>
            {latePayments.map((late) => (
              <li key={late.id} className={styles.item}>
                <dl className={styles.facts}>
                  <div>
                    <dt>{w.customer}</dt>
                    <dd>
                      {late.customerName} · {late.email}
                    </dd>
                  </div>
                  <div>
                    <dt>{w.booking}</dt>
                    <dd>
                      <Link href={`/office/bookings/${late.bookingId}`}>{late.service ?? late.industry}</Link>
                    </dd>
                  </div>
                  <div>
                    <dt>{w.window}</dt>
                    <dd>{slot(late.date, late.arrivalWindow)}</dd>
                  </div>
                  <div>
                    <dt>{w.amount}</dt>
                    <dd>{formatUsd(late.amountCents)}</dd>
                  </div>
                  <div>
                    <dt>{w.received}</dt>
                    <dd>{formatCompanyDateTime(late.receivedAt)}</dd>
                  </div>
                </dl>
                <div className={styles.actions}>
                  <form method="post" action={`/office/attention/late-payments/${late.id}/take`}>
                    <button type="submit" className={styles.button}>
                      {w.take}
                    </button>
                  </form>
                  <form method="post" action={`/office/attention/late-payments/${late.id}/refund`}>
                    <button type="submit" className={styles.secondary}>
                      {w.refund} ({formatUsd(late.amountCents)})
                    </button>
                  </form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="disputed-payments" className={styles.section}>
        <h2 id="disputed-payments">
          {d.heading} <span className={styles.count}>({disputes.length})</span>
        </h2>
        <p className={styles.help}>{d.help}</p>
        {disputes.length === 0 ? (
          <p>{d.none}</p>
        ) : (
          <ul className={styles.list}>
            {disputes.map((dispute) => (
              <li key={dispute.id} className={styles.item}>
                <dl className={styles.facts}>
                  <div>
                    <dt>{d.booking}</dt>
                    <dd>
                      {dispute.bookingId ? (
                        <Link href={`/office/bookings/${dispute.bookingId}`}>
                          {[dispute.customerName, dispute.service].filter(Boolean).join(' · ') || d.openBooking}
                        </Link>
                      ) : (
                        d.unknownBooking
                      )}
                    </dd>
                  </div>
                  <div>
                    <dt>{d.amount}</dt>
                    <dd>{formatUsd(dispute.amountCents)}</dd>
                  </div>
                  <div>
                    <dt>{d.reason}</dt>
                    <dd>{dispute.reason ? (d.reasons[dispute.reason] ?? dispute.reason.replace(/_/g, ' ')) : '—'}</dd>
                  </div>
                  <div>
                    <dt>{d.status}</dt>
                    <dd>{d.statuses[dispute.status] ?? dispute.status.replace(/_/g, ' ')}</dd>
                  </div>
                  <div>
                    <dt>{d.opened}</dt>
                    <dd>{formatCompanyDateTime(dispute.openedAt)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="cancellation-requests" className={styles.section}>
        <h2 id="cancellation-requests">
          {w.requests} <span className={styles.count}>({requests.length})</span>
        </h2>
        {requests.length === 0 ? (
          <p>{w.requestsNone}</p>
        ) : (
          <ul className={styles.list}>
            {requests.map((request) => (
              <li key={request.bookingId} className={styles.item}>
                <dl className={styles.facts}>
                  <div>
                    <dt>{w.customer}</dt>
                    <dd>{request.customerName}</dd>
                  </div>
                  <div>
                    <dt>{w.window}</dt>
                    <dd>{slot(request.date, request.arrivalWindow)}</dd>
                  </div>
                  <div>
                    <dt>{w.paid}</dt>
                    <dd>{formatUsd(request.amountCents)}</dd>
                  </div>
                  <div>
                    <dt>{w.requested}</dt>
                    <dd>{formatCompanyDateTime(request.requestedAt)}</dd>
                  </div>
                </dl>
                <Link className={styles.link} href={`/office/bookings/${request.bookingId}#cancel`}>
                  {w.openBooking}
                  <span className={styles.visuallyHidden}> ({request.customerName})</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="failed-emails" className={styles.section}>
        <h2 id="failed-emails">
          {w.failedEmails} <span className={styles.count}>({failed.length})</span>
        </h2>
        {failed.length === 0 ? (
          <p>{w.failedEmailsNone}</p>
        ) : (
          <ul className={styles.list}>
            {failed.map((email) => (
              <li key={email.id} className={styles.item}>
                <dl className={styles.facts}>
                  <div>
                    <dt>{w.to}</dt>
                    <dd>{email.to ?? w.business}</dd>
                  </div>
                  <div>
                    <dt>{w.kind}</dt>
                    <dd>{MONEY_WORDS.emailKinds[email.template] ?? email.template}</dd>
                  </div>
                  <div>
                    <dt>{w.error}</dt>
                    <dd className={styles.error}>{email.error ?? '—'}</dd>
                  </div>
                  <div>
                    <dt>{w.queued}</dt>
                    <dd>
                      {formatCompanyDateTime(email.queuedAt)} · {w.attempts}: {email.attempts}
                    </dd>
                  </div>
                </dl>
                <form method="post" action={`/office/attention/emails/${email.id}/resend`} className={styles.actions}>
                  <button type="submit" className={styles.button}>
                    {w.resend}
                  </button>
                </form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
