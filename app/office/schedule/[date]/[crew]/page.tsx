import type {Metadata} from 'next'
import Link from 'next/link'
import {notFound} from 'next/navigation'
import {BookingStatus} from '@/components/office/BookingStatus'
import {PrintButton} from '@/components/office/PrintButton'
import styles from '@/components/office/DaySheet.module.css'
import {CREW_NAMES, SERVICE_FAMILIES, type ServiceFamily} from '@/lib/booking/availability'
import {formatPhone, telHref} from '@/lib/format'
import {readDaySheet} from '@/lib/office/booking-lists'
import {officeListDeps} from '@/lib/office/booking-lists-server'
import {requireCrewPage, requireStaffPage} from '@/lib/office/page-access'
import {formatScheduleDate, isScheduleDate} from '@/lib/office/schedule'
import {BOOKING_LIST_WORDS} from '@/lib/office/words'

const WORDS = BOOKING_LIST_WORDS.daySheet

type Params = Promise<{date: string; crew: string}>

function crewOf(value: string): ServiceFamily | null {
  return (SERVICE_FAMILIES as readonly string[]).includes(value) ? (value as ServiceFamily) : null
}

export async function generateMetadata({params}: {params: Params}): Promise<Metadata> {
  const {date, crew} = await params
  const family = crewOf(crew)
  return {title: family && isScheduleDate(date) ? WORDS.title(BOOKING_LIST_WORDS.crews[family], date) : BOOKING_LIST_WORDS.schedule.daySheet}
}

/**
 * A crew's day sheet for the clipboard: the day's jobs window by window, with what the crew needs at
 * the door (address, phones, how to get in, notes). Printed with the browser (print styles: no
 * navigation, black on white, a job never split across pages).
 */
export default async function DaySheetPage({params}: {params: Params}) {
  const {date, crew: crewParam} = await params
  const crew = crewOf(crewParam)
  // A crew member opens only their own crew's day (403 for another's, before knowing it exists).
  await (crew ? requireCrewPage(crew) : requireStaffPage('crew'))
  if (!crew || !isScheduleDate(date)) notFound()
  const windows = await readDaySheet(await officeListDeps(), crew, date)

  return (
    <article className={styles.sheet}>
      <div className={styles.tools}>
        <Link href={`/office?date=${date}&crew=${crew}`}>{WORDS.back}</Link>
        <PrintButton label={WORDS.print} className={styles.print} />
      </div>
      <h1 className={styles.title}>
        {CREW_NAMES[crew]}
        <span className={styles.date}>{formatScheduleDate(date)}</span>
      </h1>
      {windows.length === 0 && <p>{WORDS.nothing}</p>}
      {windows.map((window) => (
        <section key={window.window} className={styles.window} aria-labelledby={`window-${window.window || 'none'}`}>
          <h2 id={`window-${window.window || 'none'}`} className={styles.windowHeading}>
            {window.window ? WORDS.window(window.start, window.end) : WORDS.noWindow}
          </h2>
          {window.bookings.map((booking) => (
            <section key={booking.id} className={styles.job} aria-labelledby={`job-${booking.id}`}>
              <h3 id={`job-${booking.id}`} className={styles.jobHeading}>
                {booking.customer} <span className={styles.reference}>{booking.reference}</span> <BookingStatus status={booking.status} />
              </h3>
              <p className={styles.service}>{booking.service}</p>
              <dl className={styles.facts}>
                <dt>{WORDS.address}</dt>
                <dd>{booking.address}</dd>
                <dt>{WORDS.phone}</dt>
                <dd>
                  <a href={telHref(booking.phone)}>{formatPhone(booking.phone)}</a>
                </dd>
                <dt>{WORDS.email}</dt>
                <dd>{booking.email}</dd>
                <dt>{WORDS.access}</dt>
                <dd>
                  {booking.access.length === 0 ? (
                    WORDS.noAccess
                  ) : (
                    <ul className={styles.access}>
                      {booking.access.map((answer) => (
                        <li key={answer.question}>
                          {answer.question}: <strong>{answer.answer}</strong>
                        </li>
                      ))}
                    </ul>
                  )}
                </dd>
                {booking.notes && (
                  <>
                    <dt>{WORDS.notes}</dt>
                    <dd className={styles.notes}>{booking.notes}</dd>
                  </>
                )}
              </dl>
            </section>
          ))}
        </section>
      ))}
    </article>
  )
}
