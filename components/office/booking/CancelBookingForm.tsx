import type {StoredBooking} from '@/lib/booking/store/store'
import {formatUsd} from '@/lib/booking/money'
import {parseRefundAmount, refundableCents} from '@/lib/office/money/actions'
import {slotLabel} from '@/lib/booking/arrival-window'
import {CANCEL_FIELD_PROBLEMS, CANCEL_PROBLEM_PREFIX, CANCEL_SECTION, CONFIRMED_FIELD} from '@/lib/office/money/routes'
import {ConfirmStep} from './ConfirmStep'
import {DollarsInput, MoneyPanel} from './MoneyPanel'
import {FocusElement, FocusOnArrival} from './FocusOnArrival'
import {MONEY_WORDS} from '@/lib/office/money/words'
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
 * The booking page's cancel action, in two steps that work without JavaScript: the form posts to
 * /office/bookings/[id]/cancel, which checks it and answers with this page's confirmation
 * (`?confirm=cancel&amount=…`) saying what will happen; its Confirm posts again, confirmed; Back
 * returns to the form with the amount kept.
 * The owner types the refund, from 0 up to what is left (prefilled with all of it); an office
 * member cancels without a refund only (the route refuses them any refund as well). The route
 * answers 303 back with `?done=cancelled` or `?problem=…&amount=<typed>`: a problem with the
 * amount is shown beside the field, with what was typed kept.
 */
