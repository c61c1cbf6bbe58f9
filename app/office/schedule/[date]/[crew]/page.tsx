import type {Metadata} from 'next'
import {headers} from 'next/headers'
import Link from 'next/link'
import {notFound} from 'next/navigation'
import {DaySheetJob} from '@/components/office/DaySheetJob'
import {PrintButton} from '@/components/office/PrintButton'
import styles from '@/components/office/DaySheet.module.css'
import {CREW_NAMES, SERVICE_FAMILIES, type ServiceFamily} from '@/lib/booking/availability'
import {readDaySheet} from '@/lib/office/bookings/lists'
import {officeListDeps} from '@/lib/office/bookings/lists-server'
import {requireCrewPage, requireStaffPage} from '@/lib/office/access/page'
import {formatScheduleDate, isScheduleDate} from '@/lib/office/schedule/rules'
import {hasRole} from '@/lib/office/access/roles'
import {BOOKING_LIST_WORDS, bookingWords, startedWords} from '@/lib/office/bookings/words'

const WORDS = BOOKING_LIST_WORDS.daySheet

type Params = Promise<{date: string; crew: string}>
type Search = Promise<Record<string, string | string[] | undefined>>

function crewOf(value: string): ServiceFamily | null {
  return (SERVICE_FAMILIES as readonly string[]).includes(value) ? (value as ServiceFamily) : null
}

function one(value: string | string[] | undefined): string | null {
  return typeof value === 'string' && value !== '' ? value : null
}

export async function generateMetadata({params}: {params: Params}): Promise<Metadata> {
  const {date, crew} = await params
  const family = crewOf(crew)
  return {title: family && isScheduleDate(date) ? WORDS.title(BOOKING_LIST_WORDS.crews[family], date) : BOOKING_LIST_WORDS.schedule.daySheet}
}

/**
 * A crew's day on a phone, and on paper for the clipboard: the day's jobs window by window, each with
 * what the crew needs at the door and for the job, and Started / Done. Printed with the browser (print
 * styles: no navigation or buttons, black on white, one page for a usual day, a job never split).
 */
export default async function DaySheetPage({params, searchParams}: {params: Params; searchParams: Search}) {
  const [{date, crew: crewParam}, search] = await Promise.all([params, searchParams])
  const crew = crewOf(crewParam)
  // A crew member opens only their own crew's day (403 for another's, before knowing it exists).
  const staff = await (crew ? requireCrewPage(crew) : requireStaffPage('crew'))
  if (!crew || !isScheduleDate(date)) notFound()
  const deps = await officeListDeps(await headers())
  const windows = await readDaySheet(deps, crew, date)
  const now = deps.now()
  const back = `/office/schedule/${date}/${crew}`
  // Started and Done come back here with their outcome (the booking page's words).
  const done = one(search.done)
  const problem = one(search.problem)
  const outcome = done ? bookingWords.done[done] : problem ? (bookingWords.problem[problem] ?? startedWords.refusal[problem]) : null

  return (
    <article className={styles.sheet}>
      <div className={styles.tools}>
        <Link href={`/office/schedule?date=${date}&crew=${crew}`}>{WORDS.back}</Link>
        <PrintButton label={WORDS.print} className={styles.print} />
      </div>
      <h1 className={styles.title}>
        {CREW_NAMES[crew]}
        <span className={styles.date}>{formatScheduleDate(date)}</span>
      </h1>
      {outcome && (
        <p id="outcome" role={done ? 'status' : 'alert'} className={styles.outcome}>
          {outcome}
        </p>
      )}
      {windows.length === 0 && <p>{WORDS.nothing}</p>}
      {windows.map((window) => (
        <section key={window.window} className={styles.window} aria-labelledby={`window-${window.window || 'none'}`}>
          <h2 id={`window-${window.window || 'none'}`} className={styles.windowHeading}>
            {window.window ? WORDS.window(window.start, window.end) : WORDS.noWindow}
          </h2>
          {window.bookings.map((booking) => (
            <DaySheetJob key={booking.id} booking={booking} now={now} back={back} bookingLink={hasRole(staff, 'office')} />
          ))}
        </section>
      ))}
    </article>
  )
}
