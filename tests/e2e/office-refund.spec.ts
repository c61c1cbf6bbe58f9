import type {ParsedMail} from 'mailparser'
import {expect, test, type APIRequestContext, type Page} from './support/test'
import {randomUUID} from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import {expectNoHorizontalScroll} from './support/booking-ui'
import {commercialBooking} from './support/bookings'
import {flat, uniqueEmail, waitForMail} from './support/leads'
import {baseUrlOf, signInAsStaff} from './support/office'
import {addressOf, E2E_INBOX, readInbox} from './support/smtp'

/**
 * The browser's part of the office's money: a booking made and paid through the test checkout is
 * cancelled from the office with a full or a partial refund (by the owner; an office member cancels
 * without one), or refunded in part with a reason, the visit kept — each after a confirmation that
 * works without JavaScript. The booking page says what happened and shows the payment as Paid,
 * Partly refunded or Refunded, the customer gets exactly one e-mail saying what was refunded (and
 * why), and the history names the member. (The Stripe adapter, two members at once and the
 * database's limits are shown against the database and Stripe's stand-in: lib/office/money/actions.test.ts,
 * lib/office/money/refunds.test.ts.)
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

/** The cancel form's first step, then its confirmation, which says what will happen: Confirm. */
async function confirmCancel(page: Page, question: string | RegExp): Promise<void> {
  await page.getByRole('button', {name: /^Cancel and refund/}).click()
  await expect(page.getByRole('heading', {name: 'Confirm the cancellation'})).toBeVisible()
  await expect(page.getByText(question)).toBeVisible()
  await page.getByRole('button', {name: 'Confirm cancellation'}).click()
}

/** The Payment box's facts, as label → value. */
async function paymentFacts(page: Page): Promise<Record<string, string>> {
  const box = page.getByRole('region', {name: 'Payment', exact: true})
  const labels = await box.locator('dt').allInnerTexts()
  const values = await box.locator('dd').allInnerTexts()
  return Object.fromEntries(labels.map((label, index) => [label, values[index]]))
}

async function cancellationMails(email: string): Promise<ParsedMail[]> {
  return (await readInbox(E2E_INBOX)).filter((mail) => addressOf(mail.to) === email && /cancelled/i.test(mail.subject ?? ''))
}

