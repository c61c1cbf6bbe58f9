import Link from 'next/link'
import type {ReactNode} from 'react'
import {arrivalWindowLabel} from '@/lib/booking/arrival-window'
import {formatUsd} from '@/lib/booking/money'
import {formatDate, formatPhone, mailtoHref, telHref} from '@/lib/format'
import type {MoveOffer} from '@/lib/office/bookings/actions'
import {REFUSED_FIELD_FOCUS, type OfficeBookingView} from '@/lib/office/bookings/page'
import {bookingWords as words, PAYMENT_STATE_WORDS} from '@/lib/office/bookings/words'
import {customerHref} from '@/lib/office/customers/read'
import {customerWords} from '@/lib/office/customers/words'
import styles from './booking.module.css'
import {FocusElement} from './FocusOnArrival'

/** What a form refused, read from the page's address after its 303 (problem, field, what was typed). */
export type FormAnswer = {problem: string | null; field: string | null; date: string | null; window: string | null; note: string | null}

function Facts({rows}: {rows: {label: string; value: ReactNode}[]}) {
  return (
    <dl className={styles.facts}>
      {rows.map((row) => (
        <div key={row.label} style={{display: 'contents'}}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  )
}

export function CustomerSection({booking}: {booking: OfficeBookingView}) {
  const {customer} = booking
  return (
    <section className={styles.panel} aria-labelledby="booking-customer">
      <h2 id="booking-customer">{words.customerHeading}</h2>
      <Facts
        rows={[
          {label: words.labels.name, value: customer.name},
          {label: words.labels.email, value: <a href={mailtoHref(customer.email)}>{customer.email}</a>},
          {label: words.labels.phone, value: <a href={telHref(customer.phone)}>{formatPhone(customer.phone)}</a>},
          {label: words.labels.address, value: customer.address},
          ...(customer.notes ? [{label: words.customerNotes, value: customer.notes}] : []),
        ]}
      />
      <p>
        <Link href={customerHref(customer.email)} prefetch={false}>
          {customerWords.recordLink}
        </Link>
      </p>
    </section>
  )
}

/** Every field of the customer's form (house, exterior, carpet or commercial), in the form's order. */
export function DetailsSection({booking}: {booking: OfficeBookingView}) {
  return (
    <section className={styles.panel} aria-labelledby="booking-details">
      <h2 id="booking-details">{words.bookingHeading}</h2>
      <Facts
        rows={[
          {label: words.labels.reference, value: booking.reference},
          ...booking.details.map((detail) => ({label: detail.label, value: detail.value})),
        ]}
      />
    </section>
  )
}

export function ChargesSection({booking}: {booking: OfficeBookingView}) {
  return (
    <section className={styles.panel} aria-labelledby="booking-charges">
      <h2 id="booking-charges">{words.chargesHeading}</h2>
      <table className={styles.charges}>
        <tbody>
          {booking.charges.map((charge, index) => (
            <tr key={`${index}-${charge.label}`}>
              <td>{charge.label}</td>
              <td>{charge.cents < 0 ? `−${formatUsd(-charge.cents)}` : formatUsd(charge.cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{words.total}</th>
            <td>{formatUsd(booking.totalCents)}</td>
          </tr>
          {booking.refundedCents > 0 ? (
            <>
              <tr>
                <th scope="row">{words.refunded}</th>
                <td>−{formatUsd(booking.refundedCents)}</td>
              </tr>
              <tr>
                <th scope="row">{words.kept}</th>
                <td>{formatUsd(booking.totalCents - booking.refundedCents)}</td>
              </tr>
            </>
          ) : null}
        </tfoot>
      </table>
    </section>
  )
}

export function PaymentSection({booking}: {booking: OfficeBookingView}) {
  const {payment} = booking
  const {summary} = payment
  return (
    <section className={styles.panel} aria-labelledby="booking-payment">
      <h2 id="booking-payment">{words.paymentHeading}</h2>
      <Facts
        rows={[
          // Paid, partly refunded or refunded (lib/office/bookings/payment-state.ts), with the amounts; an unpaid booking by its checkout's state.
          {label: words.paymentStatus, value: summary ? PAYMENT_STATE_WORDS.states[summary.state] : (words.paymentStatuses[payment.status] ?? payment.status)},
          ...(summary
            ? [
                {label: PAYMENT_STATE_WORDS.paid, value: formatUsd(summary.paidCents)},
                {label: PAYMENT_STATE_WORDS.refunded, value: formatUsd(summary.refundedCents)},
                {label: PAYMENT_STATE_WORDS.kept, value: formatUsd(summary.keptCents)},
              ]
            : []),
          {label: words.paymentProvider, value: payment.provider ? (words.providerNames[payment.provider] ?? payment.provider) : words.none},
          {label: words.paymentId, value: payment.sessionId ? <code>{payment.sessionId}</code> : words.none},
          {label: words.bookedAt, value: payment.bookedAt},
          ...(payment.paidAt ? [{label: words.paidAt, value: payment.paidAt}] : []),
          ...(payment.holdExpiresAt ? [{label: words.holdExpiresAt, value: payment.holdExpiresAt}] : []),
        ]}
      />
    </section>
  )
}

/** The booking's one history: booked, paid, the customer's changes and every staff action, oldest first. */
export function HistorySection({booking}: {booking: OfficeBookingView}) {
  return (
    <section className={styles.panel} aria-labelledby="booking-history">
      <h2 id="booking-history">{words.historyHeading}</h2>
      {booking.history.length === 0 ? (
        <p>{words.noHistory}</p>
      ) : (
        <ol className={styles.history}>
          {booking.history.map((entry, index) => (
            <li key={`${entry.at}-${index}`} data-by={entry.by}>
              <span>
                <strong>{entry.who}</strong>: {entry.what}
              </span>
              <time className={styles.when} dateTime={entry.at}>
                {entry.when}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

function FieldProblem({answer, field, id}: {answer: FormAnswer; field: string; id: string}) {
  if (answer.field !== field || !answer.problem) return null
  return (
    <p id={id} className={styles.fieldProblem} tabIndex={-1}>
      {words.problem[answer.problem] ?? words.problem.invalid}
    </p>
  )
}

/**
 * Move to another window: a day (shown with `GET ?date=`, so it works without JavaScript) and its
 * windows with the places left; a refused window or date is named beside its field.
 */
export function MoveForm({booking, offer, answer}: {booking: OfficeBookingView; offer: MoveOffer; answer: FormAnswer}) {
  const base = `/office/bookings/${booking.id}`
  // The date's problem: the one a move was refused for, or why the day shown has no window.
  const dateAnswer: FormAnswer = answer.field === 'date' ? answer : {...answer, field: offer.dayRefusal ? 'date' : null, problem: offer.dayRefusal}
  const dateProblem = dateAnswer.field === 'date'
  const windowProblem = answer.field === 'arrivalWindow'
  const chosenWindow = answer.window
  const day = formatDate(offer.date)
  return (
    <section className={styles.panel} id="move" aria-labelledby="booking-move">
      <h2 id="booking-move">{words.move.heading}</h2>
      {booking.can.move ? (
        <p>{words.move.notMovable[booking.can.move] ?? words.problem.not_paid}</p>
      ) : (
        <>
          <p className={styles.help}>{words.move.help}</p>
          <form method="get" action={`${base}#move`} className={styles.inline}>
            <div className={styles.field}>
              <label htmlFor={REFUSED_FIELD_FOCUS.date}>{words.move.dateLabel}</label>
              <input
                id={REFUSED_FIELD_FOCUS.date}
                name="date"
                type="date"
                required
                min={offer.earliest}
                max={offer.latest}
                defaultValue={answer.field === 'date' && answer.date ? answer.date : offer.date}
                aria-invalid={dateProblem || undefined}
                aria-describedby={dateProblem ? 'move-date-problem' : undefined}
              />
              <FieldProblem answer={dateAnswer} field="date" id="move-date-problem" />
            </div>
            <div className={styles.field}>
              <button type="submit" className={`${styles.button} ${styles.secondary}`}>
                {words.move.showWindows}
              </button>
            </div>
          </form>
          {answer.field === 'date' ? <FocusElement targetId={REFUSED_FIELD_FOCUS.date} /> : null}
          {offer.dayRefusal ? null : (
            <form method="post" action={`${base}/move`}>
              <input type="hidden" name="date" value={offer.date} />
              <fieldset className={styles.windows} aria-describedby={windowProblem ? REFUSED_FIELD_FOCUS.arrivalWindow : undefined}>
                <legend className={styles.legend}>{words.move.windowsLegend(day)}</legend>
                {offer.windows.map((window, index) => {
                  const open = window.left > 0 && !window.begun && !window.current
                  const note = window.current ? words.move.current : window.begun ? words.move.begun : window.left > 0 ? words.move.placesLeft(window.left) : words.move.full
                  return (
                    <label key={window.window} className={`${styles.window} ${open ? '' : styles.unavailable}`}>
                      <input
                        type="radio"
                        name="arrivalWindow"
                        value={window.window}
                        id={index === 0 ? 'move-window' : undefined}
                        disabled={!open}
                        required
                        defaultChecked={chosenWindow === window.window && open}
                      />
                      <span>
                        {arrivalWindowLabel(window.window)} · {note}
                      </span>
                    </label>
                  )
                })}
                <FieldProblem answer={answer} field="arrivalWindow" id={REFUSED_FIELD_FOCUS.arrivalWindow} />
              </fieldset>
              {windowProblem ? <FocusElement targetId={REFUSED_FIELD_FOCUS.arrivalWindow} /> : null}
              {offer.windows.some((window) => window.left > 0 && !window.begun && !window.current) ? (
                <button type="submit" className={styles.button}>
                  {words.move.submit}
                </button>
              ) : (
                <p>{words.move.noWindows}</p>
              )}
            </form>
          )}
        </>
      )}
    </section>
  )
}

export function OutcomeForm({booking}: {booking: OfficeBookingView}) {
  return (
    <section className={styles.panel} aria-labelledby="booking-outcome">
      <h2 id="booking-outcome">{words.outcome.heading}</h2>
      {booking.can.markOutcome ? (
        <p>{booking.can.markOutcome === 'not_started' ? words.outcome.notYet : (words.problem[booking.can.markOutcome] ?? words.problem.not_paid)}</p>
      ) : (
        <form method="post" action={`/office/bookings/${booking.id}/outcome`}>
          <p className={styles.help}>{words.outcome.help}</p>
          <div className={styles.buttons}>
            <button type="submit" name="outcome" value="done" className={styles.button} aria-pressed={booking.outcome === 'done'}>
              {words.outcome.done}
            </button>
            <button type="submit" name="outcome" value="no_show" className={`${styles.button} ${styles.secondary}`} aria-pressed={booking.outcome === 'no_show'}>
              {words.outcome.noShow}
            </button>
          </div>
        </form>
      )}
    </section>
  )
}

export function ResendForm({booking}: {booking: OfficeBookingView}) {
  return (
    <section className={styles.panel} aria-labelledby="booking-resend">
      <h2 id="booking-resend">{words.resend.heading}</h2>
      {booking.can.resend ? (
        <p>{words.problem[booking.can.resend]}</p>
      ) : (
        <form method="post" action={`/office/bookings/${booking.id}/resend-confirmation`}>
          <p className={styles.help}>{words.resend.help}</p>
          <button type="submit" className={`${styles.button} ${styles.secondary}`}>
            {words.resend.submit}
          </button>
        </form>
      )}
    </section>
  )
}

/** Internal notes: staff only, never shown or sent to the customer. */
export function NotesSection({booking, answer}: {booking: OfficeBookingView; answer: FormAnswer}) {
  const refused = answer.field === 'note'
  return (
    <section className={styles.panel} id="notes" aria-labelledby="booking-notes">
      <h2 id="booking-notes">{words.notesHeading}</h2>
      <p className={styles.help} id="note-help">
        {words.notesHelp}
      </p>
      {booking.notes.length === 0 ? (
        <p>{words.noNotes}</p>
      ) : (
        <ul className={styles.notes}>
          {booking.notes.map((note) => (
            <li key={note.id}>
              <strong>{note.staffName}</strong>{' '}
              <time className={styles.when} dateTime={note.createdAt}>
                {note.when}
              </time>
              <p className={styles.note}>{note.body}</p>
            </li>
          ))}
        </ul>
      )}
      <form method="post" action={`/office/bookings/${booking.id}/notes`}>
        <div className={styles.field}>
          <label htmlFor={REFUSED_FIELD_FOCUS.note}>{words.noteLabel}</label>
          <textarea
            id={REFUSED_FIELD_FOCUS.note}
            name="note"
            rows={3}
            required
            maxLength={2000}
            defaultValue={refused ? (answer.note ?? '') : ''}
            aria-invalid={refused || undefined}
            aria-describedby={refused ? 'note-help note-problem' : 'note-help'}
          />
          <FieldProblem answer={answer} field="note" id="note-problem" />
        </div>
        {refused ? <FocusElement targetId={REFUSED_FIELD_FOCUS.note} /> : null}
        <button type="submit" className={styles.button}>
          {words.addNote}
        </button>
      </form>
    </section>
  )
}