export function CancelBookingForm({
  booking,
  searchParams = {},
  canRefund,
}: {
  booking: Pick<
    StoredBooking,
    'id' | 'paymentStatus' | 'amountCents' | 'refundedCents' | 'cancelledAt' | 'cancellationRequestedAt' | 'firstName' | 'lastName' | 'date' | 'arrivalWindow'
  >
  searchParams?: Search
  /** Whether the member may refund (the owner). */
  canRefund: boolean
}) {
  const w = MONEY_WORDS.cancel
  const rawProblem = one(searchParams.problem)
  // Only this form's problems (the page's other forms have their own).
  const problem = rawProblem?.startsWith(CANCEL_PROBLEM_PREFIX) ? rawProblem.slice(CANCEL_PROBLEM_PREFIX.length) : null
  const done = one(searchParams.done) === 'cancelled'

  if (booking.cancelledAt) {
    return (
      <MoneyPanel section={CANCEL_SECTION.section} headingId="cancel-heading" heading={w.heading}>
        {done ? (
          <FocusOnArrival id={CANCEL_SECTION.outcome} role="status" className={styles.done}>
            {booking.refundedCents > 0 ? MONEY_WORDS.cancelDone(formatUsd(booking.refundedCents)) : MONEY_WORDS.cancelDoneNoRefund}
          </FocusOnArrival>
        ) : (
          <p className={styles.note}>{w.alreadyCancelled(formatUsd(booking.refundedCents))}</p>
        )}
      </MoneyPanel>
    )
  }
  if (booking.paymentStatus !== 'paid') {
    return (
      <MoneyPanel section={CANCEL_SECTION.section} headingId="cancel-heading" heading={w.heading}>
        <p className={styles.note}>{w.notPaid}</p>
      </MoneyPanel>
    )
  }

  const refundable = refundableCents(booking)
  const refundableText = formatUsd(refundable)
  // An office member's cancel is always without a refund, whatever the address says.
  const typed = canRefund ? one(searchParams.amount) : null
  const confirming = one(searchParams.confirm) === 'cancel'
  // The confirmation checks the amount as the route will; a refused one is said beside the field.
  const checked = confirming ? parseRefundAmount(canRefund ? (typed ?? '') : '0', refundable) : null
  const routeFieldProblem = problem && CANCEL_FIELD_PROBLEMS.has(problem) ? problem : null
  const fieldProblem = routeFieldProblem ?? (checked && !checked.ok ? checked.problem : null)
  const formProblem = problem && !routeFieldProblem ? problem : null
  const providerMessage = one(searchParams.message)
  const problems = MONEY_WORDS.cancelProblems
  const fieldMessage = fieldProblem === 'tooMuch' ? problems.tooMuch(refundableText) : fieldProblem ? problems[fieldProblem as 'required' | 'format'] : null
  const formMessage = formProblem ? ((problems as Record<string, unknown>)[formProblem] as string | undefined) ?? problems.not_found : null
  const action = `/office/bookings/${encodeURIComponent(booking.id)}`
  const customer = `${booking.firstName} ${booking.lastName}`.trim()
  const slot = booking.date ? slotLabel(booking.date, booking.arrivalWindow) : ''

  if (checked?.ok && !problem) {
    const back = `${action}?${new URLSearchParams(canRefund ? {amount: typed ?? ''} : {}).toString()}#${CANCEL_SECTION.section}`
    return (
      <MoneyPanel section={CANCEL_SECTION.section} headingId="cancel-heading" heading={w.confirmHeading}>
        <ConfirmStep
          id={CANCEL_SECTION.confirm}
          question={checked.cents > 0 ? w.confirmQuestion(customer, slot, formatUsd(checked.cents)) : w.confirmQuestionNoRefund(customer, slot)}
          note={w.confirmNote}
          action={`${action}/cancel`}
          fields={{amount: dollars(checked.cents), [CONFIRMED_FIELD]: 'yes'}}
          confirmLabel={w.confirm}
          backHref={back}
          backLabel={w.back}
          buttonClassName={styles.button}
        />
      </MoneyPanel>
    )
  }

  return (
    <section id={CANCEL_SECTION.section} className={styles.panel} aria-labelledby="cancel-heading">
      <details className={styles.details} open={Boolean(problem) || Boolean(fieldProblem) || typed !== null || Boolean(booking.cancellationRequestedAt)}>
        <summary className={styles.summary}>
          <h2 id="cancel-heading" className={styles.heading}>
            {w.heading}
          </h2>
        </summary>
        {booking.cancellationRequestedAt ? <p className={styles.request}>{w.requestNote}</p> : null}
        <p className={styles.note}>{canRefund ? w.intro : w.officeIntro}</p>
        {formMessage ? (
          <FocusOnArrival id={CANCEL_SECTION.outcome} role="alert" className={styles.alert}>
            <p>{formMessage}</p>
            {formProblem === 'refund_refused' && providerMessage ? <p className={styles.provider}>{providerMessage}</p> : null}
          </FocusOnArrival>
        ) : null}
        {/* Its post is checked and answered with the confirmation below; nothing changes until that is confirmed. */}
        <form method="post" action={`${action}/cancel`} className={styles.form} noValidate>
          {canRefund ? (
            <div className={styles.field}>
              <label htmlFor={CANCEL_SECTION.amount} className={styles.label}>
                {w.amountLabel}
              </label>
              <p id="cancel-amount-hint" className={styles.hint}>
                {booking.refundedCents > 0 ? w.amountHintLeft(refundableText, formatUsd(booking.amountCents)) : w.amountHint(refundableText)}
              </p>
              <DollarsInput
                id={CANCEL_SECTION.amount}
                name="amount"
                defaultValue={typed ?? dollars(refundable)}
                invalid={Boolean(fieldMessage)}
                describedBy={fieldMessage ? 'cancel-amount-hint cancel-amount-error' : 'cancel-amount-hint'}
              />
              {fieldMessage ? (
                <>
                  <p id="cancel-amount-error" className={styles.error}>
                    {fieldMessage}
                  </p>
                  <FocusElement targetId={CANCEL_SECTION.amount} />
                </>
              ) : null}
            </div>
          ) : (
            <input type="hidden" name="amount" value="0" />
          )}
          <button type="submit" className={styles.button}>
            {canRefund ? w.review : w.officeSubmit}
          </button>
        </form>
      </details>
    </section>
  )
}
