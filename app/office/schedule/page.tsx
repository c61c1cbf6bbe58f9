import type {Metadata} from 'next'
import Link from 'next/link'
import {RefusedParameter} from '@/components/office/RefusedParameter'
import {ScheduleDayView} from '@/components/office/ScheduleDayView'
import styles from '@/components/office/Schedule.module.css'
import {SERVICE_FAMILIES, type ServiceFamily} from '@/lib/booking/availability'
import {readSchedule} from '@/lib/office/bookings/lists'
import {officeListDeps} from '@/lib/office/bookings/lists-server'
import {requireOfficeHome} from '@/lib/office/access/page'
import {companyToday, formatScheduleDate, formatShortDate, mondayOf, refusedScheduleDate, scheduleRange} from '@/lib/office/schedule/rules'
import {BOOKING_LIST_WORDS} from '@/lib/office/bookings/words'
import {Choices} from '@/components/office/Choices'

const WORDS = BOOKING_LIST_WORDS.schedule

export const metadata: Metadata = {title: WORDS.title}

type SearchParams = Promise<Record<string, string | string[] | undefined>>

function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

/**
 * The schedule: today by default, any day (?date=) or Monday-to-Sunday week (?week=), every crew or
 * one (?crew=), window by window with its bookings and places. Plain links and a GET form, so it
 * works without JavaScript on a crew lead's phone.
 */
export default async function SchedulePage({searchParams}: {searchParams: SearchParams}) {
  // A crew member is sent to their crew's day.
  await requireOfficeHome(new Date())
  const params = await searchParams
  const crewParam = one(params.crew)
  const crew = (SERVICE_FAMILIES as readonly string[]).includes(crewParam ?? '') ? (crewParam as ServiceFamily) : null
  const deps = await officeListDeps()
  const now = deps.now()
  const asked = {date: one(params.date), week: one(params.week)}
  const range = scheduleRange(asked, now)
  const days = await readSchedule(deps, range, crew ? [crew] : SERVICE_FAMILIES)
  const today = companyToday(now)

  const href = (changes: {date?: string; week?: string}) => {
    const query = new URLSearchParams()
    if (changes.week) query.set('week', changes.week)
    else if (changes.date) query.set('date', changes.date)
    if (crew) query.set('crew', crew)
    const text = query.toString()
    return text ? `/office/schedule?${text}` : '/office/schedule'
  }
  const week = range.kind === 'week'
  const heading = week ? `${formatShortDate(range.from)} – ${formatShortDate(range.to)}` : formatScheduleDate(range.from)

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>
        {WORDS.title}: <span className={styles.range}>{heading}</span>
      </h1>
      <RefusedParameter refused={refusedScheduleDate(asked)} />

      <nav className={styles.dates} aria-label={WORDS.title}>
        <Link href={week ? href({week: range.previous}) : href({date: range.previous})} rel="prev">
          <span aria-hidden="true">← </span>
          {week ? WORDS.previousWeek : WORDS.previousDay}
        </Link>
        <Link href={week ? href({week: mondayOf(today)}) : href({})} aria-current={(week ? range.from === mondayOf(today) : range.from === today) ? 'date' : undefined}>
          {week ? WORDS.thisWeek : WORDS.today}
        </Link>
        <Link href={week ? href({week: range.next}) : href({date: range.next})} rel="next">
          {week ? WORDS.nextWeek : WORDS.nextDay}
          <span aria-hidden="true"> →</span>
        </Link>
        <span className={styles.views}>
          <Link href={href({date: range.from})} aria-current={week ? undefined : 'page'}>
            {WORDS.dayView}
          </Link>
          <Link href={href({week: range.from})} aria-current={week ? 'page' : undefined}>
            {WORDS.weekView}
          </Link>
        </span>
      </nav>

      <form className={styles.pick} method="get" action="/office/schedule">
        <label>
          {WORDS.dateLabel}
          <input type="date" name={week ? 'week' : 'date'} defaultValue={range.from} required />
        </label>
        <label>
          {WORDS.crewLabel}
          <select name="crew" defaultValue={crew ?? ''}>
            <option value="">{WORDS.allCrews}</option>
            <Choices values={SERVICE_FAMILIES} label={(family) => BOOKING_LIST_WORDS.crews[family]} />
          </select>
        </label>
        <button type="submit">{WORDS.showDate}</button>
      </form>

      {days.map((day) => (
        <ScheduleDayView key={day.date} day={day} headingLevel={week ? 2 : undefined} />
      ))}
    </div>
  )
}
