import {expect, test} from './support/test'
import {axeViolations} from './support/booking-ui'
import {longDate} from './support/bookings'
import {getDocument} from './support/dataset'
import {uniqueEmail, waitForMail} from './support/leads'
import {addDays, manageLinkOf, paidWeeklyPlan, PLAN_DIFFERENCE, planFirstDate} from './support/manage-plans'
import {addressOf, E2E_INBOX} from './support/smtp'

/**
 * In the browser: the customer's manage link manages the plan. A weekly
 * house plan paid on the test checkout; its manage page shows the plan (how often, status, card, the
 * visits to come and whether each is charged) and skips one visit, pauses, resumes and cancels the
 * plan, each saying what happened in the page's status line (focus moves there) and by e-mail;
 * cancelled before its second visit, the difference to the one-time price is charged to the kept
 * test card. (Each action within 24 hours is refused: lib/booking/manage-plans.test.ts, with a clock.)
 */

type PlanTexts = Record<
  'heading' | 'statusActive' | 'statusPaused' | 'statusCancelled' | 'visitNotCharged' | 'skipButton' | 'skipped' | 'pauseButton' | 'paused' |
  'resumeButton' | 'resumed' | 'cancelButton' | 'cancelConfirm' | 'cancelConfirmButton' | 'cancelled' | 'earlyCharged' | 'earlyCancellationNotice' | 'cardHeading',
  string
>
const texts = getDocument<{managePlan: PlanTexts}>('paymentPages').managePlan
const mailTexts = getDocument<{planChanged: {subject: string}}>('emailSettings').planChanged

test('a plan visit’s manage page shows the plan and skips, pauses, resumes and cancels it', async ({page, request}) => {
  test.setTimeout(120_000)
  const email = uniqueEmail('manage.plan')
  const first = planFirstDate()
  const {confirmation} = await paidWeeklyPlan(page, request, email, first)
  await page.goto(manageLinkOf(confirmation))

  const plan = page.getByRole('region', {name: texts.heading})
  await expect(plan).toBeVisible()
  await expect(plan).toHaveAttribute('data-plan-status', 'active')
  await expect(plan.getByText(texts.statusActive, {exact: true})).toBeVisible()
  await expect(plan.getByText('Weekly', {exact: true})).toBeVisible()
  await expect(plan.getByRole('heading', {name: texts.cardHeading})).toBeVisible()
  await expect(plan.getByText(texts.earlyCancellationNotice.replace('{amount}', PLAN_DIFFERENCE))).toBeVisible()
  const next = addDays(first, 7)
  const nextVisit = plan.locator(`li[data-plan-visit="${next}"]`)
  await expect(nextVisit).toContainText(longDate(next))
  await expect(nextVisit).toContainText(texts.visitNotCharged)
  expect(await axeViolations(page)).toEqual([])

  const status = page.getByRole('status').first()
  // Skip the next visit: it leaves the list, the status line says so and takes the focus.
  await nextVisit.getByRole('button', {name: new RegExp(`^${texts.skipButton}`)}).click()
  await expect(status).toHaveText(texts.skipped)
  await expect(status).toBeFocused()
  await expect(plan.locator(`li[data-plan-visit="${next}"]`)).toHaveCount(0)
  await waitForMail(E2E_INBOX, (mail) => addressOf(mail.to) === email && mail.subject === mailTexts.subject.replace('{frequency}', 'Weekly'))

  await plan.getByRole('button', {name: texts.pauseButton}).click()
  await expect(status).toHaveText(texts.paused)
  await expect(plan).toHaveAttribute('data-plan-status', 'paused')
  await plan.getByRole('button', {name: texts.resumeButton}).click()
  await expect(status).toHaveText(texts.resumed)
  await expect(plan).toHaveAttribute('data-plan-status', 'active')

  // Cancel: asked to confirm (focus on the question), then the difference is charged once.
  await plan.getByRole('button', {name: texts.cancelButton}).click()
  await expect(plan.getByText(texts.cancelConfirm)).toBeFocused()
  await plan.getByRole('button', {name: texts.cancelConfirmButton}).click()
  await expect(status).toHaveText(`${texts.cancelled} ${texts.earlyCharged.replace('{amount}', PLAN_DIFFERENCE)}`)
  await expect(plan).toHaveAttribute('data-plan-status', 'cancelled')
  await expect(plan.getByRole('button', {name: texts.cancelButton})).toHaveCount(0)
  expect(await axeViolations(page)).toEqual([])
})
