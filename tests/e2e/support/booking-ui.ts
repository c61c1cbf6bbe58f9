import AxeBuilder from '@axe-core/playwright'
import {expect, type Locator, type Page} from '@playwright/test'
import {COMMERCIAL_CUSTOMER} from './bookings'
import {byOrderRank, documentsOfType} from './dataset'

/** The two widths every booking screen is checked at. */
export const VIEWPORTS = [
  {name: 'desktop', width: 1280, height: 900},
  {name: 'phone', width: 390, height: 844},
] as const

/**
 * Every axe violation on the page, as readable lines. Nothing is excluded but, where a page has one,
 * the OpenStreetMap frame (`[data-map-frame]`): a third party's page. Only violations are worked
 * out in full (axe's passes and incomplete results are not needed here, and cost a third of its time).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // A button the pointer just clicked is still fading to its hover colours; axe would read the
  // contrast halfway through. Check the page as it settles (endless animations aside).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  )
  const results = await new AxeBuilder({page}).exclude('[data-map-frame]').options({resultTypes: ['violations']}).analyze()
  return results.violations.map(
    (violation) => `${violation.impact}: ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  )
}

/** Fails when the page scrolls sideways (content wider than the viewport). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

/** Opens a booking screen and waits until its form is interactive (hydrated). */
export async function openBookingScreen(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await expect(page.locator('form[data-interactive]')).toHaveCount(1)
}

/** The booking form (a named form landmark). */
export function bookingForm(page: Page, name: string): Locator {
  return page.getByRole('form', {name})
}

/** The summary's total (in its aria-live region): "Total $412.92". */
export function summaryTotal(page: Page): Locator {
  // The summary on the screen: the sidebar's on a desktop, the form's (before Confirm & Pay) on a phone.
  return page.getByTestId('summary-total').filter({visible: true})
}

/** Collects the POSTs to /api/bookings a page makes. */
export function countBookingPosts(page: Page): {readonly count: number} {
  const counter = {count: 0}
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/bookings') counter.count += 1
  })
  return counter
}

/** The booking form's date calendar (a group named by its label, holding react-day-picker's grid). */
export function dateCalendar(form: Locator): Locator {
  return form.getByRole('group', {name: 'Date', exact: true})
}

/** The booking form's arrival windows. */
export function arrivalWindows(form: Locator): Locator {
  return form.getByRole('group', {name: 'Arrival window (required)', exact: true})
}

/**
 * Picks a day in the form's calendar, the first one offered or `pick.date` (moving to its month),
 * then one of that day's arrival windows (the first, or `pick.window` as 'HH:MM-HH:MM'), as a
 * customer would. Answers what was picked.
 */
export async function chooseArrival(form: Locator, pick: {date?: string; window?: string} = {}): Promise<{date: string; window: string}> {
  const calendar = dateCalendar(form)
  // The calendar loads as it comes near the screen (or once the form is in use).
  await calendar.scrollIntoViewIfNeeded()
  // Its month shown (the first offered day's, or on the manage page the booking's) before looking for the day.
  await calendar.getByRole('grid').first().waitFor()
  const day = pick.date ? calendar.locator(`td[data-day="${pick.date}"] button`) : calendar.locator('td[data-day]:not([data-disabled]) button').first()
  for (let months = 0; pick.date && months < 3 && (await day.count()) === 0; months++) {
    await calendar.getByRole('button', {name: /next month/i}).click()
  }
  await day.click()
  const date = await calendar.locator('td[data-selected]').getAttribute('data-day')
  const windows = arrivalWindows(form)
  const radio = pick.window ? windows.locator(`input[value="${pick.window}"]`) : windows.getByRole('radio').first()
  await radio.check()
  return {date: date ?? '', window: (await radio.getAttribute('value')) ?? ''}
}

/** Who books: the customer's details, under the same labels on all four forms. */
export type Customer = {firstName: string; lastName: string; email: string; phone: string; address: string}

/** Types the customer's details (COMMERCIAL_CUSTOMER unless another is given). */
export async function fillCustomerDetails(form: Locator, customer: Customer = COMMERCIAL_CUSTOMER): Promise<void> {
  for (const [label, value] of [
    ['First name', customer.firstName],
    ['Last name', customer.lastName],
    ['E-mail', customer.email],
    ['Phone', customer.phone],
    ['Address', customer.address],
  ] as const) {
    await form.getByRole('textbox', {name: label}).fill(value)
  }
}

/**
 * The commercial form filled in for a Corporate Office Cleaning (Single Deep Cleaning) in `slot`
 * for `customer`, up to Confirm & Pay: answers the form.
 */
export async function fillCommercialBooking(page: Page, slot: {date: string; window: string}, customer: Customer): Promise<Locator> {
  await openBookingScreen(page, '/commercial_cleaning')
  const form = bookingForm(page, 'Commercial cleaning booking')
  await form.getByRole('group', {name: 'Service (required)', exact: true}).getByRole('radio', {name: 'Corporate Office Cleaning', exact: true}).check()
  await form.getByRole('group', {name: 'Frequency (required)', exact: true}).getByRole('radio', {name: 'Single Deep Cleaning', exact: true}).check()
  expect(await chooseArrival(form, slot)).toEqual(slot)
  await fillCustomerDetails(form, customer)
  return form
}

/** A text, e-mail, phone or date field of the page's main part by its label (maybe followed by " (required)"). */
export function field(page: Page, label: string): Locator {
  return page.getByRole('main').getByLabel(new RegExp(`^${escapeRegExp(label)}( \\(required\\))?$`))
}

/** A radio group (fieldset) of the page's main part by the start of its legend. */
export function group(page: Page, legend: string): Locator {
  return page.getByRole('main').getByRole('group', {name: new RegExp(`^${legend}`)})
}

/** Collects the texts of any alert, confirm or prompt the page opens (messages belong in the page, never in pop-ups). */
export function forbidDialogs(page: Page): string[] {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  return dialogs
}

type QuestionDoc = {_id: string; form: string; question: string; answer: string[]; orderRank: string}
type ReviewDoc = {_id: string; form: string; text: string; author: string; stars: number; orderRank: string}

/** The popular questions of one booking form, in the editors' order. */
export function questionsOf(form: string): QuestionDoc[] {
  return documentsOfType<QuestionDoc>('popularQuestion')
    .filter((question) => question.form === form)
    .sort(byOrderRank)
}

/** The review samples of one booking form, in the editors' order. */
export function reviewsOf(form: string): ReviewDoc[] {
  return documentsOfType<ReviewDoc>('reviewSample')
    .filter((review) => review.form === form)
    .sort(byOrderRank)
}

/** Presses Tab (keyboard only) until `target` has focus; fails after `max` presses. */
export async function tabUntil(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Tab never reached ${String(target)}`)
}

/** Presses Tab until the focused control has the field name `name` (radios: their group's); fails after `max` presses. */
export async function tabToField(page: Page, name: string, max = 60): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab')
    if ((await page.evaluate(() => document.activeElement?.getAttribute('name') ?? null)) === name) return
  }
  throw new Error(`Tab never reached the field ${name}`)
}

/** The accessible name of the focused element starts with `name`. */
export async function expectFocused(page: Page, name: string): Promise<void> {
  await expect(page.locator(':focus')).toHaveAccessibleName(new RegExp(`^${escapeRegExp(name)}`))
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