test.describe('cancelling a booking from the office', () => {
  // Each test books, pays and adds a member (through the owner's page) before its own steps.
  test.slow()
  test('with a full refund: cancelled and refunded, its place offered again, one e-mail to the customer, the history names the member', async ({page, request}) => {
    const email = uniqueEmail('office.refund.full')
    const date = await dayWithOnePlace(request)
    const bookingId = await paidBooking(page, request, email, date)
    expect(await placesLeft(request, date)).toBe(0)

    const staffName = `Refund Desk ${Date.now().toString(36)}`
    await signInAsStaff(page, staffName, {role: 'owner'})
    await openCancel(page, bookingId)
    await expect(page.getByLabel('Refund (dollars)')).toHaveValue('60.00')
    await confirmCancel(page, /and refund \$60\.00\?$/)

    await expect(page.getByRole('status').filter({hasText: 'Cancelled. $60.00 refunded'})).toBeVisible()
    // The reviewer's finding: after a full refund the Payment box no longer says Paid.
    expect(await paymentFacts(page)).toMatchObject({Status: 'Refunded', 'Amount paid': '$60.00', Refunded: '$60.00', Kept: '$0.00'})
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

    await signInAsStaff(page, 'Pat Owner', {role: 'owner'})
    await openCancel(page, bookingId)
    await page.getByLabel('Refund (dollars)').fill('70')
    await page.getByRole('button', {name: /^Cancel and refund/}).click()
    await expect(page.getByLabel('Refund (dollars)')).toHaveValue('70')
    await expect(page.getByLabel('Refund (dollars)')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('That is more than is left of the payment. At most $60.00 can be refunded.')).toBeVisible()

    await page.getByLabel('Refund (dollars)').fill('25.50')
    // Back from the confirmation keeps what was typed; nothing changed.
    await page.getByRole('button', {name: /^Cancel and refund/}).click()
    await page.getByRole('link', {name: 'Back'}).click()
    await expect(page.getByLabel('Refund (dollars)')).toHaveValue('25.50')
    await confirmCancel(page, /and refund \$25\.50\?$/)
    await expect(page.getByRole('status').filter({hasText: 'Cancelled. $25.50 refunded'})).toBeVisible()
    expect(await paymentFacts(page)).toMatchObject({Status: 'Partly refunded', Refunded: '$25.50', Kept: '$34.50'})
    await expect.poll(() => placesLeft(request, date)).toBe(1)
    const [mail] = await waitForMail(E2E_INBOX, (candidate) => addressOf(candidate.to) === email && /cancelled/i.test(candidate.subject ?? ''))
    expect(flat(mail.text)).toContain('We have refunded $25.50')
  })

  test("a customer's request to cancel is in Needs attention (on a phone); its link opens the booking, and an office member's cancel without a refund completes it", async ({page, request}) => {
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
    // An office member is offered no refund (and no Refund action); a refund posted anyway is refused.
    await expect(page.getByLabel('Refund (dollars)')).toHaveCount(0)
    await expect(page.getByRole('region', {name: 'Refund', exact: true})).toHaveCount(0)
    const bookingPage = new URL(page.url())
    const sneaked = await page.request.post(`${bookingPage.pathname}/cancel`, {form: {amount: '60.00', confirmed: 'yes'}, maxRedirects: 0, headers: {Origin: bookingPage.origin}})
    expect(sneaked.status()).toBe(403)
    await page.getByRole('button', {name: 'Cancel without refund…'}).click()
    await expect(page.getByText(/ without a refund\?$/)).toBeVisible()
    await page.getByRole('button', {name: 'Confirm cancellation'}).click()
    await expect(page.getByRole('status').filter({hasText: 'Cancelled without a refund'})).toBeVisible()
    expect(await paymentFacts(page)).toMatchObject({Status: 'Paid', Refunded: '$0.00', Kept: '$60.00'})
    await expectNoHorizontalScroll(page)
    await page.goto('/office/attention')
    await expect(page.getByRole('region', {name: /Cancellation requests/})).not.toContainText(firstName)
    const [mail] = await waitForMail(E2E_INBOX, (candidate) => addressOf(candidate.to) === email && /is cancelled/i.test(candidate.subject ?? ''))
    expect(flat(mail.text)).toContain('No refund is due for this booking.')
  })
})

