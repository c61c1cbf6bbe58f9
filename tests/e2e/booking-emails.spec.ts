import {randomUUID} from 'node:crypto'
import {expect, test, type APIRequestContext, type Page} from './support/test'
import ICAL from 'ical.js'
import type {ParsedMail} from 'mailparser'
import {ARRIVAL_WINDOW, ARRIVAL_WINDOW_LABEL, futureDate, houseBooking, longDate} from './support/bookings'
import {arrivalWindows, bookingForm, chooseArrival, dateCalendar, openBookingScreen} from './support/booking-ui'
import {getDocument} from './support/dataset'
import {flat, uniqueEmail, waitForMail} from './support/leads'
import {addressOf, E2E_INBOX, readInbox} from './support/smtp'

/**
 * Paid bookings by e-mail: the customer gets one confirmation, whether the test checkout's
 * Pay, the success page or a reload of it confirms the payment, with the booking's reference (also
 * on /success), service, date, address, every charge and the total paid, the company's phone, the
 * 24-hour notice and a calendar file; the business gets every field. An unpaid booking e-mails no
 * one. After a cancelled payment, 'Back to the booking form' fills the form in again.
 */

const settings = getDocument<{phone: string; email: string}>('siteSettings')

/**
 * Mail is sent in the order it was queued. To know that nothing more is coming for an earlier
 * event, queue a later one (a contact message) and wait until its mail has arrived.
 */
async function barrier(request: APIRequestContext): Promise<void> {
  const email = uniqueEmail('barrier')
  const response = await request.post('/api/contact-messages', {
    data: {submissionKey: randomUUID(), name: 'Barrier Message', email, phone: '4255550100', message: 'Barrier.', page: {path: '/contact'}},
  })
  expect(response.status()).toBe(200)
  await waitForMail(E2E_INBOX, (mail) => addressOf(mail.replyTo) === email)
}

async function mailTo(email: string): Promise<ParsedMail[]> {
  return (await readInbox(E2E_INBOX)).filter((mail) => addressOf(mail.to) === email || addressOf(mail.replyTo) === email)
}

/** Deep Cleaning 3/2/1/0, tip 15 %, parking $10, save10: $412.92 (worked out in booking-house.spec.ts). */
function deepCleaning(email: string, date: string) {
  return houseBooking({
    date,
    firstName: 'Cordelia',
    lastName: 'Ashby-Nwosu',
    email,
    phone: '425 555 0171',
    address: '88 Cedar Grove Rd, Renton, WA 98059',
    notes: 'Please use the back door; the cat stays inside.',
    coupon: 'save10',
  })
}

async function payOnTestCheckout(page: Page, checkoutUrl: string, total: string) {
  await page.goto(checkoutUrl)
  await page.getByRole('button', {name: `Pay ${total}`}).click()
  await page.waitForURL(/\/success\?/)
}

