import {formatDate} from '@/lib/format'
import styles from './BookingSummaryList.module.css'

export type BookingSummaryListProps = {
  /** The booking's short reference ('3F9A-2B1C'), as the confirmation e-mail gives it. */
  reference?: string
  service: string
  /** YYYY-MM-DD or null. */
  date: string | null
  /** '8:00 AM – 10:00 AM' or null. */
  arrivalWindow?: string | null
  location: string | null
  /** '$60.00' */
  total: string
  /** 'Total paid' once paid, 'Total' before. */
  totalLabel: string
}

/**
 * Reference, service, date, arrival window, location and total of a booking, as a description list. Nothing
 * personal. The total in the page's normal emphasis: this is a record, not a warning.
 */
export function BookingSummaryList({reference, service, date, arrivalWindow, location, total, totalLabel}: BookingSummaryListProps) {
  return (
    <dl className={styles.list}>
      {reference ? (
        <div className={styles.row}>
          <dt>Reference</dt>
          <dd className={styles.reference}>{reference}</dd>
        </div>
      ) : null}
      <div className={styles.row}>
        <dt>Service</dt>
        <dd>{service}</dd>
      </div>
      {date ? (
        <div className={styles.row}>
          <dt>Date</dt>
          <dd>
            <time dateTime={date}>{formatDate(date)}</time>
          </dd>
        </div>
      ) : null}
      {arrivalWindow ? (
        <div className={styles.row}>
          <dt>Arrival window</dt>
          <dd>{arrivalWindow}</dd>
        </div>
      ) : null}
      {location ? (
        <div className={styles.row}>
          <dt>Location</dt>
          <dd>{location}</dd>
        </div>
      ) : null}
      <div className={`${styles.row} ${styles.total}`}>
        <dt>{totalLabel}</dt>
        <dd className={styles.amount}>{total}</dd>
      </div>
    </dl>
  )
}
