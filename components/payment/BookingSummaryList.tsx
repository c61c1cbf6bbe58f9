import {formatDate} from '@/lib/format'
import styles from './BookingSummaryList.module.css'

export type BookingSummaryListProps = {
  service: string
  /** YYYY-MM-DD or null. */
  date: string | null
  location: string | null
  /** '$60.00' */
  total: string
  /** 'Total paid' once paid, 'Total' before. */
  totalLabel: string
}

/** Service, date, location and total of a booking, as a description list. Nothing personal. */
export function BookingSummaryList({service, date, location, total, totalLabel}: BookingSummaryListProps) {
  return (
    <dl className={styles.list}>
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
      {location ? (
        <div className={styles.row}>
          <dt>Location</dt>
          <dd>{location}</dd>
        </div>
      ) : null}
      <div className={`${styles.row} ${styles.total}`}>
        <dt>{totalLabel}</dt>
        <dd className="money">{total}</dd>
      </div>
    </dl>
  )
}
