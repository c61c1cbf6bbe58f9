import {addDays} from '../../booking/availability.ts'
import type {DatabaseFunctions} from '../../database/functions.ts'
import {mondayOf} from '../schedule/rules.ts'

/**
 * The owner's money figures for a stretch of company days, each beside the same stretch just before:
 * the week (Monday to Sunday) and the month holding today, and a range the owner picks. The
 * database adds them up (office_money_between), each figure by its own date on the company's clock:
 * booked by the visit's date, collected by the day it was paid, refunded by the day the refund went
 * through. So "this week" compares whole weeks, visits still to come included, and the bookings
 * list filtered by the same dates shows the same rows and sums.
 */

/** Company days `from`..`to`, 'YYYY-MM-DD', inclusive. */
export type Period = {from: string; to: string}

export type ComparedPeriods = {current: Period; previous: Period}

/** The week (Monday to Sunday) holding `today`, and the week before. */
export function weekPeriods(today: string): ComparedPeriods {
  const monday = mondayOf(today)
  return {current: {from: monday, to: addDays(monday, 6)}, previous: {from: addDays(monday, -7), to: addDays(monday, -1)}}
}

const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10)

function monthOf(year: number, month: number): Period {
  const first = new Date(Date.UTC(year, month - 1, 1)).toISOString().slice(0, 10)
  return {from: first, to: lastDayOfMonth(Number(first.slice(0, 4)), Number(first.slice(5, 7)))}
}

/** The calendar month holding `today`, and the month before. */
export function monthPeriods(today: string): ComparedPeriods {
  const year = Number(today.slice(0, 4))
  const month = Number(today.slice(5, 7))
  return {current: monthOf(year, month), previous: monthOf(year, month - 1)}
}

/** How many days a period holds. */
export function daysIn(period: Period): number {
  return Math.round((Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / 86_400_000) + 1
}

/** A range the owner picked, and as many days just before it. */
export function rangePeriods(range: Period): ComparedPeriods {
  const length = daysIn(range)
  return {current: range, previous: {from: addDays(range.from, -length), to: addDays(range.from, -1)}}
}

/** The 30 days up to today: the range the dashboard opens with. */
export function defaultRange(today: string): Period {
  return {from: addDays(today, -29), to: today}
}

/** What a stretch of days brought in and sent back, in cents and counts. */
export type MoneyFigures = Period & {
  bookedCount: number
  bookedCents: number
  /** Booked ÷ bookings, rounded half up; null without bookings. */
  averageCents: number | null
  tipsCents: number
  /** Bookings stored before tips were kept in cents, whose tip is not known. */
  tipsUnknown: number
  couponsCents: number
  couponUses: number
  collectedCount: number
  collectedCents: number
  refundedCount: number
  refundedCents: number
  keptCents: number
  planVisitsCharged: number
  planVisitsDeclined: number
  earlyCancellationCents: number
}

type MoneyAnswer = Record<string, unknown>

const numberOf = (value: unknown) => Number(value ?? 0)

/** The figures as the database answers them (Supabase's Data API may give a bigint as text). */
export function moneyFiguresOf(answer: MoneyAnswer): MoneyFigures {
  return {
    from: String(answer.from),
    to: String(answer.to),
    bookedCount: numberOf(answer.booked_count),
    bookedCents: numberOf(answer.booked_cents),
    averageCents: answer.average_cents === null || answer.average_cents === undefined ? null : Number(answer.average_cents),
    tipsCents: numberOf(answer.tips_cents),
    tipsUnknown: numberOf(answer.tips_unknown),
    couponsCents: numberOf(answer.coupons_cents),
    couponUses: numberOf(answer.coupon_uses),
    collectedCount: numberOf(answer.collected_count),
    collectedCents: numberOf(answer.collected_cents),
    refundedCount: numberOf(answer.refunded_count),
    refundedCents: numberOf(answer.refunded_cents),
    keptCents: numberOf(answer.kept_cents),
    planVisitsCharged: numberOf(answer.plan_visits_charged),
    planVisitsDeclined: numberOf(answer.plan_visits_declined),
    earlyCancellationCents: numberOf(answer.early_cancellation_cents),
  }
}

/** The money of one stretch of company days. */
export async function readMoney(functions: DatabaseFunctions, period: Period): Promise<MoneyFigures> {
  return moneyFiguresOf(await functions.value<MoneyAnswer>('office_money_between', {p_from: period.from, p_to: period.to}))
}

/**
 * The bookings list's address for each figure: booked (the booked set by visit date), collected (paid
 * on those days), refunded (a refund went through on them). Its totals row shows the same sums.
 */
export const BOOKED_STATUSES = ['paid', 'cancellation_requested', 'done', 'no_show', 'plan_visit'] as const

export function moneyListLinks(period: Period): {booked: string; collected: string; refunded: string} {
  const booked = new URLSearchParams({from: period.from, to: period.to})
  for (const status of BOOKED_STATUSES) booked.append('status', status)
  return {
    booked: `/office/bookings?${booked}`,
    collected: `/office/bookings?${new URLSearchParams({paid_from: period.from, paid_to: period.to})}`,
    refunded: `/office/bookings?${new URLSearchParams({refunded_from: period.from, refunded_to: period.to})}`,
  }
}

const shortDay = new Intl.DateTimeFormat('en-US', {month: 'short', day: 'numeric', timeZone: 'UTC'})

/** A period in short, as a heading reads it: "Nov 30 – Dec 6", one day as "Dec 2". */
export function formatPeriod(period: Period): string {
  const day = (date: string) => shortDay.format(new Date(`${date}T12:00:00Z`))
  return period.from === period.to ? day(period.from) : `${day(period.from)} – ${day(period.to)}`
}

/** The change from `previous` to `current` in whole percent (rounded half away from zero), or null when there was nothing before. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null
  const ratio = ((current - previous) * 100) / Math.abs(previous)
  return Math.sign(ratio) * Math.round(Math.abs(ratio))
}
