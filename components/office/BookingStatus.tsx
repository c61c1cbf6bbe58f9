import type {OfficeBookingStatus} from '@/lib/office/bookings/status'
import type {PaymentState} from '@/lib/office/bookings/payment-state'
import {BOOKING_LIST_WORDS, PAYMENT_STATE_WORDS} from '@/lib/office/bookings/words'
import styles from './BookingStatus.module.css'

/**
 * A booking's office status as a label; its colour repeats the word, never replaces it. With the
 * payment's state beside it when that says more than the status ("Cancelled" and "Refunded", "Done"
 * and "Partly refunded"); a status that is "Paid" with nothing refunded says it once.
 */
export function BookingStatus({status, payment = null}: {status: OfficeBookingStatus; payment?: PaymentState | null}) {
  const label = <span className={`${styles.status} ${styles[status]}`}>{BOOKING_LIST_WORDS.statuses[status]}</span>
  if (!payment || (payment === 'paid' && status === 'paid')) return label
  return (
    <span className={styles.pair}>
      {label} <span className={`${styles.status} ${styles.payment}`}>{PAYMENT_STATE_WORDS.states[payment]}</span>
    </span>
  )
}
