import type {StoredBooking} from '@/lib/booking/store/store'
import {formatUsd} from '@/lib/booking/money'
import {REFUND_REASONS, REFUND_REASON_MAX, refundableCents} from '@/lib/office/money/actions'
import {checkRefundForm, isRefundKey, REFUND_FIELD_OF_PROBLEM, REFUND_FIELDS, REFUND_PROBLEM_PREFIX, REFUND_SECTION, refundTyped, type RefundTyped} from '@/lib/office/money/routes'
import {MONEY_WORDS} from '@/lib/office/money/words'
import {ConfirmStep} from './ConfirmStep'
import {DollarsInput, MoneyPanel} from './MoneyPanel'
import {FocusElement, FocusOnArrival} from './FocusOnArrival'
import styles from './CancelBookingForm.module.css'

type Search = Record<string, string | string[] | undefined>

function one(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value
  return typeof first === 'string' ? first : null
}

/** A problem's words (some name what is left). */
function problemText(problem: string, left: string): string {
  const words = MONEY_WORDS.refundProblems[problem] ?? MONEY_WORDS.refundProblems.not_found
  return typeof words === 'function' ? words(left) : words
}

/** The reason as the confirmation says it: the listed reason's words, or what was typed. */
function reasonText(typed: RefundTyped): string {
  return typed.reason === 'other' ? typed.other.trim().replace(/\s+/g, ' ') : (MONEY_WORDS.refund.reasons[typed.reason] ?? '')
}

/** The refund form's fields as typed, for a form that posts them again (the reason typed only with 'other'). */
function typedFields(typed: RefundTyped): Record<string, string> {
  return {
    [REFUND_FIELDS.amount]: typed.amount,
    [REFUND_FIELDS.reason]: typed.reason,
    ...(typed.reason === 'other' ? {[REFUND_FIELDS.other]: typed.other} : {}),
  }
}

/**
 * The booking page's Refund action (the owner only; the page shows it to nobody else): part or all
 * of what is left of the payment, the visit kept, with a reason the customer's e-mail states. Two
 * steps that work without JavaScript: the form posts to /office/bookings/[id]/refund, which checks
 * it and answers with this page's confirmation (`?confirm=refund&…`), carrying a one-time key made
 * for it; its Confirm posts the refund with the key (a second click or a replay of the same
 * confirmation refunds once), Back returns to the form with what was typed kept. The route answers
 * 303 back with `?done=refunded` or `?problem=refund-…`.
 */
