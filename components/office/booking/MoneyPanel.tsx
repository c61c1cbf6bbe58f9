import type {ReactNode} from 'react'
import styles from './CancelBookingForm.module.css'

/** The cancel or refund panel of a booking in one of its steps: the step's heading, then the step. */
export function MoneyPanel({section, headingId, heading, children}: {section: string; headingId: string; heading: string; children: ReactNode}) {
  return (
    <section id={section} className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {heading}
      </h2>
      {children}
    </section>
  )
}

/** The amount of dollars to refund, as the office types it: "$", then the decimal text. */
export function DollarsInput({id, name, defaultValue, invalid, describedBy}: {id: string; name: string; defaultValue: string; invalid: boolean; describedBy: string | undefined}) {
  return (
    <div className={styles.amount}>
      <span aria-hidden="true" className={styles.currency}>
        $
      </span>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        required
        defaultValue={defaultValue}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        className={styles.input}
      />
    </div>
  )
}
