import type {StoredBooking} from '@/lib/booking/store/store'
import {formatUsd} from '@/lib/booking/money'
import {refundableCents} from '@/lib/office/money'
import {CANCEL_FIELD_PROBLEMS, CANCEL_PROBLEM_PREFIX, CANCEL_SECTION} from '@/lib/office/money-routes'
import {FocusElement, FocusOnArrival} from './FocusOnArrival'
import {MONEY_WORDS} from '@/lib/office/words'
import styles from './CancelBookingForm.module.css'

type Search = Record<string, string | string[] | undefined>

function one(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value
  return typeof first === 'string' ? first : null
}

/** "$218.65" as typed back into the field: dollars and cents, no sign or separators. */
function dollars(cents: number): string {
  return (cents / 100).toFixed(2)
}

/**
 * The booking page's cancel action: a plain form posting to /office/bookings/[id]/cancel (works
 * without JavaScript), the refund in dollars from 0 to what was paid, prefilled with the full
 * amount. The route answers 303 back with `?done=cancelled` or `?problem=…&amount=<typed>`: a
 * problem with the amount is shown beside the field, with what was typed kept.
 */
export function CancelBookingForm({
  booking,
  searchParams = {},
}: {
  booking: Pick<StoredBooking, 'id' | 'paymentStatus' | 'amountCents' | 'refundedCents' | 'cancelledAt' | 'cancellationRequestedAt'>
  searchParams?: Search
}) {
  const w = MONEY_WORDS.cancel
  const rawProblem = one(searchParams.problem)
  // Only this form's problems (the page's other forms have their own).
  const problem = rawProblem?.startsWith(CANCEL_PROBLEM_PREFIX) ? rawProblem.slice(CANCEL_PROBLEM_PREFIX.length) : null
  const done = one(searchParams.done) === 'cancelled'

  if (booking.cancelledAt) {
    return (
      <section id={CANCEL_SECTION.section} className={styles.panel} aria-labelledby="cancel-heading">
        <h2 id="cancel-heading" className={styles.heading}>
          {w.heading}
        </h2>
        {done ? (
          <FocusOnArrival id={CANCEL_SECTION.outcome} role="status" className={styles.done}>
            {booking.refundedCents > 0 ? MONEY_WORDS.cancelDone(formatUsd(booking.refundedCents)) : MONEY_WORDS.cancelDoneNoRefund}
          </FocusOnArrival>
        ) : (
          <p className={styles.note}>{w.alreadyCancelled(formatUsd(booking.refundedCents))}</p>
        )}
      </section>
    )
  }
  if (booking.paymentStatus !== 'paid') {
    return (
      <section id={CANCEL_SECTION.section} className={styles.panel} aria-labelledby="cancel-heading">
        <h2 id="cancel-heading" className={styles.heading}>
          {w.heading}
        </h2>
        <p className={styles.note}>{w.notPaid}</p>
      </section>
    )
  }

  const refundable = refundableCents(booking)
  const refundableText = formatUsd(refundable)
  const fieldProblem = problem && CANCEL_FIELD_PROBLEMS.has(problem) ? problem : null
  const formProblem = problem && !fieldProblem ? problem : null
  const typed = one(searchParams.amount)
  const providerMessage = one(searchParams.message)
  const problems = MONEY_WORDS.cancelProblems
  const fieldMessage = fieldProblem === 'tooMuch' ? problems.tooMuch(refundableText) : fieldProblem ? problems[fieldProblem as 'required' | 'format'] : null
  const formMessage = formProblem ? ((problems as Record<string, unknown>)[formProblem] as string | undefined) ?? problems.not_found : null

  return (
    <section id={CANCEL_SECTION.section} className={styles.panel} aria-labelledby="cancel-heading">
      <details className={styles.details} open={Boolean(problem) || Boolean(booking.cancellationRequestedAt)}>
        <summary className={styles.summary}>
          <h2 id="cancel-heading" className={styles.heading}>
            {w.heading}
          </h2>
        </summary>
        {booking.cancellationRequestedAt ? <p className={styles.request}>{w.requestNote}</p> : null}
        <p className={styles.note}>{w.intro}</p>
        {formMessage ? (
          <FocusOnArrival id={CANCEL_SECTION.outcome} role="alert" className={styles.alert}>
            <p>{formMessage}</p>
            {formProblem === 'refund_refused' && providerMessage ? <p className={styles.provider}>{providerMessage}</p> : null}
          </FocusOnArrival>
        ) : null}
        <form method="post" action={`/office/bookings/${encodeURIComponent(booking.id)}/cancel`} className={styles.form} noValidate>
          <div className={styles.field}>
            <label htmlFor={CANCEL_SECTION.amount} className={styles.label}>
              {w.amountLabel}
            </label>
            <p id="cancel-amount-hint" className={styles.hint}>
              {w.amountHint(refundableText)}
            </p>
            <div className={styles.amount}>
              <span aria-hidden="true" className={styles.currency}>
                $
              </span>
              <input
                id={CANCEL_SECTION.amount}
                name="amount"
                type="text"
                inputMode="decimal"
                autoComplete="off"
                required
                defaultValue={typed ?? dollars(refundable)}
                aria-invalid={fieldMessage ? true : undefined}
                aria-describedby={fieldMessage ? 'cancel-amount-hint cancel-amount-error' : 'cancel-amount-hint'}
                className={styles.input}
              />
            </div>
            {fieldMessage ? (
              <>
                <p id="cancel-amount-error" className={styles.error}>
                  {fieldMessage}
                </p>
                <FocusElement targetId={CANCEL_SECTION.amount} />
              </>
            ) : null}
          </div>
          <button type="submit" className={styles.button}>
            {w.submit}
          </button>
        </form>
      </details>
    </section>
  )
}
