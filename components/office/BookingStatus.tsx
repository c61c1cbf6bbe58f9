import type {OfficeBookingStatus} from '@/lib/office/booking-status'
import {BOOKING_LIST_WORDS} from '@/lib/office/words'
import styles from './BookingStatus.module.css'

/** A booking's office status as a label; its colour repeats the word, never replaces it. */
export function BookingStatus({status}: {status: OfficeBookingStatus}) {
  return <span className={`${styles.status} ${styles[status]}`}>{BOOKING_LIST_WORDS.statuses[status]}</span>
}
