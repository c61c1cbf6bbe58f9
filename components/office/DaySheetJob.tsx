import Link from 'next/link'
import {BookingStatus} from '@/components/office/BookingStatus'
import styles from '@/components/office/DaySheet.module.css'
import {formatCompanyTime, formatPhone, telHref} from '@/lib/format'
import {outcomeRefusal} from '@/lib/office/bookings/actions'
import {startedRefusal} from '@/lib/office/bookings/mark-started'
import type {DaySheetBooking} from '@/lib/office/schedule/rules'
import {BOOKING_LIST_WORDS} from '@/lib/office/bookings/words'

const WORDS = BOOKING_LIST_WORDS.daySheet

function Details({heading, id, details}: {heading: string; id: string; details: {label: string; value: string}[]}) {
  return (
    <div role="group" className={styles.part} aria-labelledby={id}>
      <h4 id={id} className={styles.partHeading}>
        {heading}
      </h4>
      {details.length === 0 ? (
        <p>{WORDS.noAccess}</p>
      ) : (
        <dl className={styles.facts}>
          {details.map((detail) => (
            <div key={detail.label} className={styles.fact}>
              <dt>{detail.label}</dt>
              <dd>{detail.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  )
}

/**
 * One job of a crew's day sheet: who and where (a maps link, a tap-to-call phone), the job as the
 * form collected it, how to get in, the notes, and Started / Done. Started shows on the visit's day
 * until pressed, Done once the window has begun (the rules of the booking page); after, the time it
 * was started and the outcome. Both post to the booking's own routes, with `back` naming this sheet.
 * No amounts: crews see none. The link to the booking page only for the office (`bookingLink`).
 */
export function DaySheetJob({booking, now, back, bookingLink}: {booking: DaySheetBooking; now: Date; back: string; bookingLink: boolean}) {
  const started = startedRefusal(booking.visit, now)
  const canMarkDone = booking.visit.outcome === null && outcomeRefusal(booking.visit, now) === null
  const heading = `job-${booking.id}`
  return (
    <section className={styles.job} aria-labelledby={heading} data-job={booking.reference}>
      <h3 id={heading} className={styles.jobHeading}>
        {booking.customer} <span className={styles.reference}>{booking.reference}</span> <BookingStatus status={booking.status} />
      </h3>
      <p className={styles.service}>{booking.service}</p>
      <p>
        <span className={styles.label}>{WORDS.address}: </span>
        {booking.address}
      </p>
      <p className={styles.reach}>
        <a href={booking.mapUrl} className={`${styles.link} ${styles.screenOnly}`}>
          {WORDS.map}
        </a>
        <span>
          <span className={styles.label}>{WORDS.phone}: </span>
          <a href={telHref(booking.phone)} className={styles.link} aria-label={WORDS.call(formatPhone(booking.phone))}>
            {formatPhone(booking.phone)}
          </a>
        </span>
      </p>
      <Details heading={WORDS.job} id={`${heading}-job`} details={booking.job} />
      <Details heading={WORDS.access} id={`${heading}-access`} details={booking.access} />
      {booking.notes && (
        <div role="group" className={styles.part} aria-labelledby={`${heading}-notes`}>
          <h4 id={`${heading}-notes`} className={styles.partHeading}>
            {WORDS.notes}
          </h4>
          <p className={styles.notes}>{booking.notes}</p>
        </div>
      )}
      <div className={styles.actions}>
        {started === 'started' && booking.visit.startedAt ? (
          <p className={styles.state}>{WORDS.startedAt(formatCompanyTime(booking.visit.startedAt))}</p>
        ) : started === null ? (
          <form method="post" action={`/office/bookings/${booking.id}/started`} className={styles.actionForm}>
            <input type="hidden" name="back" value={back} />
            <button type="submit" className={styles.button}>
              {WORDS.markStarted}
            </button>
          </form>
        ) : null}
        {booking.visit.outcome ? (
          <p className={styles.state}>{WORDS.outcome[booking.visit.outcome]}</p>
        ) : canMarkDone ? (
          <form method="post" action={`/office/bookings/${booking.id}/outcome`} className={styles.actionForm}>
            <input type="hidden" name="back" value={back} />
            <button type="submit" name="outcome" value="done" className={styles.button}>
              {WORDS.markDone}
            </button>
          </form>
        ) : null}
        {bookingLink && (
          <Link href={`/office/bookings/${booking.id}`} prefetch={false} className={`${styles.link} ${styles.screenOnly}`}>
            {WORDS.bookingPage(booking.reference)}
          </Link>
        )}
      </div>
    </section>
  )
}
