import ICAL from 'ical.js'
import {expect, test, type APIRequestContext, type Page} from './support/test'
import {commercialBooking} from './support/bookings'
import {axeViolations, expectNoHorizontalScroll} from './support/booking-ui'
import {uniqueEmail} from './support/leads'
import {signInAsStaff} from './support/office'
import {TOKEN_ROUTES} from './support/office-routes'

/**
 * Crews' calendars: staff make a crew's subscription address in the office; the feed at
 * that address, read as a phone's calendar reads it, holds a booking made through the booking form;
 * once revoked, the address answers 404.
 */

/** A commercial booking for `email` through the form's endpoint, in a window still free, paid on the test checkout; its id. */
async function paidBooking(page: Page, request: APIRequestContext, email: string): Promise<string> {
  // The commercial windows hold one booking each in the test dataset: take a free one at random.
  const offer = (await (await request.get('/api/availability?form=commercial')).json()) as {days: {date: string; windows: {window: string; left: number}[]}[]}
  const free = offer.days.flatMap((day) => day.windows.filter((window) => window.left > 0).map((window) => ({date: day.date, arrivalWindow: window.window})))
  expect(free.length).toBeGreaterThan(0)
  const slot = free[Math.floor(Math.random() * free.length)]
  const response = await request.post('/api/bookings', {data: commercialBooking({email, ...slot})})
  expect(response.status()).toBe(200)
  const {bookingId, checkoutUrl} = (await response.json()) as {bookingId: string; checkoutUrl: string}
  await page.goto(checkoutUrl)
  await page.getByRole('button', {name: 'Pay $60.00'}).click()
  await page.waitForURL(/\/success\?/)
  return bookingId
}

test("an owner makes a crew's calendar address, a calendar reads the booking there, and a revoked address answers 404", async ({page, request}) => {
  const bookingId = await paidBooking(page, request, uniqueEmail('office.calendar'))
  await signInAsStaff(page, 'Cal Owner', {role: 'owner'})
  await page.goto('/office/calendars')
  const crew = page.getByRole('region', {name: 'Commercial crews'})
  await crew.getByRole('button', {name: /^Make (an|a new) address/}).click()
  await expect(page.getByRole('status').first()).toContainText('Commercial crews')

  const address = await crew.getByLabel('Subscription address').inputValue()
  expect(address).toMatch(/\/crew-calendars\/[a-z2-7]{32}$/)
  await expect(crew.getByRole('link', {name: /webcal/})).toHaveAttribute('href', address.replace(/^https?:/, 'webcal:'))
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await crew.getByRole('button', {name: 'Copy the address'}).click()
  await expect(crew.getByText('Copied.')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address)
  // A crew lead's phone: nothing wider than the screen, and nothing axe objects to.
  await page.setViewportSize({width: 360, height: 800})
  await expectNoHorizontalScroll(page)
  expect(await axeViolations(page)).toEqual([])

  const feed = await request.get(address)
  expect(feed.status()).toBe(200)
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8')
  expect(feed.headers()['cache-control']).toBe('private, no-store')
  const events = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents('vevent')
  const event = events.find((candidate) => String(candidate.getFirstPropertyValue('uid')).includes(bookingId))
  expect(event, 'the booking is in the crew calendar').toBeDefined()
  expect(event?.getFirstPropertyValue('location')).toBe(commercialBooking().address)
  expect(event?.getFirstPropertyValue('status')).toBe('CONFIRMED')

  await crew.getByRole('button', {name: 'Revoke the address'}).click()
  await expect(page.getByRole('status').first()).toContainText('no longer works')
  await expect(crew.getByLabel('Subscription address')).toHaveCount(0)
  const revoked = await request.get(address)
  expect(revoked.status()).toBe(404)
  expect(await revoked.text()).not.toContain('VCALENDAR')
})

test('the token routes answer a made-up token 404 with nothing in it, privately and unindexed, with no session', async ({request}) => {
  for (const route of TOKEN_ROUTES) {
    for (const token of ['abcdefghijklmnopqrstuvwxyz234567', 'x']) {
      const response = await request.get(route.path(token), {maxRedirects: 0})
      expect(response.status(), route.path(token)).toBe(404)
      expect(response.headers()['cache-control']).toBe('private, no-store')
      expect(response.headers()['x-robots-tag']).toContain('noindex')
      expect(await response.text()).toBe('Not found\n')
    }
  }
})
