import {INDUSTRIES, type Industry} from '../../booking/catalog.ts'
import {SERVICE_FAMILIES, type ServiceFamily} from '../../booking/availability.ts'
import type {DatabaseFunctions} from '../../database/functions.ts'
import {isOfficeDate, refusedDate, type RefusedParameter} from '../shared/input.ts'
import {companyToday} from '../schedule/rules.ts'
import {defaultRange, monthPeriods, moneyFiguresOf, rangePeriods, weekPeriods, type MoneyFigures, type Period} from './money.ts'

/**
 * The dashboard the office opens on (/office): today's jobs and what waits on staff, the leads and
 * bookings of a range of days, and for the owner the money. One database call (office_dashboard);
 * the periods are worked out here, the sums there.
 */

export type JobsInWindow = {crew: ServiceFamily; window: string | null; jobs: number; started: number; done: number; holds: number}

export type LeadFunnel = {received: number; contacted: number; quoted: number; won: number}

/** A figure for a period and the same for the period before. */
export type Compared = {current: MoneyFigures; previous: MoneyFigures}

export type DashboardMoney = {
  week: Compared
  month: Compared
  range: Compared
  /** Collected and refunded per week (Monday to Sunday), the 12 weeks up to this one, oldest first. */
  weekly: {monday: string; collectedCents: number; refundedCents: number}[]
  plans: {active: number; monthlyCents: number}
}

export type Dashboard = {
  today: string
  range: Period
  jobs: JobsInWindow[]
  openHolds: number
  cancellationRequests: number
  failedEmails: number
  /** The booked set in the range by kind of cleaning; cents only with the money. */
  byService: {industry: Industry; count: number; cents: number | null}[]
  funnel: LeadFunnel
  /** The quote form's answers, most given first; '' when the visitor left it blank. */
  heard: {answer: string; count: number}[]
  money: DashboardMoney | null
}

/** The range of the dashboard's address (?from=&to=), or the 30 days up to today; a range given backwards is turned round. */
export function dashboardRange(params: {from?: string | null; to?: string | null}, today: string): Period {
  const fallback = defaultRange(today)
  const from = isOfficeDate(params.from ?? undefined) ? params.from! : fallback.from
  const to = isOfficeDate(params.to ?? undefined) ? params.to! : params.from && isOfficeDate(params.from) ? from : fallback.to
  return from <= to ? {from, to} : {from: to, to: from}
}

/** A date in the address the office refuses (said above the dashboard, which shows the default range instead), or null. */
export function refusedDashboardRange(params: {from?: string | null; to?: string | null}): RefusedParameter | null {
  return refusedDate({from: params.from, to: params.to})
}

const count = (value: unknown) => Number(value ?? 0)

type Row = Record<string, unknown>

/** The dashboard as of `now`; the money only when `withMoney` (the owner's). */
export async function readDashboard(functions: DatabaseFunctions, input: {now: Date; range: Period; withMoney: boolean}): Promise<Dashboard> {
  const today = companyToday(input.now)
  const week = weekPeriods(today)
  const month = monthPeriods(today)
  const range = rangePeriods(input.range)
  const answer = await functions.value<Row>('office_dashboard', {
    p_now: input.now,
    p_periods: {
      week: week.current,
      previous_week: week.previous,
      month: month.current,
      previous_month: month.previous,
      range: range.current,
      previous_range: range.previous,
    },
    p_from: input.range.from,
    p_to: input.range.to,
    p_money: input.withMoney,
  })
  const money = answer.money as Row | null
  const periods = (money?.periods ?? {}) as Record<string, Row>
  const compared = (name: string): Compared => ({current: moneyFiguresOf(periods[name]), previous: moneyFiguresOf(periods[`previous_${name}`])})
  const funnel = answer.funnel as Row
  return {
    today: String(answer.today),
    range: input.range,
    jobs: (answer.jobs as Row[]).map((row) => ({
      crew: (SERVICE_FAMILIES as readonly string[]).includes(String(row.crew)) ? (row.crew as ServiceFamily) : 'indoor',
      window: row.window === null ? null : String(row.window),
      jobs: count(row.jobs),
      started: count(row.started),
      done: count(row.done),
      holds: count(row.holds),
    })),
    openHolds: count(answer.open_holds),
    cancellationRequests: count(answer.cancellation_requests),
    failedEmails: count(answer.failed_emails),
    byService: (answer.by_service as Row[])
      .filter((row) => (INDUSTRIES as readonly string[]).includes(String(row.industry)))
      .map((row) => ({industry: row.industry as Industry, count: count(row.count), cents: row.cents === null || row.cents === undefined ? null : Number(row.cents)})),
    funnel: {received: count(funnel.received), contacted: count(funnel.contacted), quoted: count(funnel.quoted), won: count(funnel.won)},
    heard: (answer.heard as Row[]).map((row) => ({answer: String(row.answer ?? ''), count: count(row.count)})),
    money: money
      ? {
          week: compared('week'),
          month: compared('month'),
          range: compared('range'),
          weekly: (money.weekly as Row[]).map((row) => ({monday: String(row.monday), collectedCents: count(row.collected_cents), refundedCents: count(row.refunded_cents)})),
          plans: {active: count((money.plans as Row).active), monthlyCents: count((money.plans as Row).monthly_cents)},
        }
      : null,
  }
}

/** A step's share of the leads received, in whole percent (rounded half up); null with no leads. */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part * 100) / whole) : null
}
