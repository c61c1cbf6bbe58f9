import AxeBuilder from '@axe-core/playwright'
import {expect, type Locator, type Page} from '@playwright/test'
import {byOrderRank, documentsOfType} from './dataset'

/** Helpers shared by the exterior and carpet booking screen specs. */

export const VIEWPORTS = [
  {name: 'desktop', width: 1280, height: 900},
  {name: 'mobile', width: 390, height: 844},
] as const

/** Serious or critical axe violations on the page as it is now ([] when there are none). */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // A button the pointer just clicked is still fading to its hover colours; axe would read the
  // contrast halfway through. Check the page as it settles (endless animations aside).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  )
  const results = await new AxeBuilder({page}).options({resultTypes: ['violations']}).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
}

/** The page is no wider than the window (nothing to scroll sideways at 390 px). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const {scrollWidth, innerWidth} = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
}

/** Fails the test if the page opens any alert, confirm or prompt (decisions.md: messages in the page). */
export function forbidDialogs(page: Page): string[] {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  return dialogs
}

/** Counts the booking requests the page sends (none may leave for invalid input). */
export function countBookingRequests(page: Page): {count: number} {
  const counter = {count: 0}
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/bookings') counter.count += 1
  })
  return counter
}

/** The sidebar box headed `heading` (Summary Section, Customer Reviews, Popular Questions). */
export function sidebarBox(page: Page, heading: string | RegExp): Locator {
  return page.getByRole('complementary').getByRole('region', {name: heading})
}

/** The value of one row of a summary (a `<dt>label</dt><dd>value</dd>` pair). */
export function summaryValue(summary: Locator, label: string): Locator {
  return summary.locator('dt', {hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)}).locator('xpath=following-sibling::dd[1]')
}

/** The summary's total ("Total $90.00"), the element the live region announces. */
export function summaryTotal(page: Page): Locator {
  // The summary on the screen: the sidebar's on a desktop, the form's (before Confirm & Pay) on a phone.
  return page.getByTestId('summary-total').filter({visible: true})
}

/** A text, e-mail, phone or date field by its label (the visible label, maybe followed by " (required)"). */
export function field(page: Page, label: string): Locator {
  return page.getByRole('main').getByLabel(new RegExp(`^${escape(label)}( \\(required\\))?$`))
}

/** A radio group (fieldset) by its legend. */
export function group(page: Page, legend: string): Locator {
  return page.getByRole('main').getByRole('group', {name: new RegExp(`^${legend}`)})
}

type ReviewDoc = {_id: string; form: string; text: string; author: string; stars: number; orderRank: string}
type QuestionDoc = {_id: string; form: string; question: string; answer: string[]; orderRank: string}

/** The review samples of one booking form, in the editors' order. */
export function reviewsOf(form: string): ReviewDoc[] {
  return documentsOfType<ReviewDoc>('reviewSample')
    .filter((review) => review.form === form)
    .sort(byOrderRank)
}

/** The popular questions of one booking form, in the editors' order. */
export function questionsOf(form: string): QuestionDoc[] {
  return documentsOfType<QuestionDoc>('popularQuestion')
    .filter((question) => question.form === form)
    .sort(byOrderRank)
}

/**
 * The review carousel of the screen at `path`: every review of the form's content, one shown at a
 * time; with nothing hovered or focused it advances every 3 s by itself; Next advances by hand
 * (after pausing), and paused it stays. Time is Playwright's clock, moved by the test alone.
 */
export async function checkReviewCarousel(page: Page, form: string, path: string): Promise<void> {
  // The clock stands still from before the page loads, so the rotation starts at a known moment.
  const start = Date.now()
  await page.clock.install({time: start})
  await page.clock.pauseAt(start + 1000)
  await page.goto(path)
  const reviews = reviewsOf(form)
  const box = sidebarBox(page, 'Customer Reviews')
  const slides = box.locator('[aria-roledescription="slide"]')
  await expect(slides).toHaveCount(reviews.length)
  await expect(slides).toHaveText(reviews.map((review) => new RegExp(escape(review.text))))
  const shown = box.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])')
  const position = async () => Number((await shown.getAttribute('aria-label'))?.split(' of ')[0])

  // Auto-advance every 3 s while nothing is hovered or focused.
  await page.mouse.move(0, 0)
  const first = await position()
  await page.clock.runFor(2_999)
  expect(await position()).toBe(first)
  await page.clock.runFor(1)
  await expect(shown).toHaveAttribute('aria-label', `${(first % reviews.length) + 1} of ${reviews.length}`)

  // Pause, then Next moves exactly one review on.
  await box.getByRole('button', {name: 'Pause reviews'}).click()
  await expect(box.getByRole('button', {name: 'Play reviews'})).toBeVisible()
  const before = await position()
  await expect(shown).toHaveCount(1)
  const next = box.getByRole('button', {name: 'Next review'})
  await next.click()
  const expected = (before % reviews.length) + 1
  await expect(shown).toHaveAttribute('aria-label', `${expected} of ${reviews.length}`)
  await expect(shown).toContainText(reviews[expected - 1].text)
  await expect(shown).toContainText(reviews[expected - 1].author)
  await expect(shown.getByRole('img', {name: `${reviews[expected - 1].stars} out of 5 stars`})).toBeVisible()
  // Paused: it stays there.
  await page.clock.runFor(9_000)
  await expect(shown).toHaveAttribute('aria-label', `${expected} of ${reviews.length}`)
}

/** Popular Questions: the form's four questions, each opening its answer, one open at a time. */
export async function checkPopularQuestions(page: Page, form: string): Promise<void> {
  const questions = questionsOf(form)
  expect(questions).toHaveLength(4)
  const box = sidebarBox(page, 'Popular Questions')
  const triggers = box.getByRole('button')
  await expect(triggers).toHaveText(questions.map((item) => item.question))
  for (const [index, item] of questions.entries()) {
    const trigger = triggers.nth(index)
    await trigger.click()
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    const panel = box.getByRole('region', {name: item.question})
    for (const line of item.answer) await expect(panel).toContainText(line)
    await expect(panel).toBeVisible()
    // One answer open at a time.
    await expect(box.locator('button[aria-expanded="true"]')).toHaveCount(1)
  }
  // Clicking the open one closes it.
  await triggers.nth(questions.length - 1).click()
  await expect(box.locator('button[aria-expanded="true"]')).toHaveCount(0)

  // decisions.md: schema.org FAQPage data where FAQs show.
  const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as {'@type': string; mainEntity?: {name: string}[]})
  const faqPage = data.find((item) => item['@type'] === 'FAQPage')
  expect(faqPage?.mainEntity?.map((entity) => entity.name)).toEqual(questions.map((item) => item.question))
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * Presses Tab (keyboard only) until the focused element is a control named `name` (the form field
 * name) or matches `accessibleName` for buttons; fails after `max` presses.
 */
export async function tabTo(page: Page, target: {name?: string; text?: RegExp}, max = 60): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null
      return {name: element?.getAttribute('name') ?? null, text: element?.textContent?.trim() ?? ''}
    })
    if (target.name !== undefined && focused.name === target.name) return
    if (target.text && target.text.test(focused.text)) return
  }
  throw new Error(`Tab never reached ${JSON.stringify({name: target.name, text: String(target.text)})}`)
}
