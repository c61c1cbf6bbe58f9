import type {ParsedMail} from 'mailparser'
import {expect, type APIRequestContext, type Page} from './test'
import {ARRIVAL_WINDOW, closedDates, futureDate, houseBooking} from './bookings'
import {flat, waitForMail} from './leads'
import {addressOf, E2E_INBOX} from './smtp'

/**
 * A weekly house plan made as a customer makes one: Regular Cleaning, Weekly, 1 bedroom
 * and 1 bathroom, no tip or parking: $115.99 a visit; one-time $154.65, so cancelling before the
 * second visit costs $38.66. The first visit is paid on the local test checkout (the test card kept);
 * the plan and its later visits are made with the payment.
 */
export const PLAN_TOTAL = '$115.99'
export const PLAN_DIFFERENCE = '$38.66'

function addDays(date: string, days: number): string {
  const next = new Date(`${date}T12:00:00Z`)
  next.setUTCDate(next.getUTCDate() + days)
  return next.toISOString().slice(0, 10)
}

/** A first visit 4–10 days ahead whose next week's same day is a working day (its first later visit). */
export function planFirstDate(): string {
  const closed = closedDates()
  for (let date = futureDate(4 + Math.floor(Math.random() * 7)); ; date = addDays(date, 1)) {
    const next = addDays(date, 7)
    if (new Date(`${date}T12:00:00Z`).getUTCDay() !== 0 && !closed.includes(date) && !closed.includes(next)) return date
  }
}

export async function paidWeeklyPlan(page: Page, request: APIRequestContext, email: string, date: string): Promise<{bookingId: string; confirmation: ParsedMail}> {
  const response = await request.post('/api/bookings', {
    data: houseBooking({
      email,
      service: 'Regular Cleaning',
      frequency: 'Weekly',
      bedrooms: 1,
      bathrooms: 1,
      halfBaths: 0,
      dens: 0,
      extras: {},
      tip: '0%',
      parkingFee: '$0',
      date,
      arrivalWindow: ARRIVAL_WINDOW,
    }),
  })
  expect(response.status()).toBe(200)
  const {bookingId, checkoutUrl} = await response.json()
  await page.goto(checkoutUrl)
  await page.getByRole('button', {name: `Pay ${PLAN_TOTAL}`}).click()
  await page.waitForURL(/\/success\?/)
  const [confirmation] = await waitForMail(E2E_INBOX, (mail) => addressOf(mail.to) === email && /confirmed/i.test(mail.subject ?? ''))
  return {bookingId, confirmation}
}

/** The manage page's path from the confirmation e-mail's link. */
export function manageLinkOf(mail: ParsedMail): string {
  const link = flat(mail.text).match(/https?:\/\/\S+\/manage-booking\/[A-Za-z0-9._-]+/)?.[0]
  expect(link, 'the e-mail carries a manage link').toBeTruthy()
  return new URL(link as string).pathname
}

export {addDays}
