import {randomInt} from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import {readCsv} from '../../lib/office/shared/test-support/csv-reader.ts'
import {expect, test, type APIRequestContext, type Page} from './support/test'
import {expectNoHorizontalScroll} from './support/booking-ui'
import {houseBooking} from './support/bookings'
import {uniqueEmail} from './support/leads'
import {signInAsStaff} from './support/office'

/**
 * The schedule, the bookings list and the CSV export: a booking made and paid through the booking form's
 * endpoint and the test checkout shows on the office's schedule in its crew, day and window, with
 * the places left that /api/availability offers for that window; the bookings list finds it by
 * reference, name, e-mail and phone; the CSV export of a filter reads back with every column and the
 * customer's accented name intact.
 */

/** Axe's violations in the page's own content (the office's shell is the access area's to check). */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({page}).include('#office-main').options({resultTypes: ['violations']}).analyze()
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

type Offer = {days: {date: string; windows: {window: string; left: number}[]}[]}

async function placesLeft(request: APIRequestContext, date: string, window: string): Promise<number> {
  const offer = (await (await request.get('/api/availability?form=house')).json()) as Offer
  return offer.days.find((day) => day.date === date)?.windows.find((one) => one.window === window)?.left ?? 0
}

/** A house booking for Zoë Ångström on a random offered day and window, paid on the test checkout. */
async function paidHouseBooking(page: Page, request: APIRequestContext) {
  const offer = (await (await request.get('/api/availability?form=house')).json()) as Offer
  const day = offer.days[randomInt(offer.days.length)]
  const {window} = day.windows[randomInt(day.windows.length)]
  const customer = {firstName: 'Zoë', lastName: 'Ångström', email: uniqueEmail('zoe.office'), phone: `206${randomInt(2_000_000, 9_999_999)}`}
  const response = await request.post('/api/bookings', {data: houseBooking({...customer, date: day.date, arrivalWindow: window})})
  expect(response.status()).toBe(200)
  const {bookingId, checkoutUrl} = (await response.json()) as {bookingId: string; checkoutUrl: string}
  await page.goto(checkoutUrl)
  await page.getByRole('button', {name: /^Pay \$/}).click()
  await page.waitForURL(/\/success\?/)
  const reference = bookingId.replace(/-/g, '').slice(0, 8).toUpperCase().replace(/^(.{4})/, '$1-')
  return {bookingId, reference, date: day.date, window, ...customer}
}

test('a paid booking shows in its crew, day and window with the places /api/availability offers, and the list finds it', async ({page, request}) => {
  const booking = await paidHouseBooking(page, request)
  await signInAsStaff(page)

  await page.setViewportSize({width: 360, height: 800})
  const windowOnSchedule = page.locator(`section[aria-labelledby="crew-${booking.date}-indoor"] [data-window="${booking.window}"]`)
  // Other tests book on the same server: compare the two counts once they stand still.
  await expect
    .poll(async () => {
      await page.goto(`/office?date=${booking.date}`)
      const shown = Number(await windowOnSchedule.locator('[data-places-free]').getAttribute('data-places-free'))
      return shown === (await placesLeft(request, booking.date, booking.window))
    })
    .toBe(true)
  const line = windowOnSchedule.getByRole('listitem').filter({hasText: booking.reference})
  await expect(line).toContainText('Zoë Ångström')
  await expect(line).toContainText('Renton')
  await expect(line).toContainText('Paid')
  await expect(line.getByRole('link')).toHaveAttribute('href', `/office/bookings/${booking.bookingId}`)
  await expectNoHorizontalScroll(page)
  expect(await axeViolations(page)).toEqual([])

  // The day sheet of the crew lists the job with its access answers and phone.
  await page.getByRole('link', {name: /day sheet of the house and carpet crew/i}).click()
  const job = page.getByRole('region', {name: new RegExp(`Zoë Ångström ${booking.reference}`)})
  await expect(job).toContainText('I will be Home')
  await expect(job).toContainText(booking.phone.slice(-4))

  await page.setViewportSize({width: 1280, height: 900})
  for (const query of [booking.reference, 'zoë ångström', booking.email, `(${booking.phone.slice(0, 3)}) ${booking.phone.slice(3, 6)}-${booking.phone.slice(6)}`]) {
    await page.goto('/office/bookings')
    await page.getByRole('searchbox', {name: 'Search'}).fill(query)
    await page.getByRole('searchbox', {name: 'Search'}).press('Enter')
    await expect(page.getByRole('status')).toHaveText(query.startsWith('zoë') ? /\d+ booking/ : '1 booking')
    await expect(page.getByRole('table').getByRole('link', {name: booking.reference})).toBeVisible()
  }
  expect(await axeViolations(page)).toEqual([])
})

test('the CSV export of a filter opens with every column and the accented name intact', async ({page, request}) => {
  const booking = await paidHouseBooking(page, request)
  await signInAsStaff(page, 'Olive Owner', {role: 'owner'})
  await page.goto(`/office/bookings?q=${encodeURIComponent(booking.email)}&status=paid&crew=indoor`)
  const download = page.waitForEvent('download')
  await page.getByRole('link', {name: 'Download CSV'}).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/)
  const bytes = await (await file.createReadStream()).toArray()
  const text = new TextDecoder('utf-8', {ignoreBOM: true, fatal: true}).decode(Buffer.concat(bytes))
  expect(text.startsWith('\uFEFF')).toBe(true)
  const [header, ...records] = readCsv(text.slice(1))
  expect(header).toEqual(expect.arrayContaining(['Reference', 'Status', 'Date', 'Arrival window', 'Crew', 'Service', 'First name', 'Last name', 'E-mail', 'Phone', 'Address', 'Town', 'Total (USD)', 'Booked at', 'Paid at', 'Notes']))
  expect(records).toHaveLength(1)
  const row = Object.fromEntries(header.map((name, index) => [name, records[0][index]]))
  expect(row).toMatchObject({Reference: booking.reference, 'First name': 'Zoë', 'Last name': 'Ångström', Date: booking.date, 'Arrival window': booking.window, Status: 'Paid'})
  expect(row['Total (USD)']).toMatch(/^\d+(\.\d{1,2})?$/)
  expect(row['Paid at']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
})
