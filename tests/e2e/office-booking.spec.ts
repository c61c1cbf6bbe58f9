import type {ParsedMail} from 'mailparser'
import {companyLocalNow, companyLocalTimeToDate} from '../../lib/company-time.ts'
import {expect, test, type APIRequestContext, type Page} from './support/test'
import AxeBuilder from '@axe-core/playwright'
import {expectNoHorizontalScroll, fillCommercialBooking} from './support/booking-ui'
import {commercialBooking, longDate} from './support/bookings'
import {getDocument} from './support/dataset'
import {flat, uniqueEmail, waitForMail} from './support/leads'
import {baseUrlOf, signInAsStaff} from './support/office'
import {addressOf, E2E_INBOX} from './support/smtp'

/**
 * The office's page of one booking: a booking made through the commercial form is
 * opened in the office and moved by a staff member, first into a window the customer could not
 * choose (within 24 hours, or before the booking forms' lead time), then out of it again (a move of
 * a booking whose window is within 24 hours). Each move e-mails the customer once, naming the new
 * window; the history names the staff member; /api/availability frees and takes the places.
 */

type Offer = {days: {date: string; windows: {window: string; left: number}[]}[]}
const movedByOffice = getDocument<{bookingMovedByOffice: {heading: string}}>('emailSettings').bookingMovedByOffice

async function offered(request: APIRequestContext): Promise<Offer> {
  const response = await request.get('/api/availability?form=commercial')
  expect(response.status()).toBe(200)
  return (await response.json()) as Offer
}

/** The places `/api/availability` says are left in a window (0 when it is not offered). */
function placesLeft(offer: Offer, date: string, window: string): number {
  return offer.days.find((day) => day.date === date)?.windows.find((candidate) => candidate.window === window)?.left ?? 0
}

/** A commercial day and window customers can book now, chosen at random so parallel tests rarely meet. */
function freeSlot(offer: Offer, not?: string): {date: string; window: string} {
  const days = offer.days.filter((day) => day.date !== not && day.windows.length > 0).slice(5)
  expect(days.length).toBeGreaterThan(0)
  const day = days[Math.floor(Math.random() * days.length)]
  return {date: day.date, window: day.windows[Math.floor(Math.random() * day.windows.length)].window}
}

