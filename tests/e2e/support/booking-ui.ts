import AxeBuilder from '@axe-core/playwright'
import {expect, type Locator, type Page} from '@playwright/test'

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

/** The sidebar's Summary box. */
export function summary(page: Page): Locator {
  return page.getByRole('complementary').getByRole('region', {name: 'Summary'})
}

/** The summary's total (in its aria-live region): "Total $412.92". */
export function summaryTotal(page: Page): Locator {
  return page.getByTestId('summary-total')
}

/** One row of a summary <dl>: the <dd> whose <dt> is `label`. */
export function summaryValue(page: Page, label: string): Locator {
  return summary(page).locator('dl > div', {has: page.locator('dt', {hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)})}).locator('dd')
}

/** The currently shown review of a carousel ("3 of 15"). */
export function currentReview(page: Page): Locator {
  return page.getByRole('region', {name: 'Customer Reviews'}).getByRole('group', {name: /^\d+ of \d+$/})
}

/** Collects the POSTs to /api/bookings a page makes. */
export function countBookingPosts(page: Page): {readonly count: number} {
  const counter = {count: 0}
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/bookings') counter.count += 1
  })
  return counter
}
