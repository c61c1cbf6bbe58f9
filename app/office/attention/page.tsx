import Link from 'next/link'
import type {ReactNode} from 'react'
import {arrivalWindowLabel} from '@/lib/booking/arrival-window'
import {formatUsd} from '@/lib/booking/money'
import {formatCompanyDateTime, formatDate} from '@/lib/format'
import {openPaymentDisputes} from '@/lib/office/money/disputes-server'
import {officeMoneyDeps} from '@/lib/office/money/server'
import {requireStaffPage} from '@/lib/office/access/page'
import {DISPUTE_WORDS, MONEY_WORDS} from '@/lib/office/money/words'
import ui from '@/components/office/office-page.module.css'
import styles from './attention.module.css'

export const metadata = {title: MONEY_WORDS.attention.title}

function one(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value
  return typeof first === 'string' ? first : null
}

function slot(date: string | null, window: string | null): string {
  return [date ? formatDate(date) : null, window ? arrivalWindowLabel(window) : null].filter(Boolean).join(', ') || '—'
}

/** One fact of a listed item: its name, then its value. */
function Fact({term, className, children}: {term: string; className?: string; children: ReactNode}) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={className}>{children}</dd>
    </div>
  )
}

/** One list of the page: its heading with how many there are, what it is for, each item, or that there is none. */
function AttentionList<T>({id, heading, help, none, items, children}: {id: string; heading: string; help?: string; none: string; items: readonly T[]; children: (item: T) => ReactNode}) {
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id}>
        {heading} <span className={styles.count}>({items.length})</span>
      </h2>
      {help ? <p className={styles.help}>{help}</p> : null}
      {items.length === 0 ? <p>{none}</p> : <ul className={styles.list}>{items.map((item) => children(item))}</ul>}
    </section>
  )
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

      <AttentionList id="late-payments" heading={w.latePayments} help={w.latePaymentsHelp} none={w.latePaymentsNone} items={latePayments}>
        {(late) => (
          <li key={late.id} className={styles.item}>
            <dl className={styles.facts}>
              <Fact term={w.customer}>
                {late.customerName} · {late.email}
              </Fact>
              <Fact term={w.booking}>
                <Link href={`/office/bookings/${late.bookingId}`}>{late.service ?? late.industry}</Link>
              </Fact>
              <Fact term={w.window}>{slot(late.date, late.arrivalWindow)}</Fact>
              <Fact term={w.amount}>{formatUsd(late.amountCents)}</Fact>
              <Fact term={w.received}>{formatCompanyDateTime(late.receivedAt)}</Fact>
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
        )}
      </AttentionList>

      <AttentionList id="disputed-payments" heading={d.heading} help={d.help} none={d.none} items={disputes}>
        {(dispute) => (
          <li key={dispute.id} className={styles.item}>
            <dl className={styles.facts}>
              <Fact term={d.booking}>
                {dispute.bookingId ? (
                  <Link href={`/office/bookings/${dispute.bookingId}`}>
                    {[dispute.customerName, dispute.service].filter(Boolean).join(' · ') || d.openBooking}
                  </Link>
                ) : (
                  d.unknownBooking
                )}
              </Fact>
              <Fact term={d.amount}>{formatUsd(dispute.amountCents)}</Fact>
              <Fact term={d.reason}>{dispute.reason ? (d.reasons[dispute.reason] ?? dispute.reason.replace(/_/g, ' ')) : '—'}</Fact>
              <Fact term={d.status}>{d.statuses[dispute.status] ?? dispute.status.replace(/_/g, ' ')}</Fact>
              <Fact term={d.opened}>{formatCompanyDateTime(dispute.openedAt)}</Fact>
            </dl>
          </li>
        )}
      </AttentionList>

      <AttentionList id="cancellation-requests" heading={w.requests} none={w.requestsNone} items={requests}>
        {(request) => (
          <li key={request.bookingId} className={styles.item}>
            <dl className={styles.facts}>
              <Fact term={w.customer}>{request.customerName}</Fact>
              <Fact term={w.window}>{slot(request.date, request.arrivalWindow)}</Fact>
              <Fact term={w.paid}>{formatUsd(request.amountCents)}</Fact>
              <Fact term={w.requested}>{formatCompanyDateTime(request.requestedAt)}</Fact>
            </dl>
            <Link className={styles.link} href={`/office/bookings/${request.bookingId}#cancel`}>
              {w.openBooking}
              <span className={ui.visuallyHidden}> ({request.customerName})</span>
            </Link>
          </li>
        )}
      </AttentionList>

      <AttentionList id="failed-emails" heading={w.failedEmails} none={w.failedEmailsNone} items={failed}>
        {(email) => (
          <li key={email.id} className={styles.item}>
            <dl className={styles.facts}>
              <Fact term={w.to}>{email.to ?? w.business}</Fact>
              <Fact term={w.kind}>{MONEY_WORDS.emailKinds[email.template] ?? email.template}</Fact>
              <Fact term={w.error} className={styles.error}>{email.error ?? '—'}</Fact>
              <Fact term={w.queued}>
                {formatCompanyDateTime(email.queuedAt)} · {w.attempts}: {email.attempts}
              </Fact>
            </dl>
            <form method="post" action={`/office/attention/emails/${email.id}/resend`} className={styles.actions}>
              <button type="submit" className={styles.button}>
                {w.resend}
              </button>
            </form>
          </li>
        )}
      </AttentionList>
    </div>
  )
}
