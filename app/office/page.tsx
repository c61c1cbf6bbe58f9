import type {Metadata} from 'next'
import {headers} from 'next/headers'
import {redirect} from 'next/navigation'
import {Dashboard} from '@/components/office/dashboard/Dashboard'
import {requireOfficeHome} from '@/lib/office/access/page'
import {hasRole} from '@/lib/office/access/roles'
import {officeListDeps} from '@/lib/office/bookings/lists-server'
import {searchParamsOf} from '@/lib/office/bookings/filter'
import {dashboardRange, readDashboard, refusedDashboardRange} from '@/lib/office/dashboard/read'
import {companyToday} from '@/lib/office/schedule/rules'
import {DASHBOARD_WORDS} from '@/lib/office/dashboard/words'

export const metadata: Metadata = {title: DASHBOARD_WORDS.title}

/**
 * The office opens here: today, what waits on staff, the leads and bookings of a range of days, and
 * for the owner the money. The schedule's old addresses (/office?date=, ?week=, ?crew=) lead on to
 * it at /office/schedule; a crew member is sent to their crew's day.
 */
export default async function DashboardPage({searchParams}: {searchParams: Promise<Record<string, string | string[] | undefined>>}) {
  const params = searchParamsOf(await searchParams)
  if (params.has('date') || params.has('week') || params.has('crew')) redirect(`/office/schedule?${params}`)
  const deps = await officeListDeps(await headers())
  const now = deps.now()
  const staff = await requireOfficeHome(now)
  const asked = {from: params.get('from'), to: params.get('to')}
  const range = dashboardRange(asked, companyToday(now))
  const dashboard = await readDashboard(deps.functions, {now, range, withMoney: hasRole(staff, 'owner')})
  return <Dashboard dashboard={dashboard} refused={refusedDashboardRange(asked)} />
}
