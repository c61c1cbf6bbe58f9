import styles from './BusyLabel.module.css'

/** A submit button's label while it works: a spinner (hidden from assistive technology) and the text. */
export function BusyLabel({children}: {children: string}) {
  return (
    <span className={styles.label}>
      <span className={styles.spinner} aria-hidden="true" />
      {children}
    </span>
  )
}
