import {expect, test, type APIRequestContext} from './support/test'
import {axeViolations, expectNoHorizontalScroll, fillCommercialBooking, VIEWPORTS} from './support/booking-ui'
import {uniqueEmail} from './support/leads'
import {signInAsOwner} from './support/office'

/**
 * A customer's record in the office: a booking made through the commercial form (under an address
 * typed with capitals) is opened by the owner, who follows its "Customer record" link to the
 * record of that address in lower case: the booking is there with what was paid, the search finds
 * the customer, and a note added on the record stays on it. The record is checked at a phone's and
 * a desktop's width, with no sideways scrolling and no axe violation.
 */

type Offer = {days: {date: string; windows: {window: string; left: number}[]}[]}

/** A commercial day and window customers can book now, chosen at random so parallel tests rarely meet. */
async function freeSlot(request: APIRequestContext): Promise<{date: string; window: string}> {
  const response = await request.get('/api/availability?form=commercial')
  expect(response.status()).toBe(200)
  const offer = (await response.json()) as Offer
  const days = offer.days.filter((day) => day.windows.length > 0).slice(5)
  expect(days.length).toBeGreaterThan(0)
  const day = days[Math.floor(Math.random() * days.length)]
  return {date: day.date, window: day.windows[Math.floor(Math.random() * day.windows.length)].window}
}

test('the owner follows a booking to its customer’s record, sees the booking and the money, finds the customer and adds a note', async ({page, request}) => {
  test.setTimeout(120_000)
  const email = uniqueEmail('office.customer')
  const typed = `${email.slice(0, 1).toUpperCase()}${email.slice(1, 6).toUpperCase()}${email.slice(6)}`

  // The customer books through the commercial form and pays on the test checkout.
  const form = await fillCommercialBooking(page, await freeSlot(request), {firstName: 'Cora', lastName: 'Whitlock', email: typed, phone: '425 555 0177', address: '310 Logan Ave N, Renton, WA 98057'})
  await form.getByRole('button', {name: 'Confirm & Pay'}).click()
  await page.waitForURL(/\/checkout\/test\//)
  await page.getByRole('button', {name: 'Pay $60.00'}).click()
  await page.waitForURL(/\/success\?/)
  const id = new URL(page.url()).searchParams.get('bookingId') as string
  const reference = id.replace(/-/g, '').slice(0, 8).toUpperCase().replace(/^(.{4})/, '$1-')

  const office = await page.context().newPage()
  await signInAsOwner(office)
  await office.goto(`/office/bookings/${id}`)
  await office.getByRole('region', {name: 'Customer', exact: true}).getByRole('link', {name: 'Customer record'}).click()
  await office.waitForURL((url) => decodeURIComponent(url.pathname) === `/office/customers/${email}`)
  await expect(office.getByRole('heading', {level: 1})).toHaveText('Cora Whitlock')
  await expect(office.getByRole('link', {name: email})).toBeVisible()

  // The booking, with what was paid; the money adds up to it.
  const bookings = office.getByRole('table', {name: 'Bookings'})
  const row = bookings.getByRole('row').filter({has: office.getByRole('link', {name: reference})})
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Paid')
  await expect(row).toContainText('$60.00')
  await expect(office.locator('[data-money="paid"]')).toHaveText('$60.00')
  await expect(office.locator('[data-money="refunded"]')).toHaveText('$0.00')
  await expect(office.locator('[data-money="kept"]')).toHaveText('$60.00')

  // An internal note: said done, focused, and listed on the record.
  const note = `Prefers the side door (${email.slice(16, 24)}).`
  await office.getByLabel('Add a note').fill(note)
  await office.getByRole('button', {name: 'Add note'}).click()
  const done = office.getByRole('status').filter({hasText: 'Note added.'})
  await expect(done).toBeVisible()
  await expect(done).toBeFocused()
  await expect(office.getByRole('region', {name: 'Notes'})).toContainText(note)

  // The list finds the customer by the address as typed and by the phone as typed.
  for (const q of [typed, '(425) 555-0177']) {
    await office.goto(`/office/customers?q=${encodeURIComponent(q)}`)
    await expect(office.getByRole('link', {name: 'Cora Whitlock'}).first()).toBeVisible()
  }
  await office.goto(`/office/customers?q=${encodeURIComponent(typed)}`)
  await expect(office.getByText('1 customer', {exact: true})).toBeVisible()

  for (const viewport of VIEWPORTS) {
    await office.setViewportSize({width: viewport.width, height: viewport.height})
    await office.goto(`/office/customers/${encodeURIComponent(email)}`)
    await expect(office.getByRole('heading', {level: 1})).toHaveText('Cora Whitlock')
    await expectNoHorizontalScroll(office)
    expect(await axeViolations(office), `the record at ${viewport.width} px`).toEqual([])
    await office.goto(`/office/customers?q=${encodeURIComponent(email)}`)
    await expectNoHorizontalScroll(office)
    expect(await axeViolations(office), `the list at ${viewport.width} px`).toEqual([])
  }
})
