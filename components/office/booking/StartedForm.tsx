import type {StoredBooking} from '@/lib/booking/store/store'
import {formatCompanyDateTime} from '@/lib/format'
import {startedRefusal} from '@/lib/office/bookings/mark-started'
import {startedWords as words} from '@/lib/office/bookings/words'
import styles from './booking.module.css'

/**
 * "Mark started": the crew set off. Says whether the customer is texted (their consent
 * to texts); the form posts to ./started and comes back with the outcome like the other actions.
 */
export function StartedForm({booking, now}: {booking: StoredBooking; now: Date}) {
  const refusal = startedRefusal(booking, now)
  return (
    <section className={styles.panel} aria-labelledby="booking-started">
      <h2 id="booking-started">{words.heading}</h2>
      <p className={styles.help}>{booking.smsConsentAt ? words.consented : words.noConsent}</p>
      {refusal === 'started' && booking.startedAt ? (
        <p>{words.startedAt(formatCompanyDateTime(booking.startedAt))}</p>
      ) : refusal ? (
        <p>{words.refusal[refusal]}</p>
      ) : (
        <form method="post" action={`/office/bookings/${booking.id}/started`}>
          <p className={styles.help}>{words.help}</p>
          <button type="submit" className={styles.button}>
            {words.submit}
          </button>
        </form>
      )}
    </section>
  )
}
