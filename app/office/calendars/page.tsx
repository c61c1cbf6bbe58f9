import type {Metadata} from 'next'
import {cookies} from 'next/headers'
import {ActionHistory} from '@/components/office/ActionHistory'
import {CrewCalendars} from '@/components/office/calendars/CrewCalendars'
import {CREW_NAMES} from '@/lib/booking/availability'
import {staffActionsOf} from '@/lib/office/shared/audit'
import {NEW_ADDRESS_COOKIE} from '@/lib/office/calendars/routes'
import {CALENDAR_CREWS} from '@/lib/office/calendars/rules'
import {crewCalendarsView} from '@/lib/office/calendars/page'
import {getCrewCalendarStore} from '@/lib/office/calendars/server'
import {requireStaffPage} from '@/lib/office/access/page'
import {crewCalendarWords as words} from '@/lib/office/calendars/words'
import {siteUrl} from '@/lib/site-url'

export const metadata: Metadata = {title: words.pageTitle}

/** Each crew's calendar subscription address: made, replaced and revoked by staff, with the record of who did it. */
export default async function CrewCalendarsPage({searchParams}: PageProps<'/office/calendars'>) {
  await requireStaffPage('owner')
  const [store, jar, query] = await Promise.all([getCrewCalendarStore(), cookies(), searchParams])
  const [addresses, histories] = await Promise.all([store.addresses(), Promise.all(CALENDAR_CREWS.map((crew) => staffActionsOf('crew_calendar', crew)))])
  const view = crewCalendarsView({addresses, handOver: jar.get(NEW_ADDRESS_COOKIE)?.value, query, siteUrl})
  // One history for the page: each action named with its crew, newest last like every office history.
  const actions = histories
    .flatMap((list, index) => list.map((action) => ({...action, action: `${action.action}:${CALENDAR_CREWS[index]}`})))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
  const actionLabels = Object.fromEntries(
    CALENDAR_CREWS.flatMap((crew) => [
      [`address_made:${crew}`, words.history.address_made(CREW_NAMES[crew])],
      [`address_revoked:${crew}`, words.history.address_revoked(CREW_NAMES[crew])],
    ]),
  )
  return (
    <CrewCalendars
      rows={view.rows}
      message={view.message}
      history={<ActionHistory actions={actions} heading={words.history.heading} actionLabels={actionLabels} fieldLabels={{addressMadeAt: 'Address made', madeBy: 'Made by', replacedAddress: 'Replaced an address', revokedAt: 'Revoked'}} />}
    />
  )
}
