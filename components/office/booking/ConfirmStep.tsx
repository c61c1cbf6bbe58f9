import styles from './CancelBookingForm.module.css'
import {FocusOnArrival} from './FocusOnArrival'

/**
 * The confirmation of a money action (cancel, refund): the question saying what will happen, a
 * note, and Confirm (a plain form posting `fields` to `action`, so it works without JavaScript)
 * beside Back (a link to the form with what was typed). Focused when the page arrives.
 */
export function ConfirmStep({
  id,
  question,
  note,
  action,
  fields,
  confirmLabel,
  backHref,
  backLabel,
  buttonClassName,
}: {
  id: string
  question: string
  note: string
  action: string
  fields: Record<string, string>
  confirmLabel: string
  backHref: string
  backLabel: string
  buttonClassName: string
}) {
  return (
    <FocusOnArrival id={id} className={styles.confirm}>
      <p className={styles.question}>{question}</p>
      <p className={styles.note}>{note}</p>
      <form method="post" action={action} className={styles.actions}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className={buttonClassName}>
          {confirmLabel}
        </button>
        <a href={backHref} className={styles.back}>
          {backLabel}
        </a>
      </form>
    </FocusOnArrival>
  )
}