test.describe('booking e-mails', () => {
  test('a paid booking is confirmed to the customer exactly once, with its reference, charges, notice and calendar file; the business gets every field', async ({page, request}) => {
    const email = uniqueEmail('cordelia.booking')
    const date = futureDate(24)
    const response = await request.post('/api/bookings', {data: deepCleaning(email, date)})
    expect(response.status()).toBe(200)
    const {bookingId, checkoutUrl} = await response.json()

    // Pay confirms the payment, /success confirms it again, and so does its reload.
    await payOnTestCheckout(page, checkoutUrl, '$412.92')
    await expect(page.getByText(/A confirmation e-mail with these details is on its way/)).toBeVisible()
    const details = page.getByRole('main').locator('dl')
    const reference = (await details.locator('div', {has: page.locator('dt', {hasText: /^Reference$/})}).locator('dd').textContent())!.trim()
    expect(reference).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/)
    expect(reference.replace('-', '')).toBe(bookingId.replace(/-/g, '').slice(0, 8).toUpperCase())
    // The total in the page's normal emphasis, not the red of a warning.
    const totalColor = await details.getByText('$412.92', {exact: true}).evaluate((element) => getComputedStyle(element).color)
    expect(totalColor).not.toBe('rgb(180, 35, 24)')
    await page.reload()
    await expect(page.getByText(/Your booking is confirmed/)).toBeVisible()

    await waitForMail(E2E_INBOX, (mail) => addressOf(mail.to) === email)
    await barrier(request)
    const mail = await mailTo(email)
    const confirmations = mail.filter((message) => addressOf(message.to) === email)
    const notifications = mail.filter((message) => addressOf(message.to) === settings.email)
    expect(confirmations).toHaveLength(1)
    expect(notifications).toHaveLength(1)

    const [confirmation] = confirmations
    expect(confirmation.subject).toContain(reference)
    // Plain text is wrapped at 78 characters: compare with whitespace collapsed.
    const text = flat(confirmation.text)
    for (const expected of [
      reference,
      'House Cleaning – Deep Cleaning',
      longDate(date),
      `Arrival window ${ARRIVAL_WINDOW_LABEL}`,
      'King County',
      '88 Cedar Grove Rd, Renton, WA 98059',
      // Spec §9, Deep Cleaning: base 201.94, bedroom 30.03, bathroom 25.78, half bath 15.47.
      'Base service charge $201.94',
      'Bedrooms: 3 × $30.03 $90.09',
      'Bathrooms: 2 × $25.78 $51.56',
      'Half baths: 1 × $15.47 $15.47',
      'Tip (15%) $53.86',
      'Parking $10.00',
      '−$10.00',
      'Total paid $412.92',
      settings.phone,
      '24 hours',
    ]) {
      expect(text).toContain(expected)
    }
    expect(confirmation.html).toContain('$412.92')
    expect(addressOf(confirmation.replyTo)).toBe(settings.email)

    const [calendar] = confirmation.attachments.filter((attachment) => attachment.filename?.endsWith('.ics'))
    expect(calendar.contentType).toBe('text/calendar')
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(calendar.content.toString('utf8'))).getFirstSubcomponent('vevent')!)
    // The event covers the arrival window, 8–10 am in Renton (UTC−8 or −7).
    expect(event.startDate.isDate).toBe(false)
    const start = event.startDate.toJSDate()
    expect(new Intl.DateTimeFormat('en-CA', {timeZone: 'America/Los_Angeles'}).format(start)).toBe(date)
    expect(new Intl.DateTimeFormat('en-US', {timeZone: 'America/Los_Angeles', hour: 'numeric', minute: '2-digit'}).format(start)).toBe('8:00 AM')
    expect(event.endDate.toJSDate().getTime() - start.getTime()).toBe(2 * 60 * 60 * 1000)
    expect(event.summary).toContain('House Cleaning – Deep Cleaning')
    expect(event.uid).toContain(bookingId)
    expect(event.location).toBe('88 Cedar Grove Rd, Renton, WA 98059')

    const [notification] = notifications
    expect(addressOf(notification.replyTo)).toBe(email)
    expect(notification.subject).toContain(reference)
    for (const expected of ['Cordelia Ashby-Nwosu', email, '(425) 555-0171', '88 Cedar Grove Rd', 'Please use the back door; the cat stays inside.', 'Mostly Clean', 'Street Parking', 'Oven × 1', 'save10', `Arrival window ${ARRIVAL_WINDOW_LABEL}`, 'Total paid $412.92']) {
      expect(flat(notification.text)).toContain(expected)
    }
  })

  test('an unpaid (cancelled) booking e-mails no one', async ({page, request}) => {
    const email = uniqueEmail('unpaid.booking')
    const response = await request.post('/api/bookings', {data: deepCleaning(email, futureDate(30))})
    const {checkoutUrl} = await response.json()
    await page.goto(checkoutUrl)
    await page.getByRole('button', {name: 'Cancel'}).click()
    await page.waitForURL(/\/cancel\?/)
    await barrier(request)
    expect(await mailTo(email)).toEqual([])
  })

  test("after a cancelled payment, 'Back to the booking form' brings the form back as it was left, nothing personal in the address", async ({page}) => {
    // A journey through four pages (form, checkout, cancel, form again), each rendered anew: on a
    // loaded 2-core machine it outlasts one test's time, so it gets three.
    test.slow()
    const form = () => bookingForm(page, 'Commercial cleaning booking')
    const date = futureDate(12)
    await openBookingScreen(page, '/commercial_cleaning')
    await form().getByRole('radio', {name: 'King County', exact: true}).check()
    await form().getByRole('radio', {name: 'Retail Spaces Cleaning', exact: true}).check()
    await form().getByRole('radio', {name: 'Recurring', exact: true}).check()
    await chooseArrival(form(), {date, window: ARRIVAL_WINDOW})
    const customer = {
      'First name': 'Evander',
      'Last name': 'Quist-Mbeki',
      'E-mail': 'evander.quist@example.com',
      Phone: '(206) 555-0148',
      Address: '12 Main Ave S, Renton, WA 98057',
    }
    for (const [label, value] of Object.entries(customer)) await form().getByRole('textbox', {name: `${label} (required)`}).fill(value)
    await form().getByRole('textbox', {name: 'Notes for our team'}).fill('Alarm code at the front desk.')
    await form().getByRole('button', {name: 'Confirm & Pay'}).click()
    await page.waitForURL(/\/checkout\/test\//)
    await page.getByRole('button', {name: 'Cancel'}).click()
    await page.waitForURL(/\/cancel\?/)

    await page.getByRole('link', {name: 'Back to the booking form'}).click()
    await page.waitForURL(/\/commercial_cleaning\?resume=/)
    const url = new URL(page.url())
    expect([...url.searchParams.keys()]).toEqual(['resume'])
    expect(url.searchParams.get('resume')).toMatch(/^[0-9a-f-]{36}$/)
    await expect(form().getByRole('radio', {name: 'Retail Spaces Cleaning', exact: true})).toBeChecked()
    await expect(form().getByRole('radio', {name: 'Recurring', exact: true})).toBeChecked()
    await expect(form().getByRole('radio', {name: 'King County', exact: true})).toBeChecked()
    // The day and window come back too (the cancelled checkout freed the place).
    await dateCalendar(form()).scrollIntoViewIfNeeded()
    await expect(dateCalendar(form()).locator('td[data-selected]')).toHaveAttribute('data-day', date)
    await expect(arrivalWindows(form()).locator(`input[value="${ARRIVAL_WINDOW}"]`)).toBeChecked()
    for (const [label, value] of Object.entries(customer)) await expect(form().getByRole('textbox', {name: `${label} (required)`})).toHaveValue(value)
    await expect(form().getByRole('textbox', {name: 'Notes for our team'})).toHaveValue('Alarm code at the front desk.')
  })

  test('another browser cannot read a booking back by its id', async ({request}) => {
    const response = await request.post('/api/bookings', {data: deepCleaning(uniqueEmail('private.booking'), futureDate(40))})
    const {bookingId} = await response.json()
    const resume = await request.post('/api/bookings/resume', {data: {bookingId, idempotencyKey: randomUUID()}})
    expect(resume.status()).toBe(404)
    expect(await resume.text()).not.toContain('Cordelia')
  })
})
