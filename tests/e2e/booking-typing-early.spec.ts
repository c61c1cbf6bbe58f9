import type {Page} from '@playwright/test'
import {expect, test} from './support/test'
import {holdScripts} from './support/network'
import {bookingForm, countBookingPosts, openBookingScreen, summaryTotal} from './support/booking-ui'

/**
 * A booking screen's later sections come alive when the visitor reaches them, not with the page
 * (components/booking/shared/sectionHydration.ts). What a visitor must never notice: a keystroke
 * typed, or a choice made, before the code arrived is lost. Each screen is typed into before any of
 * its scripts has arrived (held with Playwright's routing, no timing), and once more as soon as its
 * HTML is there with the scripts running; every character must be in the form, and be the form's:
 * a submit of the unfinished form flags what is missing, never what was typed.
 */

const SCREENS = [
  {path: '/house_cleaning', form: 'House cleaning booking', coupon: true, choice: {radio: 'Deep Cleaning'}},
  {path: '/exterior_cleaning', form: 'Exterior cleaning booking', coupon: false},
  {path: '/carpet_cleaning', form: 'Carpet cleaning booking', coupon: true},
  {path: '/commercial_cleaning', form: 'Commercial cleaning booking', coupon: false},
] as const

const TYPED = {firstName: 'Maria-José', lastName: "O'Neil", email: 'maria@example.test', notes: 'Gate code 4321, the dog is friendly.'}
/** Typed into the coupon box (a draft until applied: it stays in the box, it is not the form's coupon). */
const COUPON_DRAFT = 'SPRING'

/** Types each character as a key press into the later sections' fields. */
async function typeDetails(page: Page, formName: string, coupon: boolean) {
  const form = bookingForm(page, formName)
  if (coupon) await form.locator('input[name=coupon]').pressSequentially(COUPON_DRAFT)
  await form.locator('input[name=firstName]').pressSequentially(TYPED.firstName)
  await form.locator('input[name=lastName]').pressSequentially(TYPED.lastName)
  await form.locator('input[name=email]').pressSequentially(TYPED.email)
  await form.locator('textarea[name=notes]').pressSequentially(TYPED.notes)
}

/** Every section live, every character still there and the form's own: a submit flags only what is missing. */
async function expectKeptAndOwned(page: Page, formName: string, coupon: boolean) {
  const form = bookingForm(page, formName)
  await expect(page.locator('form[data-interactive]')).toHaveCount(1)
  await expect(form.locator('[data-hydrate-later]:not([data-hydrated])')).toHaveCount(0)
  const posts = countBookingPosts(page)
  await form.getByRole('button', {name: /Confirm/}).click()
  // The unfinished form is refused in the browser: the date (never chosen) is flagged…
  await expect(form.locator('[aria-invalid=true]').first()).toBeVisible()
  for (const [name, value] of Object.entries(TYPED)) {
    const control = form.locator(`[name=${name}]`)
    await expect(control, `${name} keeps every character`).toHaveValue(value)
    // …and what was typed is not: the form holds it.
    await expect(control, `${name} is the form's value`).not.toHaveAttribute('aria-invalid', 'true')
  }
  if (coupon) await expect(form.locator('input[name=coupon]')).toHaveValue(COUPON_DRAFT)
  expect(posts.count).toBe(0)
}

for (const screen of SCREENS) {
  test(`${screen.path}: what is typed and chosen before the page's code arrives is kept and is the form's`, async ({page}) => {
    const scripts = await holdScripts(page)
    await page.goto(screen.path, {waitUntil: 'domcontentloaded'})
    const form = bookingForm(page, screen.form)
    await typeDetails(page, screen.form, screen.coupon)
    if ('choice' in screen) await form.getByRole('radio', {name: screen.choice.radio}).check()
    await scripts.release()
    if ('choice' in screen) {
      // The summary, live with the page, shows the choice made in a section that was still HTML.
      await expect(page.getByRole('complementary').getByText(screen.choice.radio).first()).toBeVisible()
      await expect(form.getByRole('radio', {name: screen.choice.radio})).toBeChecked()
    }
    await expectKeptAndOwned(page, screen.form, screen.coupon)
  })

  test(`${screen.path}: what is typed straight after the page arrives, while its code starts, is kept and is the form's`, async ({page}) => {
    await page.goto(screen.path, {waitUntil: 'commit'})
    await typeDetails(page, screen.form, screen.coupon)
    await expectKeptAndOwned(page, screen.form, screen.coupon)
  })
}

test('buttons pressed in a section whose code has not arrived all count, in order, once it is live', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 900})
  await openBookingScreen(page, '/carpet_cleaning')
  const form = bookingForm(page, 'Carpet cleaning booking')
  // The page is live; the later sections' code, asked for at the visitor's first move, is held.
  const scripts = await holdScripts(page)
  await form.getByRole('radio', {name: 'King County'}).check()
  await form.getByRole('group', {name: /^Frequency/}).getByRole('radio', {name: /^Every 3 Months/}).check()
  for (let press = 0; press < 3; press++) await form.getByRole('button', {name: 'Increase Rooms'}).click()
  await form.getByRole('button', {name: 'Increase Staircases'}).click()
  await expect.poll(() => scripts.count, 'the sections’ code was asked for and is held').toBeGreaterThan(0)
  await expect(form.locator('[data-hydrate-later]:not([data-hydrated])')).not.toHaveCount(0)

  await scripts.release()
  await expect(form.getByRole('spinbutton', {name: 'Rooms'})).toHaveValue('3')
  await expect(form.getByRole('spinbutton', {name: 'Staircases'})).toHaveValue('1')
  // King County, Every 3 Months: 4 × $44.00.
  await expect(summaryTotal(page)).toHaveText(/^Total\s+\$176\.00$/)
})

test('a visitor who only scrolls gets the later sections live, their code fetched then and not with the page', async ({page}) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  await page.goto('/house_cleaning')
  const form = bookingForm(page, 'House cleaning booking')
  await expect(page.locator('form[data-interactive]')).toHaveCount(1)
  await page.waitForLoadState('networkidle')
  // Loaded and quiet, untouched: the later sections are still the server's HTML.
  await expect(form.locator('[data-hydrate-later]:not([data-hydrated])')).not.toHaveCount(0)
  const withThePage = scripts.length

  await page.mouse.move(200, 400)
  await page.mouse.wheel(0, 600)
  await expect(form.locator('[data-hydrate-later]:not([data-hydrated])')).toHaveCount(0)
  expect(scripts.length, 'scripts fetched once the visitor scrolled').toBeGreaterThan(withThePage)
})
