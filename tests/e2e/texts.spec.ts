import {companyLocalTimeToDate} from '../../lib/company-time.ts'
import {expect, test, type APIRequestContext} from './support/test'
import {fillCommercialBooking} from './support/booking-ui'
import {getDocument} from './support/dataset'
import {uniqueEmail} from './support/leads'
import {signInAsStaff} from './support/office'

/**
 * Texts through the site as built: the customer ticks the consent box on a booking form
 * and pays; in the office the visit says the customer is texted, can be marked started on its day
 * only (the suite's test clock, lib/office/shared/test-clock.ts), once. What is texted and when is tested in
 * lib/texts (the worker's clock is the real one here).
 */

const consentLabel = getDocument<{textsConsentLabel: string}>('bookingForms').textsConsentLabel

type Offer = {days: {date: string; windows: {window: string; left: number}[]}[]}

async function someSlot(request: APIRequestContext): Promise<{date: string; window: string}> {
  const response = await request.get('/api/availability?form=commercial')
  const days = ((await response.json()) as Offer).days.filter((day) => day.windows.some((window) => window.left > 0)).slice(3)
  const day = days[Math.floor(Math.random() * days.length)]
  return {date: day.date, window: day.windows.find((window) => window.left > 0)!.window}
}

test('a booking made with consent to texts is marked started by the office on its day, once', async ({page, request, baseURL}) => {
  test.setTimeout(120_000)
  const email = uniqueEmail('texts.started')
  const slot = await someSlot(request)

  const form = await fillCommercialBooking(page, slot, {firstName: 'Tess', lastName: 'Textwell', email, phone: '425 555 0177', address: '55 Williams Ave S, Renton, WA 98057'})
  const consent = form.getByRole('checkbox', {name: consentLabel})
  await expect(consent).not.toBeChecked()
  await consent.check()
  await form.getByRole('button', {name: 'Confirm & Pay'}).click()
  await page.waitForURL(/\/checkout\/test\//)
  await page.getByRole('button', {name: /^Pay \$/}).click()
  await page.waitForURL(/\/success\?/)
  const id = new URL(page.url()).searchParams.get('bookingId') as string

  // Before its day: the office sees the consent, and no Mark started yet.
  const staffPage = await page.context().newPage()
  await signInAsStaff(staffPage, 'Tom Desk')
  await staffPage.goto(`/office/bookings/${id}`)
  const early = staffPage.getByRole('region', {name: 'Crew on its way'})
  await expect(early).toContainText('The customer agreed to texts')
  await expect(early).toContainText('A visit is marked started on its day.')
  await expect(early.getByRole('button', {name: 'Mark started'})).toHaveCount(0)

  // On the visit's day, 20 minutes before its window opens: the office's clock for this browser
  // (signed in with it, so its session is of that day too).
  const opens = companyLocalTimeToDate(`${slot.date}T${slot.window.slice(0, 5)}`) as Date
  const dayPage = await (await page.context().browser()!.newContext({baseURL, extraHTTPHeaders: {'x-office-test-now': new Date(opens.getTime() - 20 * 60_000).toISOString()}})).newPage()
  await signInAsStaff(dayPage, 'Dee Day')
  await dayPage.goto(`/office/bookings/${id}`)
  const panel = dayPage.getByRole('region', {name: 'Crew on its way'})
  await panel.getByRole('button', {name: 'Mark started'}).click()
  const outcome = dayPage.getByRole('status').filter({hasText: 'Marked started.'})
  await expect(outcome).toBeVisible()
  await expect(outcome).toBeFocused()
  await expect(panel).toContainText('Marked started at')
  await expect(panel.getByRole('button', {name: 'Mark started'})).toHaveCount(0)
  // The history names who did it.
  await expect(dayPage.getByRole('region', {name: 'History'}).getByRole('listitem').filter({hasText: 'Dee Day'})).toHaveCount(1)
})
