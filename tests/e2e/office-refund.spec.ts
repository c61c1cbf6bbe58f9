import type {ParsedMail} from 'mailparser'
import {expect, test, type APIRequestContext, type Page} from './support/test'
import {randomUUID} from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import {expectNoHorizontalScroll} from './support/booking-ui'
import {commercialBooking} from './support/bookings'
import {flat, uniqueEmail, waitForMail} from './support/leads'
import {signInAsStaff} from './support/office'
import {addressOf, E2E_INBOX, readInbox} from './support/smtp'

/**
 * Issue 22, acceptance 4 (the browser's part): a booking made and paid through the test checkout
 * is cancelled from the office with a full or a partial refund. The booking page says cancelled and
 * refunded, the window's place is offered again, the customer gets exactly one e-mail saying what
 * was refunded, and the history names the staff member. (The Stripe adapter, and two staff
 * cancelling at once, are shown against the database and Stripe's stand-in: lib/office/money.test.ts.)
 */

const WINDOW = '14:00-16:00'

type Offer = {days: {date: string; windows: {window: string; left: number}[]}[]}

async function placesLeft(request: APIRequestContext, date: string): Promise<number> {
  const offer = (await (await request.get('/api/availability?form=commercial')).json()) as Offer
  return offer.days.find((day) => day.date === date)?.windows.find((window) => window.window === WINDOW)?.left ?? 0
}

/** A day whose commercial 2–4 pm window (one place in the test dataset) is still free; each test takes its own. */
async function dayWithOnePlace(request: APIRequestContext): Promise<string> {
  const offer = (await (await request.get('/api/availability?form=commercial')).json()) as Offer
  const days = offer.days.filter((day) => day.windows.some((window) => window.window === WINDOW && window.left === 1))
  expect(days.length).toBeGreaterThan(0)
  return days[Math.floor(Math.random() * days.length)].date
}

/** A commercial booking ($60.00) in that window, paid on the test checkout. */
async function paidBooking(page: Page, request: APIRequestContext, email: string, date: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await request.post('/api/bookings', {data: commercialBooking({email, date, arrivalWindow: WINDOW, ...overrides})})
  expect(response.status()).toBe(200)
  const {bookingId, checkoutUrl} = await response.json()
  await page.goto(checkoutUrl)
  await page.getByRole('button', {name: 'Pay $60.00'}).click()
  await page.waitForURL(/\/success\?/)
  return bookingId
}

/** Opens the booking page's cancel section (a disclosure: cancelling is never one stray click away). */
async function openCancel(page: Page, bookingId: string): Promise<void> {
  await page.goto(`/office/bookings/${bookingId}`)
  await page.getByText('Cancel this booking', {exact: true}).click()
  await expect(page.getByLabel('Refund (dollars)')).toBeVisible()
}

async function cancellationMails(email: string): Promise<ParsedMail[]> {
  return (await readInbox(E2E_INBOX)).filter((mail) => addressOf(mail.to) === email && /cancelled/i.test(mail.subject ?? ''))
}

