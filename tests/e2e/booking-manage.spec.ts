import {randomUUID} from 'node:crypto'
import ICAL from 'ical.js'
import type {ParsedMail} from 'mailparser'
import {manageLinkExpiry, signManageToken} from '../../lib/booking/manage-link.ts'
import {expect, test, type APIRequestContext, type Page} from './support/test'
import {ARRIVAL_WINDOW, ARRIVAL_WINDOW_LABEL, COMMERCIAL_SERVICE, commercialBooking, futureDate, longDate} from './support/bookings'
import {axeViolations, chooseArrival, dateCalendar, expectNoHorizontalScroll} from './support/booking-ui'
import {getDocument} from './support/dataset'
import {flat, uniqueEmail, waitForMail} from './support/leads'
import {addressOf, E2E_INBOX} from './support/smtp'

/**
 * The customer manages a paid booking through the private link in its confirmation e-mail:
 * moves it to a free window more than 24 hours ahead, or asks to cancel, and both sides
 * hear of it by e-mail; an altered or expired link, a full window and a booking within 24 hours of
 * its window are refused, the last with the phone number to call.
 */

type ManageTexts = Record<
  | 'heading'
  | 'linkInvalid'
  | 'linkExpired'
  | 'linkReplaced'
  | 'changeable'
  | 'tooLate'
  | 'cancellationRequested'
  | 'moved'
  | 'moveButton'
  | 'cancelButton'
  | 'cancelConfirm'
  | 'cancelConfirmButton'
  | 'historyHeading'
  | 'movedHistory'
  | 'cancellationRequestedHistory'
  | 'unavailable',
  string
>
const texts = getDocument<{manage: ManageTexts}>('paymentPages').manage
const settings = getDocument<{phone: string; email: string}>('siteSettings')

/** A commercial booking ($60.00) for `email`, paid on the test checkout; its confirmation e-mail. */
async function paidBooking(page: Page, request: APIRequestContext, email: string, overrides: Record<string, unknown> = {}): Promise<{bookingId: string; confirmation: ParsedMail}> {
  const response = await request.post('/api/bookings', {data: commercialBooking({email, ...overrides})})
  expect(response.status()).toBe(200)
  const {bookingId, checkoutUrl} = await response.json()
  await page.goto(checkoutUrl)
  await page.getByRole('button', {name: 'Pay $60.00'}).click()
  await page.waitForURL(/\/success\?/)
  const [confirmation] = await waitForMail(E2E_INBOX, (mail) => addressOf(mail.to) === email && /confirmed/i.test(mail.subject ?? ''))
  return {bookingId, confirmation}
}

/** The manage page's path from the confirmation e-mail's link (the same in its HTML and text parts). */
function manageLink(mail: ParsedMail): string {
  const fromText = flat(mail.text).match(/https?:\/\/\S+\/manage-booking\/[A-Za-z0-9._-]+/)?.[0]
  expect(fromText, 'the e-mail carries a manage link').toBeTruthy()
  expect(mail.html || '').toContain(`href="${fromText}"`)
  return new URL(fromText as string).pathname
}

/** A day whose commercial 2–4 pm window (one place in the test dataset) is still free; each test takes its own. */
async function dayWithTightPlace(request: APIRequestContext): Promise<string> {
  const offer = (await (await request.get('/api/availability?form=commercial')).json()) as {days: {date: string; windows: {window: string}[]}[]}
  const days = offer.days.filter((day) => day.windows.some((window) => window.window === '14:00-16:00'))
  expect(days.length).toBeGreaterThan(0)
  return days[Math.floor(Math.random() * days.length)].date
}

function moveForm(page: Page) {
  return page.getByRole('form', {name: 'Move to another arrival window'})
}

