import type {Metadata} from 'next'
import {cookies} from 'next/headers'
import {CrewCalendars} from '@/components/office/calendars/CrewCalendars'
import {NEW_ADDRESS_COOKIE} from '@/lib/office/crew-calendar-actions'
import {crewCalendarsView} from '@/lib/office/crew-calendars-page'
import {getCrewCalendarStore} from '@/lib/office/crew-calendars-server'
import {requireStaffPage} from '@/lib/office/page-access'
import {crewCalendarWords as words} from '@/lib/office/words'
import {siteUrl} from '@/lib/site-url'

export const metadata: Metadata = {title: words.pageTitle}

/** Each crew's calendar subscription address: made, replaced and revoked by staff. */
export default async function CrewCalendarsPage({searchParams}: {searchParams: Promise<Record<string, string | string[] | undefined>>}) {
  await requireStaffPage('staff')
  const [store, jar, query] = await Promise.all([getCrewCalendarStore(), cookies(), searchParams])
  const view = crewCalendarsView({addresses: await store.addresses(), handOver: jar.get(NEW_ADDRESS_COOKIE)?.value, query, siteUrl})
  return <CrewCalendars rows={view.rows} message={view.message} />
}