export function RefundBookingForm({
  booking,
  searchParams = {},
  formKey,
}: {
  booking: Pick<StoredBooking, 'id' | 'paymentStatus' | 'amountCents' | 'refundedCents' | 'firstName' | 'lastName'>
  searchParams?: Search
  /** A key made for this showing of the page (a random UUID): the confirmation's one-time key. */
  formKey: string
}) {
  const w = MONEY_WORDS.refund
  if (booking.paymentStatus !== 'paid') return null
  const rawProblem = one(searchParams.problem)
  const problem = rawProblem?.startsWith(REFUND_PROBLEM_PREFIX) ? rawProblem.slice(REFUND_PROBLEM_PREFIX.length) : null
  const done = one(searchParams.done) === 'refunded'
  const left = refundableCents(booking)
  const leftText = formatUsd(left)
  const hasTyped = searchParams[REFUND_FIELDS.amount] !== undefined
  const typed = refundTyped((name) => one(searchParams[name]))
  const confirming = one(searchParams.confirm) === 'refund' && !problem
  // The confirmation checks what was typed as the route will, against what is left now.
  const checked = confirming ? checkRefundForm(typed, left) : null
  const shownProblem = problem ?? (checked && !checked.ok ? checked.problem : null)
  const field = shownProblem ? REFUND_FIELD_OF_PROBLEM[shownProblem] : undefined
  const action = `/office/bookings/${encodeURIComponent(booking.id)}`
  const customer = `${booking.firstName} ${booking.lastName}`.trim()
  const refundedNote = Number(one(searchParams.refunded))

  const outcome = done ? (
    <FocusOnArrival id={REFUND_SECTION.outcome} role="status" className={styles.done}>
      {MONEY_WORDS.refundDone(formatUsd(Number.isSafeInteger(refundedNote) && refundedNote > 0 ? refundedNote : 0))}
    </FocusOnArrival>
  ) : null

  if (left === 0) {
    return (
      <MoneyPanel section={REFUND_SECTION.section} headingId="refund-heading" heading={w.heading}>
        {outcome}
        <p className={styles.note}>{w.nothingLeft(formatUsd(booking.refundedCents))}</p>
      </MoneyPanel>
    )
  }

  if (checked?.ok) {
    const back = `${action}?${new URLSearchParams(typedFields(typed)).toString()}#${REFUND_SECTION.section}`
    return (
      <MoneyPanel section={REFUND_SECTION.section} headingId="refund-heading" heading={w.confirmHeading}>
        <ConfirmStep
          id={REFUND_SECTION.confirm}
          question={w.confirmQuestion(formatUsd(checked.amountCents), customer, reasonText(typed))}
          note={w.confirmNote}
          action={`${action}/refund`}
          // This confirmation's own key: its refund is made once however often it is posted.
          fields={{...typedFields(typed), [REFUND_FIELDS.key]: formKey}}
          confirmLabel={w.confirm}
          backHref={back}
          backLabel={w.back}
          buttonClassName={`${styles.button} ${styles.secondary}`}
        />
      </MoneyPanel>
    )
  }

  const fieldMessage = field ? problemText(shownProblem!, leftText) : null
  const formMessage = shownProblem && !field ? problemText(shownProblem, leftText) : null
  const providerMessage = one(searchParams.message)
  const keyAgain = one(searchParams[REFUND_FIELDS.key])
  const pendingKey = (shownProblem === 'provider_unreachable' || shownProblem === 'in_progress') && isRefundKey(keyAgain) ? keyAgain : null
  const errorId = field ? `refund-${field}-error` : undefined
  const describedBy = (hint: string | null, name: keyof typeof REFUND_SECTION) => [hint, field === name ? errorId : null].filter(Boolean).join(' ') || undefined
  const chosen = typed.reason

  return (
    <section id={REFUND_SECTION.section} className={styles.panel} aria-labelledby="refund-heading">
      {outcome}
      <details className={styles.details} open={Boolean(shownProblem) || hasTyped}>
        <summary className={styles.summary}>
          <h2 id="refund-heading" className={styles.heading}>
            {w.heading}
          </h2>
        </summary>
        <p className={styles.note}>{w.intro}</p>
        {formMessage ? (
          <FocusOnArrival id={done ? undefined : REFUND_SECTION.outcome} role="alert" className={styles.alert}>
            <p>{formMessage}</p>
            {shownProblem === 'refund_refused' && providerMessage ? <p className={styles.provider}>{providerMessage}</p> : null}
          </FocusOnArrival>
        ) : null}
        {pendingKey ? (
          // The refund whose outcome is not known yet, offered again with its own key: the provider answers it, never makes a second.
          <form method="post" action={`${action}/refund`} className={styles.actions}>
            {Object.entries({...typedFields(typed), [REFUND_FIELDS.key]: pendingKey}).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className={`${styles.button} ${styles.secondary}`}>
              {w.sendAgain}
            </button>
          </form>
        ) : null}
        {/* Its post is checked and answered with the confirmation below; nothing is refunded until that is confirmed. */}
        <form method="post" action={`${action}/refund`} className={styles.form} noValidate>
          <div className={styles.field}>
            <label htmlFor={REFUND_SECTION.amount} className={styles.label}>
              {w.amountLabel}
            </label>
            <p id="refund-amount-hint" className={styles.hint}>
              {w.amountHint(leftText)}
            </p>
            <DollarsInput
              id={REFUND_SECTION.amount}
              name={REFUND_FIELDS.amount}
              defaultValue={hasTyped ? typed.amount : ''}
              invalid={field === 'amount'}
              describedBy={describedBy('refund-amount-hint', 'amount')}
            />
            {field === 'amount' ? (
              <p id={errorId} className={styles.error}>
                {fieldMessage}
              </p>
            ) : null}
          </div>
          <fieldset
            id={REFUND_SECTION.reason}
            tabIndex={-1}
            className={styles.reasons}
            aria-invalid={field === 'reason' ? true : undefined}
            aria-describedby={describedBy(null, 'reason')}
          >
            <legend>{w.reasonLegend}</legend>
            {REFUND_REASONS.map((code) => (
              <label key={code} className={styles.choice}>
                <input type="radio" name={REFUND_FIELDS.reason} value={code} defaultChecked={chosen === code} required />
                {w.reasons[code]}
              </label>
            ))}
            {field === 'reason' ? (
              <p id={errorId} className={styles.error}>
                {fieldMessage}
              </p>
            ) : null}
          </fieldset>
          <div className={styles.field}>
            <label htmlFor={REFUND_SECTION.other} className={styles.label}>
              {w.otherLabel}
            </label>
            <p id="refund-other-hint" className={styles.hint}>
              {w.otherHint}
            </p>
            <input
              id={REFUND_SECTION.other}
              name={REFUND_FIELDS.other}
              type="text"
              autoComplete="off"
              maxLength={REFUND_REASON_MAX}
              defaultValue={typed.other}
              aria-invalid={field === 'other' ? true : undefined}
              aria-describedby={describedBy('refund-other-hint', 'other')}
              className={`${styles.input} ${styles.wide}`}
            />
            {field === 'other' ? (
              <p id={errorId} className={styles.error}>
                {fieldMessage}
              </p>
            ) : null}
          </div>
          {field ? <FocusElement targetId={REFUND_SECTION[field]} /> : null}
          <button type="submit" className={`${styles.button} ${styles.secondary}`}>
            {w.review}
          </button>
        </form>
      </details>
    </section>
  )
}
