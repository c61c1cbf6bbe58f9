import Link from 'next/link'
import {formatUsd} from '@/lib/booking/money'
import type {ScheduleBooking, ScheduleCrewDay, ScheduleDay} from '@/lib/office/schedule/rules'
import {formatScheduleDate} from '@/lib/office/schedule/rules'
import {BOOKING_LIST_WORDS} from '@/lib/office/bookings/words'
import {BookingStatus} from './BookingStatus'
import styles from './Schedule.module.css'

const WORDS = BOOKING_LIST_WORDS.schedule

type Level = 2 | 3 | 4 | 5

function Heading({level, className, id, children}: {level: Level; className?: string; id?: string; children: React.ReactNode}) {
  const Tag = `h${level}` as const
  return (
    <Tag className={className} id={id}>
      {children}
    </Tag>
  )
}

function BookingLine({booking}: {booking: ScheduleBooking}) {
  return (
    <li className={styles.booking}>
      <Link href={`/office/bookings/${booking.id}`} className={styles.bookingLink}>
        <span className={styles.reference}>{booking.reference}</span>
        <span className={styles.customer}>{booking.customer}</span>
        <span>{booking.service}</span>
        {booking.town && <span>{booking.town}</span>}
        <span className={styles.total}>{formatUsd(booking.totalCents)}</span>
      </Link>
      <BookingStatus status={booking.status} payment={booking.payment} />
    </li>
  )
}

function jobsOf(crew: ScheduleCrewDay): number {
  return crew.windows.reduce((count, window) => count + window.bookings.length, 0) + crew.withoutWindow.length
}

function emptyWindowsOf(crew: ScheduleCrewDay): ScheduleCrewDay['windows'] {
  return crew.closed ? [] : crew.windows.filter((window) => window.bookings.length === 0)
}

/**
 * One day of the schedule: each crew (closed, or window by window with places and bookings).
 * `headingLevel` 2 in the week view (the day is a heading); the day view's date is the page's h1.
 * The week view is an agenda on a phone: windows without jobs are summed up in one line per crew
 * (and a day without jobs in one line), so a week of a few jobs is a few screens, not dozens. Only
 * the layout changes (CSS); every window and its places stay in the page for wider screens.
 */
export function ScheduleDayView({day, headingLevel}: {day: ScheduleDay; headingLevel?: 2}) {
  const crewLevel: Level = headingLevel ? 3 : 2
  const windowLevel = (crewLevel + 1) as Level
  const agenda = headingLevel === 2
  const quiet = agenda && day.crews.every((crew) => jobsOf(crew) === 0)
  const allClosed = day.crews.every((crew) => crew.closed)
  return (
    <section
      className={agenda ? `${styles.day} ${styles.agenda}` : styles.day}
      aria-label={headingLevel ? undefined : formatScheduleDate(day.date)}
      aria-labelledby={headingLevel ? `day-${day.date}` : undefined}
    >
      {headingLevel && (
        <Heading level={2} className={styles.dayHeading} id={`day-${day.date}`}>
          {formatScheduleDate(day.date)}
        </Heading>
      )}
      {quiet && (
        <p className={`${styles.muted} ${styles.phoneOnly}`}>
          {allClosed ? WORDS.closedDay : WORDS.dayWithoutJobs(day.crews.reduce((count, crew) => count + emptyWindowsOf(crew).length, 0))}
        </p>
      )}
      <div className={quiet ? `${styles.crews} ${styles.quietDay}` : styles.crews}>
        {day.crews.map((crew) => (
          // In the week view each crew's region is named with its day too: seven "House and carpet" regions could not be told apart.
          <section key={crew.crew} className={styles.crew} aria-labelledby={agenda ? `crew-${day.date}-${crew.crew} day-${day.date}` : `crew-${day.date}-${crew.crew}`}>
            <div className={styles.crewHead}>
              <Heading level={crewLevel} id={`crew-${day.date}-${crew.crew}`}>
                {crew.name}
                {crew.closed && <span className={styles.closedTag}> — {WORDS.closed}</span>}
              </Heading>
              <Link href={`/office/schedule/${day.date}/${crew.crew}`} className={styles.sheetLink} aria-label={WORDS.daySheetFor(BOOKING_LIST_WORDS.crews[crew.crew])}>
                {WORDS.daySheet}
              </Link>
            </div>
            {crew.closed && crew.windows.length === 0 && <p className={styles.muted}>{WORDS.closedDay}</p>}
            {!crew.closed && crew.windows.length === 0 && <p className={styles.muted}>{WORDS.noWindows}</p>}
            {crew.windows.map((window) => (
              <div key={window.window} className={window.bookings.length === 0 ? `${styles.window} ${styles.emptyWindow}` : styles.window} data-window={window.window}>
                <Heading level={windowLevel} className={styles.windowHeading}>
                  {window.start}–{window.end}
                  <span className={styles.places} data-places-free={window.free}>
                    {window.capacity > 0 ? WORDS.places(window.taken, window.free, window.capacity) : WORDS.placesNotOffered(window.taken)}
                  </span>
                </Heading>
                {window.bookings.length === 0 ? (
                  <p className={styles.muted}>{WORDS.noBookings}</p>
                ) : (
                  <ul className={styles.bookings}>
                    {window.bookings.map((booking) => (
                      <BookingLine key={booking.id} booking={booking} />
                    ))}
                  </ul>
                )}
              </div>
            ))}
            {crew.withoutWindow.length > 0 && (
              <div className={styles.window}>
                <Heading level={windowLevel} className={styles.windowHeading}>
                  {WORDS.withoutWindow}
                </Heading>
                <ul className={styles.bookings}>
                  {crew.withoutWindow.map((booking) => (
                    <BookingLine key={booking.id} booking={booking} />
                  ))}
                </ul>
              </div>
            )}
            {agenda && emptyWindowsOf(crew).length > 0 && (
              <p className={`${styles.muted} ${styles.phoneOnly} ${styles.freeWindows}`}>{WORDS.windowsFree(emptyWindowsOf(crew).map((window) => `${window.start}–${window.end}`))}</p>
            )}
          </section>
        ))}
      </div>
    </section>
  )
}