test.describe('managing a booking through its link', () => {
  test('the confirmation e-mail links to the booking, which moves to a free window; both sides are told and the change is listed', async ({page, request}) => {
    const email = uniqueEmail('manage.move')
    const date = futureDate(20)
    const {confirmation} = await paidBooking(page, request, email, {date})
    const path = manageLink(confirmation)
    // The 24-hour advice once, in the manage link's sentence (not again in a notice beside it).
    expect(flat(confirmation.text).match(/24 hours/g)).toHaveLength(1)

    await page.goto(path)
    await expect(page.getByRole('heading', {level: 1, name: texts.heading})).toBeVisible()
    await expect(page.getByText(longDate(date), {exact: true})).toBeVisible()
    await expect(page.getByText(ARRIVAL_WINDOW_LABEL, {exact: true})).toBeVisible()
    await expect(page.getByText(texts.changeable)).toBeVisible()

    const newDate = futureDate(27)
    await chooseArrival(moveForm(page), {date: newDate, window: '12:00-14:00'})
    expect(await axeViolations(page)).toEqual([])
    await moveForm(page).getByRole('button', {name: texts.moveButton}).click()
    await expect(page.getByRole('status').filter({hasText: texts.moved})).toBeVisible()
    await expect(page.getByText(longDate(newDate), {exact: true})).toBeVisible()
    await expect(page.getByText('12:00 PM – 2:00 PM', {exact: true})).toBeVisible()
    const history = page.getByRole('region', {name: texts.historyHeading})
    // The line in the content's words, with the old and the new date and window filled in.
    await expect(history).toContainText(
      texts.movedHistory.replace('{from}', `${longDate(date)}, ${ARRIVAL_WINDOW_LABEL}`).replace('{to}', `${longDate(newDate)}, 12:00 PM – 2:00 PM`),
    )

    // The customer: the new date and window, and the calendar event moved (same event, next version).
    const [moved] = await waitForMail(E2E_INBOX, (mail) => addressOf(mail.to) === email && /is moved to/.test(mail.subject ?? ''))
    expect(moved.subject).toContain(`${longDate(newDate)}, 12:00 PM – 2:00 PM`)
    const calendar = moved.attachments.find((attachment) => attachment.filename?.endsWith('.ics'))
    const event = new ICAL.Component(ICAL.parse(calendar!.content.toString('utf8'))).getFirstSubcomponent('vevent')!
    expect(event.getFirstPropertyValue('sequence')).toBe(1)
    expect((event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().getTime()).toBeGreaterThan(Date.parse(`${newDate}T19:00:00Z`))
    expect(manageLink(moved)).not.toBe(path)
    // The business: what was and what is, answering the customer.
    const [notice] = await waitForMail(E2E_INBOX, (mail) => addressOf(mail.to) === settings.email && addressOf(mail.replyTo) === email && /moved to/.test(mail.subject ?? ''))
    expect(flat(notice.text)).toContain(`${longDate(date)}, ${ARRIVAL_WINDOW_LABEL}`)
  })

  test("after a move the old link only says it was replaced, with the phone number, and changes nothing; the latest e-mail's link works", async ({page, request}) => {
    const email = uniqueEmail('manage.replaced')
    const date = futureDate(22)
    const {confirmation} = await paidBooking(page, request, email, {date})
    const oldPath = manageLink(confirmation)
    const oldToken = oldPath.split('/').pop() as string
    await page.goto(oldPath)
    const newDate = futureDate(29)
    await chooseArrival(moveForm(page), {date: newDate, window: '12:00-14:00'})
    await moveForm(page).getByRole('button', {name: texts.moveButton}).click()
    await expect(page.getByRole('status').filter({hasText: texts.moved})).toBeVisible()
    const [moved] = await waitForMail(E2E_INBOX, (mail) => addressOf(mail.to) === email && /is moved to/.test(mail.subject ?? ''))
    const newPath = manageLink(moved)
    expect(newPath).not.toBe(oldPath)
    // The page of the customer who moved it carries on under the new link.
    await expect(page).toHaveURL(new RegExp(`${newPath}$`))

    // The old link (the confirmation's): the replaced message and the phone number, nothing of the booking.
    await page.goto(oldPath)
    await expect(page.getByText(texts.linkReplaced)).toBeVisible()
    await expect(page.getByRole('region', {name: 'Your booking'}).getByRole('link', {name: settings.phone})).toHaveAttribute('href', /^tel:/)
    await expect(page.getByText(longDate(newDate), {exact: true})).toHaveCount(0)
    await expect(moveForm(page)).toHaveCount(0)
    // A move or a cancellation request with it is refused and changes nothing.
    for (const data of [
      {token: oldToken, action: 'reschedule', date: futureDate(30), arrivalWindow: '12:00-14:00'},
      {token: oldToken, action: 'cancel'},
    ]) {
      const refused = await request.post('/api/bookings/manage', {data})
      expect(refused.status()).toBe(410)
      expect(await refused.json()).toEqual({ok: false, kind: 'link', refusal: 'linkReplaced'})
    }

    // The latest e-mail's link: the booking as the move left it, still changeable, no cancellation asked.
    await page.goto(newPath)
    await expect(page.getByText(longDate(newDate), {exact: true})).toBeVisible()
    await expect(page.getByText(texts.changeable)).toBeVisible()
    const history = page.getByRole('region', {name: texts.historyHeading})
    await expect(history.getByRole('listitem')).toHaveCount(1)
    await expect(history).not.toContainText(texts.cancellationRequestedHistory)
  })

  test('a request to cancel reaches the business; the page then says so and offers no move', async ({page, request}) => {
    const email = uniqueEmail('manage.cancel')
    const {confirmation} = await paidBooking(page, request, email, {date: futureDate(21)})
    // On the smallest phone.
    await page.setViewportSize({width: 320, height: 640})
    await page.goto(manageLink(confirmation))
    await page.getByRole('button', {name: texts.cancelButton}).click()
    await expect(page.getByText(texts.cancelConfirm)).toBeFocused()
    await expectNoHorizontalScroll(page)
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', {name: texts.cancelConfirmButton}).click()
    await expect(page.getByRole('status').filter({hasText: texts.cancellationRequested})).toBeVisible()
    await expect(moveForm(page)).toHaveCount(0)
    await expect(page.getByRole('region', {name: texts.historyHeading})).toContainText(texts.cancellationRequestedHistory)
    // Said once: the status line, not again by the page read anew.
    await expect(page.getByText(texts.cancellationRequested)).toHaveCount(1)

    const [request_] = await waitForMail(E2E_INBOX, (mail) => addressOf(mail.to) === settings.email && addressOf(mail.replyTo) === email && /Cancellation request/.test(mail.subject ?? ''))
    expect(flat(request_.text)).toContain('until you cancel and refund it')
    await waitForMail(E2E_INBOX, (mail) => addressOf(mail.to) === email && /request to cancel/.test(mail.subject ?? ''))

    // Reloaded later, it still says so, once.
    await page.reload()
    await expect(page.getByText(texts.cancellationRequested)).toBeVisible()
    await expect(page.getByText(texts.cancellationRequested)).toHaveCount(1)
    await expect(page.getByRole('button', {name: texts.cancelButton})).toHaveCount(0)
  })

  test("the move form's calendar opens on the month of the booking, not the current month", async ({page, request}) => {
    const email = uniqueEmail('manage.month')
    // 40 days ahead is always a later month than today's, whose days the calendar would otherwise show.
    const date = futureDate(40)
    const {confirmation} = await paidBooking(page, request, email, {date})
    await page.goto(manageLink(confirmation))
    const calendar = dateCalendar(moveForm(page))
    await calendar.scrollIntoViewIfNeeded()
    const month = new Intl.DateTimeFormat('en-US', {month: 'long', year: 'numeric', timeZone: 'UTC'}).format(new Date(`${date}T12:00:00Z`))
    await expect(calendar.getByRole('grid', {name: month})).toBeVisible()
    await expect(calendar.locator(`td[data-day="${date}"]`)).toBeVisible()
  })

  test('an altered link shows nothing of the booking and changes nothing; a full window asked for by hand is refused', async ({page, request}) => {
    const email = uniqueEmail('manage.refused')
    const {confirmation} = await paidBooking(page, request, email, {date: futureDate(22)})
    const path = manageLink(confirmation)
    const token = path.split('/').pop() as string
    const altered = `${token.slice(0, -3)}${token.endsWith('xyz') ? 'abc' : 'xyz'}`

    await page.goto(`/manage-booking/${altered}`)
    await expect(page.getByText(texts.linkInvalid)).toBeVisible()
    await expect(page.getByRole('region', {name: 'Your booking'}).getByRole('link', {name: settings.phone})).toHaveAttribute('href', /^tel:/)
    await expect(page.getByText(COMMERCIAL_SERVICE)).toHaveCount(0)
    const refused = await request.post('/api/bookings/manage', {data: {token: altered, action: 'cancel'}})
    expect(refused.status()).toBe(403)

    // The commercial 2–4 pm window takes one booking: another customer's paid booking fills it.
    const full = await dayWithTightPlace(request)
    await paidBooking(page, request, uniqueEmail('manage.other'), {date: full, arrivalWindow: '14:00-16:00'})
    const answer = await request.post('/api/bookings/manage', {data: {token, action: 'reschedule', date: full, arrivalWindow: '14:00-16:00'}})
    expect(answer.status()).toBe(400)
    expect(await answer.json()).toEqual({ok: false, kind: 'validation', fieldErrors: {arrivalWindow: 'windowFull'}})
    await page.goto(path)
    await expect(page.getByText(longDate(futureDate(22)), {exact: true})).toBeVisible()
    await expect(page.getByText(ARRIVAL_WINDOW_LABEL, {exact: true})).toBeVisible()
  })
})

test.describe('a booking within 24 hours of its window, and an expired link', () => {
  test.setTimeout(120_000)

  // On the worker's private stack (support/private-stack.ts): a booking stored straight into its database.
  test('says to call, with the phone number, and refuses a move or a cancellation; an expired link says it expired; the database away, that the booking cannot be shown', async ({page, privateStack: stack}) => {
    // A paid booking whose window starts in 10 hours, stored as the booking flow stores one.
    const startsAt = new Date(Date.now() + 10 * 3_600_000)
    const {rows} = await stack.db.query<{id: string}>(
      `insert into public.bookings (industry, idempotency_key, first_name, last_name, email, phone, address, location, service, frequency,
         date, arrival_window, service_family, window_starts_at, amount_cents, amount, payment_status, payment_provider, payment_session_id, paid_at)
       values ('commercial', $1, 'Ida', 'Soon', 'ida.soon@example.com', '4255550100', '1 Main Ave S, Renton, WA 98057', 'King County',
         'Corporate Office Cleaning', 'Recurring', $2, $3, 'commercial', $4, 6000, 60.00, 'paid', 'test', $5, now()) returning id`,
      [randomUUID(), startsAt.toISOString().slice(0, 10), ARRIVAL_WINDOW, startsAt.toISOString(), `test_cs_${randomUUID().replace(/-/g, '')}`],
    )
    const id = rows[0].id
    // The same key the server signs with: made once by the database, for every process.
    const {rows: [{secret}]} = await stack.db.query<{secret: string}>(`select public.app_secret('booking_manage_link') as secret`)
    const token = signManageToken(id, manageLinkExpiry(startsAt.toISOString()), secret)

    await page.goto(`${stack.server.baseUrl}/manage-booking/${token}`)
    await expect(page.getByText(texts.tooLate)).toBeVisible()
    await expect(page.getByRole('region', {name: 'Your booking'}).getByRole('link', {name: settings.phone})).toHaveAttribute('href', /^tel:/)
    await expect(moveForm(page)).toHaveCount(0)
    await expect(page.getByRole('button', {name: texts.cancelButton})).toHaveCount(0)

    const move = await page.request.post(`${stack.server.baseUrl}/api/bookings/manage`, {data: {token, action: 'reschedule', date: futureDate(10), arrivalWindow: ARRIVAL_WINDOW}})
    expect(move.status()).toBe(409)
    expect(await move.json()).toEqual({ok: false, kind: 'refused', refusal: 'tooLate'})
    const cancel = await page.request.post(`${stack.server.baseUrl}/api/bookings/manage`, {data: {token, action: 'cancel'}})
    expect(cancel.status()).toBe(409)
    expect((await stack.db.query('select 1 from public.booking_changes where booking_id = $1', [id])).rows).toHaveLength(0)

    const expired = signManageToken(id, new Date(Date.now() - 60_000), secret)
    await page.goto(`${stack.server.baseUrl}/manage-booking/${expired}`)
    await expect(page.getByText(texts.linkExpired)).toBeVisible()
    const late = await page.request.post(`${stack.server.baseUrl}/api/bookings/manage`, {data: {token: expired, action: 'cancel'}})
    expect(late.status()).toBe(410)

    // The database unreachable: the page says so (not "not found") and gives the number.
    await stack.stopDatabase()
    try {
      await page.goto(`${stack.server.baseUrl}/manage-booking/${token}`)
      await expect(page.getByText(texts.unavailable)).toBeVisible()
      await expect(page.getByRole('region', {name: 'Your booking'}).getByRole('link', {name: settings.phone})).toHaveAttribute('href', /^tel:/)
    } finally {
      await stack.startDatabase()
    }
  })
})
