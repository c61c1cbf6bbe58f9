import {COMPANY_TIME_ZONE, fillIn} from './format'

/**
 * The figures of the Trust band, computed, never typed: the rating from the published
 * reviews, the years in business from the year founded. Plain TypeScript: the content module feeds
 * it what the query read, the band renders what it returns, tests call it directly.
 */

/** Average stars, to one decimal, and how many reviews it counts. */
export type RatingSummary = {average: string; count: number}

/**
 * The rating of these reviews' stars, or null when there is none to count. Only whole stars from 1
 * to 5 count (a draft without stars is no review yet). The average is rounded half up to one
 * decimal in integers (4.75 → "4.8"), so no floating-point remainder decides it.
 */
export function ratingSummary(stars: readonly unknown[]): RatingSummary | null {
  const valid = stars.filter((value): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 5)
  if (valid.length === 0) return null
  const total = valid.reduce((sum, value) => sum + value, 0)
  const tenths = Math.floor((total * 20 + valid.length) / (valid.length * 2))
  return {average: `${Math.floor(tenths / 10)}.${tenths % 10}`, count: valid.length}
}

/** Whole years since the year founded, by Renton's calendar (0 in the founding year). */
export function yearsInBusiness(foundedYear: number, now: Date = new Date()): number {
  const year = Number(new Intl.DateTimeFormat('en-US', {year: 'numeric', timeZone: COMPANY_TIME_ZONE}).format(now))
  return Math.max(0, year - foundedYear)
}

/** The Trust document's texts, as the content module hands them over. */
export type TrustContent = {
  insurance: {statement: string; carrier: string; amount: string}
  vetting: string
  guarantee: string
  foundedYear: number
  yearsText: string
  ratingText: string
}

export type TrustLine = {kind: 'insurance' | 'vetting' | 'guarantee' | 'years' | 'rating'; text: string}

/** The band's lines with their figures filled in; the rating only when there are reviews to count. */
export function trustLines(content: TrustContent, rating: RatingSummary | null, now: Date = new Date()): TrustLine[] {
  const {insurance} = content
  const lines: TrustLine[] = [
    {kind: 'insurance', text: fillIn(insurance.statement, {carrier: insurance.carrier, amount: insurance.amount})},
    {kind: 'vetting', text: content.vetting},
    {kind: 'guarantee', text: content.guarantee},
    {kind: 'years', text: fillIn(content.yearsText, {years: String(yearsInBusiness(content.foundedYear, now)), year: String(content.foundedYear)})},
  ]
  if (rating) lines.push({kind: 'rating', text: fillIn(content.ratingText, {average: rating.average, count: String(rating.count)})})
  return lines
}
