import {planWords} from '../../lib/office/plans/words.ts'
import {expect, test} from './support/test'
import {axeViolations} from './support/booking-ui'
import {longDate} from './support/bookings'
import {uniqueEmail} from './support/leads'
import {addDays, paidWeeklyPlan, PLAN_DIFFERENCE, planFirstDate} from './support/manage-plans'
import {signInAsStaff} from './support/office'

/**
 * Plans in the office: a plan made by a customer is reached from its first visit's
 * booking page; its page lists the visits with their charge state and the charges; staff skip a
 * visit, pause, resume and cancel it (the early-cancellation difference charged), each answered on
 * the page and recorded with the member's name; /office/plans lists it under its status.
 */

const w = planWords

test('staff open a plan from its booking, skip a visit, pause, resume and cancel it, each recorded with their name', async ({page, request}) => {
  test.setTimeout(150_000)
  const email = uniqueEmail('office.plan')
  const first = planFirstDate()
  const {bookingId} = await paidWeeklyPlan(page, request, email, first)
  const {name} = await signInAsStaff(page, 'Petra Plans', {role: 'owner', next: `/office/bookings/${bookingId}`})

  await page.getByRole('link', {name: w.bookingLink}).click()
  await page.waitForURL(/\/office\/plans\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', {level: 1})).toHaveText(w.pageTitle('Rosalind Quigley'))
  await expect(page.getByRole('navigation', {name: 'Office'}).getByRole('link', {name: w.listTitle})).toHaveAttribute('aria-current', 'page')
  const next = addDays(first, 7)
  const nextRow = page.locator(`tr[data-plan-visit="${next}"]`)
  await expect(nextRow).toContainText(longDate(next))
  await expect(nextRow).toContainText(w.charge.scheduled)
  await expect(page.locator(`tr[data-plan-visit="${first}"]`)).toContainText(w.charge.paid)
  expect(await axeViolations(page)).toEqual([])

  await nextRow.getByRole('button', {name: /^Skip the visit of/}).click()
  const outcome = page.locator('#outcome')
  await expect(outcome).toHaveText(w.done.skipped)
  await expect(outcome).toBeFocused()
  await expect(page.locator(`tr[data-plan-visit="${next}"]`)).toContainText(w.charge.skipped)

  await page.getByRole('button', {name: w.pauseButton}).click()
  await expect(page.locator('#outcome')).toHaveText(w.done.paused)
  await page.getByRole('button', {name: w.resumeButton}).click()
  await expect(page.locator('#outcome')).toHaveText(w.done.resumed)

  await expect(page.getByLabel(w.cancelEarly(PLAN_DIFFERENCE))).toBeChecked()
  await page.getByRole('button', {name: w.cancelButton}).click()
  await expect(page.locator('#outcome')).toHaveText(`${w.done.cancelled} ${w.chargeOutcome.succeeded}`)
  const charge = page.locator('tr[data-plan-charge="early_cancellation"]')
  await expect(charge).toContainText(PLAN_DIFFERENCE)
  await expect(charge).toContainText(w.chargeStatus.succeeded)
  // Every change names who made it.
  const changes = page.getByRole('region', {name: w.changesHeading})
  for (const kind of ['visit_skipped', 'paused', 'resumed', 'cancelled']) await expect(changes.getByText(`${w.changeKinds[kind]} by ${name}`)).toBeVisible()

  // The list, filtered by status.
  await page.goto('/office/plans?status=cancelled')
  await expect(page.getByRole('row', {name: new RegExp('Rosalind Quigley')}).first()).toBeVisible()
  await page.getByLabel(w.filterLabel).selectOption('active')
  await page.getByRole('button', {name: w.filterButton}).click()
  await page.waitForURL(/status=active/)
  await expect(page.getByLabel(w.filterLabel)).toHaveValue('active')
})