/** '08:00-10:00' → '8:00 AM – 10:00 AM', as pages and e-mails show a window. */
function windowLabel(window: string): string {
  const time = (value: string) => {
    const [hours, minutes] = value.split(':').map(Number)
    return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`
  }
  const [start, end] = window.split('-')
  return `${time(start)} – ${time(end)}`
}

/** The office's move form: shows `date`'s windows, answers the open ones (value, start). */
async function officeWindows(page: Page, date: string): Promise<{date: string; window: string; startsAt: Date}[]> {
  const move = page.getByRole('region', {name: 'Move to another window'})
  await move.getByLabel('Date', {exact: true}).fill(date)
  await move.getByRole('button', {name: 'Show windows'}).click()
  await page.waitForURL((url) => url.searchParams.get('date') === date)
  await expect(move.getByLabel('Date', {exact: true})).toHaveValue(date)
  const values = await move.locator('input[name="arrivalWindow"]:not([disabled])').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))
  return values.map((window) => ({date, window, startsAt: companyLocalTimeToDate(`${date}T${window.slice(0, 5)}`) as Date}))
}

async function moveTo(page: Page, date: string, window: string): Promise<void> {
  await officeWindows(page, date)
  const move = page.getByRole('region', {name: 'Move to another window'})
  await move.getByRole('radio', {name: new RegExp(`^${windowLabel(window)}`)}).check()
  await move.getByRole('button', {name: 'Move the booking'}).click()
  // The outcome is said at the top of the page, and focus is on it.
  const outcome = page.getByRole('status').filter({hasText: 'Moved.'})
  await expect(outcome).toBeVisible()
  await expect(outcome).toBeFocused()
}

function movedMails(email: string) {
  return (mail: ParsedMail) => addressOf(mail.to) === email && flat(mail.text).includes(movedByOffice.heading)
}

test('staff move a booking made through the form, also within 24 hours: one e-mail to the customer per move, the history names them, the places follow; an internal note', async ({page, request}) => {
  test.setTimeout(120_000)
  const email = uniqueEmail('office.move')
  const before = await offered(request)
  const first = freeSlot(before)
  const firstLeft = placesLeft(before, first.date, first.window)

  // The customer books through the commercial form and pays on the test checkout.
  const form = await fillCommercialBooking(page, first, {firstName: 'Odile', lastName: 'Fairweather', email, phone: '425 555 0163', address: '55 Williams Ave S, Renton, WA 98057'})
  await form.getByRole('button', {name: 'Confirm & Pay'}).click()
  await page.waitForURL(/\/checkout\/test\//)
  await page.getByRole('button', {name: 'Pay $60.00'}).click()
  await page.waitForURL(/\/success\?/)
  const id = new URL(page.url()).searchParams.get('bookingId') as string
  expect(placesLeft(await offered(request), first.date, first.window)).toBe(firstLeft - 1)

  // A staff member signs in and opens it in the office.
  const staffPage = await page.context().newPage()
  const {name: staffName} = await signInAsStaff(staffPage, `Nell Desk ${email.slice(12, 16)}`)
  await staffPage.goto(`/office/bookings/${id}`)
  await expect(staffPage.getByRole('heading', {level: 1})).toHaveText(`Booking ${id.replace(/-/g, '').slice(0, 8).toUpperCase().replace(/^(.{4})/, '$1-')}`)
  await expect(staffPage.getByRole('link', {name: email})).toBeVisible()

  // First move: to the soonest window the office offers (customers cannot book before tomorrow, or
  // the day after from 5 pm).
  const [today] = companyLocalNow().split('T')
  const day = (ahead: number) => new Date(Date.parse(`${today}T12:00:00Z`) + ahead * 86_400_000).toISOString().slice(0, 10)
  const soon = [...(await officeWindows(staffPage, day(0))), ...(await officeWindows(staffPage, day(1))), ...(await officeWindows(staffPage, day(2)))]
  expect(soon.length).toBeGreaterThan(0)
  const near = soon[0]
  await moveTo(staffPage, near.date, near.window)
  const [nearMail] = await waitForMail(E2E_INBOX, movedMails(email))
  expect(flat(nearMail.subject)).toContain(`${longDate(near.date)}, ${windowLabel(near.window)}`)
  expect(flat(nearMail.text)).toContain(`${longDate(near.date)}, ${windowLabel(near.window)}`)
  expect(flat(nearMail.text)).toMatch(/\/manage-booking\/[A-Za-z0-9._-]+/)
  // Its old place is offered again.
  expect(placesLeft(await offered(request), first.date, first.window)).toBe(firstLeft)

  // Second move, 23 hours before that window (the office's clock for this page: the suite's test
  // clock, lib/office/shared/test-clock.ts), which the customer's manage link no longer allows: into another
  // day customers can book.
  const beforeLast = await offered(request)
  const last = freeSlot(beforeLast, first.date)
  const lastLeft = placesLeft(beforeLast, last.date, last.window)
  const within24h = new Date(Math.max(Date.now(), near.startsAt.getTime() - 23 * 3_600_000))
  await staffPage.setExtraHTTPHeaders({'x-office-test-now': within24h.toISOString()})
  await moveTo(staffPage, last.date, last.window)
  await staffPage.setExtraHTTPHeaders({})
  const mails = await waitForMail(E2E_INBOX, movedMails(email), 2)
  // One e-mail per move.
  expect(mails).toHaveLength(2)
  const lastMail = mails.find((mail) => flat(mail.text).includes(`${longDate(last.date)}, ${windowLabel(last.window)}`))
  expect(lastMail, 'the second e-mail names the new window').toBeTruthy()
  expect(placesLeft(await offered(request), last.date, last.window)).toBe(lastLeft - 1)

  // The history names the staff member for both moves.
  const history = staffPage.getByRole('region', {name: 'History'})
  await expect(history.getByRole('listitem').filter({hasText: staffName}).filter({hasText: `to ${longDate(last.date)}, ${windowLabel(last.window)}`})).toHaveCount(1)
  await expect(history.getByRole('listitem').filter({hasText: staffName}).filter({hasText: 'Moved from'})).toHaveCount(2)

  // An internal note: an empty one is refused beside the field (focused there), then one is kept with its author.
  const notes = staffPage.getByRole('region', {name: 'Internal notes'})
  await notes.getByLabel('New note').fill('   ')
  await notes.getByRole('button', {name: 'Add the note'}).click()
  await expect(notes.getByLabel('New note')).toBeFocused()
  await expect(notes.getByLabel('New note')).toHaveAccessibleDescription(/Write the note first\./)
  await notes.getByLabel('New note').fill('Side door; the alarm code is on the key tag.')
  await notes.getByRole('button', {name: 'Add the note'}).click()
  await expect(staffPage.getByRole('status').filter({hasText: 'Note added.'})).toBeFocused()
  await expect(notes.getByRole('listitem').filter({hasText: staffName}).filter({hasText: 'Side door; the alarm code is on the key tag.'})).toHaveCount(1)

  // On a crew lead's phone: no sideways scrolling, nothing axe finds in the page's content.
  await staffPage.setViewportSize({width: 360, height: 800})
  await expectNoHorizontalScroll(staffPage)
  const axe = await new AxeBuilder({page: staffPage}).include('#office-main').options({resultTypes: ['violations']}).analyze()
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([])
})

test('without JavaScript, a refused note or refund amount is still where focus lands: the answer’s address names that field', async ({browser, page, request}) => {
  // The page focuses a refused field with a script; the answer's fragment (#…) names the same
  // field, so the browser focuses it too (Chromium focuses a fragment's element once the page's
  // styles have loaded, or clears focus when it cannot take it, whichever comes after the script).
  const slot = freeSlot(await offered(request))
  const made = await request.post('/api/bookings', {data: commercialBooking({email: uniqueEmail('office.nojs'), date: slot.date, arrivalWindow: slot.window})})
  expect(made.status()).toBe(200)
  const {bookingId, checkoutUrl} = (await made.json()) as {bookingId: string; checkoutUrl: string}
  await page.goto(checkoutUrl)
  await page.getByRole('button', {name: 'Pay $60.00'}).click()
  await page.waitForURL(/\/success\?/)
  // The owner: only they are offered a refund amount (an office member cancels without one).
  await signInAsStaff(page, 'Nico Noscript', {role: 'owner'})

  const context = await browser.newContext({baseURL: baseUrlOf(), storageState: await page.context().storageState(), javaScriptEnabled: false})
  try {
    const office = await context.newPage()
    await office.goto(`/office/bookings/${bookingId}`)
    const notes = office.getByRole('region', {name: 'Internal notes'})
    await notes.getByLabel('New note').fill('   ')
    await notes.getByRole('button', {name: 'Add the note'}).click()
    await office.waitForURL((url) => url.searchParams.get('field') === 'note')
    await expect(notes.getByLabel('New note')).toBeFocused()
    await expect(notes.getByLabel('New note')).toHaveAccessibleDescription(/Write the note first\./)

    const cancel = office.getByRole('region', {name: 'Cancel this booking'})
    await cancel.getByText('Cancel this booking', {exact: true}).click()
    await cancel.getByLabel('Refund (dollars)').fill('sixty')
    await cancel.getByRole('button', {name: 'Cancel and refund'}).click()
    await office.waitForURL((url) => url.searchParams.has('amount'))
    await expect(cancel.getByLabel('Refund (dollars)')).toBeFocused()
    await expect(cancel.getByLabel('Refund (dollars)')).toHaveValue('sixty')
  } finally {
    await context.close()
  }
})