test.describe('cancelling a booking from the office', () => {
  test('with a full refund: cancelled and refunded, its place offered again, one e-mail to the customer, the history names the member', async ({page, request}) => {
    const email = uniqueEmail('office.refund.full')
    const date = await dayWithOnePlace(request)
    const bookingId = await paidBooking(page, request, email, date)
    expect(await placesLeft(request, date)).toBe(0)

    const staffName = `Refund Desk ${Date.now().toString(36)}`
    await signInAsStaff(page, staffName)
    await openCancel(page, bookingId)
    await expect(page.getByLabel('Refund (dollars)')).toHaveValue('60.00')
    await page.getByRole('button', {name: 'Cancel and refund'}).click()

    await expect(page.getByRole('status').filter({hasText: 'Cancelled. $60.00 refunded'})).toBeVisible()
    await expect.poll(() => placesLeft(request, date)).toBe(1)
    const [mail] = await waitForMail(E2E_INBOX, (candidate) => addressOf(candidate.to) === email && /cancelled/i.test(candidate.subject ?? ''))
    expect(flat(mail.text)).toContain('We have refunded $60.00 to the card you paid with.')
    expect(await cancellationMails(email)).toHaveLength(1)
    await expect(page.getByText(staffName).first()).toBeVisible()

    // A second cancel (another tab, a double click) refunds nothing more and sends nothing more.
    const again = await page.request.post(`/office/bookings/${bookingId}/cancel`, {form: {amount: '60.00'}, maxRedirects: 0, headers: {Origin: new URL(page.url()).origin}})
    expect(again.status()).toBe(303)
    expect(again.headers().location).toContain('problem=cancel-already_cancelled')
    expect(await cancellationMails(email)).toHaveLength(1)
  })

  test('with a partial refund: more than was paid is refused beside the field, then $25.50 goes back', async ({page, request}) => {
    const email = uniqueEmail('office.refund.partial')
    const date = await dayWithOnePlace(request)
    const bookingId = await paidBooking(page, request, email, date)

    await signInAsStaff(page)
    await openCancel(page, bookingId)
    await page.getByLabel('Refund (dollars)').fill('70')
    await page.getByRole('button', {name: 'Cancel and refund'}).click()
    await expect(page.getByLabel('Refund (dollars)')).toHaveValue('70')
    await expect(page.getByLabel('Refund (dollars)')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('That is more than was paid. At most $60.00 can be refunded.')).toBeVisible()

    await page.getByLabel('Refund (dollars)').fill('25.50')
    await page.getByRole('button', {name: 'Cancel and refund'}).click()
    await expect(page.getByRole('status').filter({hasText: 'Cancelled. $25.50 refunded'})).toBeVisible()
    await expect.poll(() => placesLeft(request, date)).toBe(1)
    const [mail] = await waitForMail(E2E_INBOX, (candidate) => addressOf(candidate.to) === email && /cancelled/i.test(candidate.subject ?? ''))
    expect(flat(mail.text)).toContain('We have refunded $25.50')
  })

  test("a customer's request to cancel is in Needs attention (on a phone); its link opens the booking, and cancelling without a refund completes it", async ({page, request}) => {
    const email = uniqueEmail('office.refund.request')
    const firstName = `Request${randomUUID().slice(0, 6)}`
    const date = await dayWithOnePlace(request)
    await paidBooking(page, request, email, date, {firstName})
    const [confirmation] = await waitForMail(E2E_INBOX, (mail) => addressOf(mail.to) === email && /confirmed/i.test(mail.subject ?? ''))
    const token = flat(confirmation.text).match(/\/manage-booking\/([A-Za-z0-9._-]+)/)?.[1]
    expect(token, 'the confirmation carries a manage link').toBeTruthy()
    expect((await request.post('/api/bookings/manage', {data: {token, action: 'cancel'}})).status()).toBe(200)

    await page.setViewportSize({width: 360, height: 740})
    await signInAsStaff(page)
    await page.goto('/office/attention')
    const requests = page.getByRole('region', {name: /Cancellation requests/})
    await expect(requests).toContainText(firstName)
    await expectNoHorizontalScroll(page)
    // This page's own content (the office's shell is the access test's to check).
    const axe = await new AxeBuilder({page}).include('#attention-page').options({resultTypes: ['violations']}).analyze()
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([])

    await requests.getByRole('link', {name: new RegExp(firstName)}).click()
    await expect(page.getByText('The customer asked to cancel: cancelling here completes their request.')).toBeVisible()
    await page.getByLabel('Refund (dollars)').fill('0')
    await page.getByRole('button', {name: 'Cancel and refund'}).click()
    await expect(page.getByRole('status').filter({hasText: 'Cancelled without a refund'})).toBeVisible()
    await expectNoHorizontalScroll(page)
    await page.goto('/office/attention')
    await expect(page.getByRole('region', {name: /Cancellation requests/})).not.toContainText(firstName)
    const [mail] = await waitForMail(E2E_INBOX, (candidate) => addressOf(candidate.to) === email && /is cancelled/i.test(candidate.subject ?? ''))
    expect(flat(mail.text)).toContain('No refund is due for this booking.')
  })
})