test.describe('refunding a booking apart from cancelling it', () => {
  test.slow()
  test('without JavaScript: the owner refunds $20 for a reason after a confirmation, once however often it is posted, then the rest; the visit stays booked', async ({page, request, browser}) => {
    const email = uniqueEmail('office.refund.apart')
    const firstName = `Refund${randomUUID().slice(0, 6)}`
    const date = await dayWithOnePlace(request)
    const bookingId = await paidBooking(page, request, email, date, {firstName})
    const ownerName = `Olive Owner ${Date.now().toString(36)}`
    await signInAsStaff(page, ownerName, {role: 'owner'})

    const context = await browser.newContext({baseURL: baseUrlOf(), storageState: await page.context().storageState(), javaScriptEnabled: false})
    try {
      const office = await context.newPage()
      await office.goto(`/office/bookings/${bookingId}`)
      const refund = office.getByRole('region', {name: 'Refund', exact: true})
      await refund.getByText('Refund', {exact: true}).click()
      // No reason chosen: refused beside the reasons, the amount kept.
      await refund.getByLabel('Amount (dollars)').fill('20')
      await refund.getByRole('button', {name: 'Review refund…'}).click()
      await expect(office.getByText('Choose a reason: the customer reads it in the e-mail.')).toBeVisible()
      await expect(refund.getByLabel('Amount (dollars)')).toHaveValue('20')
      await refund.getByLabel('Goodwill').check()
      await refund.getByRole('button', {name: 'Review refund…'}).click()

      const confirm = office.getByRole('region', {name: 'Confirm the refund'})
      await expect(confirm).toContainText(`Refund $20.00 to ${firstName} `)
      await expect(confirm).toContainText('for the reason “Goodwill”?')
      // Nothing is refunded before it is confirmed.
      expect(await paymentFacts(office)).toMatchObject({Status: 'Paid', Refunded: '$0.00'})
      const form = Object.fromEntries(
        await confirm.locator('input[type=hidden]').evaluateAll((inputs) => inputs.map((input) => [(input as HTMLInputElement).name, (input as HTMLInputElement).value])),
      ) as Record<string, string>
      await confirm.getByRole('button', {name: 'Confirm refund'}).click()

      await expect(office.getByRole('status').filter({hasText: 'Refunded $20.00; the customer is e-mailed with the reason.'})).toBeVisible()
      expect(await paymentFacts(office)).toMatchObject({Status: 'Partly refunded', 'Amount paid': '$60.00', Refunded: '$20.00', Kept: '$40.00'})
      await expect(office.getByRole('region', {name: 'History'})).toContainText(`${ownerName}: Refunded $20.00, the visit kept. Reason: Goodwill`)
      // The visit is kept: still booked, its place still taken.
      expect(await placesLeft(request, date)).toBe(0)

      // The same confirmation posted again (a double click, a replay): the same answer, nothing more refunded.
      const replay = await office.request.post(`/office/bookings/${bookingId}/refund`, {form, maxRedirects: 0, headers: {Origin: baseUrlOf()}})
      expect(replay.status()).toBe(303)
      expect(replay.headers().location).toContain('done=refunded')
      const [mail] = await waitForMail(E2E_INBOX, (candidate) => addressOf(candidate.to) === email && /refund of \$20\.00/i.test(candidate.subject ?? ''))
      expect(flat(mail.text)).toContain('we have refunded $20.00 for your')
      expect(flat(mail.text)).toContain('The reason: a goodwill gesture from us.')

      // The rest, for a reason typed: the payment is then Refunded, in the list as well.
      await office.goto(`/office/bookings/${bookingId}`)
      await refund.getByText('Refund', {exact: true}).click()
      await expect(refund.getByText('Up to $40.00, what is left to refund.')).toBeVisible()
      await refund.getByLabel('Amount (dollars)').fill('40')
      await refund.getByLabel('Other (type it)').check()
      await refund.getByLabel('Other reason, in your words').fill('The back porch was not reachable')
      await refund.getByRole('button', {name: 'Review refund…'}).click()
      await expect(confirm).toContainText('for the reason “The back porch was not reachable”?')
      await confirm.getByRole('button', {name: 'Confirm refund'}).click()
      await expect(office.getByRole('status').filter({hasText: 'Refunded $40.00'})).toBeVisible()
      expect(await paymentFacts(office)).toMatchObject({Status: 'Refunded', Refunded: '$60.00', Kept: '$0.00'})
      await expect(office.getByRole('region', {name: 'Refund', exact: true})).toContainText('Everything paid has been refunded ($60.00).')

      const [second] = await waitForMail(E2E_INBOX, (candidate) => addressOf(candidate.to) === email && /refund of \$40\.00/i.test(candidate.subject ?? ''))
      expect(flat(second.text)).toContain('The reason: The back porch was not reachable.')
      // One e-mail per refund: the replayed confirmation sent none.
      const mails = (await readInbox(E2E_INBOX)).filter((candidate) => addressOf(candidate.to) === email && /^A refund of/.test(candidate.subject ?? ''))
      expect(mails.map((candidate) => candidate.subject?.replace(/ for your booking .*/, '')).sort()).toEqual(['A refund of $20.00', 'A refund of $40.00'])

      await office.goto(`/office/bookings?q=${encodeURIComponent(firstName)}`)
      await expect(office.getByRole('row').filter({hasText: firstName})).toContainText('Refunded')
    } finally {
      await context.close()
    }
  })
})
