import {mkdirSync} from 'node:fs'
import {join} from 'node:path'
import type {Page} from '@playwright/test'
import {formatUsd} from '../../lib/booking/money'
import {BOOKING_LIST_WORDS} from '../../lib/office/bookings/words'
import {DASHBOARD_WORDS} from '../../lib/office/dashboard/words'
import {DECEMBER_BY_HAND, NOVEMBER_BY_HAND, seedLeads, seedNovember, seedToday} from '../../lib/office/dashboard/test-support/money-fixtures'
import type {MoneyFigures} from '../../lib/office/dashboard/money'
import {axeViolations} from './support/booking-ui'
import {layoutProblems} from './support/layout'
import {signInAs} from './support/office'
import {startPrivateStack, type PrivateStack} from './support/private-stack'
import {expect, test} from './support/test'

/**
 * The dashboard on a site of its own (the suite's shared server has other tests' bookings, so only a
 * private one has exact figures), on Supabase's wire format: November 2026 and today's jobs seeded
 * with SQL as the site stores them, the office's clock at Wednesday 2 December 2026, 10:00 in Renton.
 * Every figure is the one worked out by hand in lib/office/dashboard/test-support/money-fixtures.ts;
 * each money figure's link opens the bookings list, whose totals say the same.
 */

const OWNER = 'owner@dashboard.test'
const OFFICE = 'office@dashboard.test'
const CLOCK = {'x-office-test-now': '2026-12-02T18:00:00.000Z'}
const NOVEMBER_RANGE = '/office?from=2026-11-01&to=2026-11-30'
const W = DASHBOARD_WORDS

test.describe('the dashboard', () => {
  test.describe.configure({mode: 'serial'})
  test.setTimeout(180_000)
  let stack: PrivateStack

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    stack = await startPrivateStack({OFFICE_TEST_CLOCK: 'on'})
    await seedNovember(stack.db)
    await seedToday(stack.db)
    await seedLeads(stack.db)
    // The owner first (OFFICE_OWNER_EMAIL makes one only while nobody is staff), then an office member.
    await stack.db.query(`insert into public.staff (name, email, role) values ('Owen Owner', $1, 'owner'), ('Olive Office', $2, 'office')`, [OWNER, OFFICE])
  })

  test.afterAll(async () => {
    await stack?.close()
  })

  async function signIn(page: Page, email: string, next: string): Promise<void> {
    await page.setExtraHTTPHeaders(CLOCK)
    await signInAs(page, email, next, {origin: stack.server.baseUrl, inbox: stack.inbox, headers: CLOCK})
  }

  /** A money table's cell: the figure's row, the period's column (0: this one, 1: the one before). */
  const moneyCell = (page: Page, table: string, figure: string, column: 0 | 1) => page.getByRole('region', {name: new RegExp(`^${table}`)}).locator(`td[data-figure="${figure}"]`).nth(column)

  /** The rows of a chart's table (read by screen readers) as [label, …figures]. */
  async function chartRows(page: Page, caption: string): Promise<string[][]> {
    const table = page.getByRole('table', {name: caption})
    return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => (cell.textContent ?? '').trim())))
  }

  async function expectMoney(page: Page, table: string, current: MoneyFigures, previous: MoneyFigures): Promise<void> {
    for (const [column, figures] of [current, previous].entries() as Iterable<[0 | 1, MoneyFigures]>) {
      await expect(moneyCell(page, table, 'booked', column)).toContainText(formatUsd(figures.bookedCents))
      await expect(moneyCell(page, table, 'bookings', column)).toContainText(String(figures.bookedCount))
      await expect(moneyCell(page, table, 'collected', column)).toContainText(formatUsd(figures.collectedCents))
      await expect(moneyCell(page, table, 'refunded', column)).toContainText(formatUsd(figures.refundedCents))
      await expect(moneyCell(page, table, 'kept', column)).toContainText(formatUsd(figures.keptCents))
      await expect(moneyCell(page, table, 'tips', column)).toContainText(formatUsd(figures.tipsCents))
      await expect(moneyCell(page, table, 'coupons', column)).toContainText(`${formatUsd(figures.couponsCents)} ${W.money.couponUses(figures.couponUses)}`)
      await expect(moneyCell(page, table, 'charged', column)).toContainText(String(figures.planVisitsCharged))
      await expect(moneyCell(page, table, 'declined', column)).toContainText(String(figures.planVisitsDeclined))
      await expect(moneyCell(page, table, 'early', column)).toContainText(formatUsd(figures.earlyCancellationCents))
      await expect(moneyCell(page, table, 'average', column)).toContainText(figures.averageCents === null ? W.money.none : formatUsd(figures.averageCents))
    }
  }

  test('shows the owner every figure worked out by hand, at 390 and 1280 px, readable and axe clean', async ({page}) => {
    await signIn(page, OWNER, NOVEMBER_RANGE)
    for (const viewport of [
      {width: 390, height: 844},
      {width: 1280, height: 900},
    ]) {
      await page.setViewportSize(viewport)
      await page.goto(`${stack.server.baseUrl}${NOVEMBER_RANGE}`)
      await expect(page.getByRole('heading', {level: 2, name: W.today.heading('Wednesday, December 2, 2026')})).toBeVisible()

      // What waits: November's hold E and today's open hold; the exterior job's cancellation request; no failed e-mail.
      const waiting = page.getByRole('list', {name: W.today.waiting})
      await expect(waiting.locator('[data-waiting="holds"]')).toHaveText(`2 ${W.today.openHolds}`)
      await expect(waiting.locator('[data-waiting="requests"]')).toHaveText(`1 ${W.today.cancellationRequests}`)
      await expect(waiting.locator('[data-waiting="failed"]')).toHaveText(`0 ${W.today.failedEmails}`)
      expect(await chartRows(page, W.today.caption)).toEqual([
        ['Exterior', '08:00–10:00', '1', '0', '0'],
        ['House and carpet', '08:00–10:00', '2', '2', '1'],
        ['House and carpet', '10:00–12:00', `1 ${W.today.holdsInWindow(1)}`, '0', '0'],
      ])

      // The money: this month (December) beside November; the range (November) beside the 30 days before.
      await expectMoney(page, W.money.month, DECEMBER_BY_HAND, NOVEMBER_BY_HAND)
      await expectMoney(page, W.money.range, NOVEMBER_BY_HAND, {
        ...NOVEMBER_BY_HAND,
        bookedCount: 0,
        bookedCents: 0,
        averageCents: null,
        tipsCents: 0,
        tipsUnknown: 0,
        couponsCents: 0,
        couponUses: 0,
        collectedCount: 1,
        collectedCents: 20000,
        refundedCount: 0,
        refundedCents: 0,
        keptCents: 20000,
        planVisitsCharged: 0,
        planVisitsDeclined: 0,
        earlyCancellationCents: 0,
      })
      // This week (30 Nov – 6 Dec) beside the week before.
      await expect(moneyCell(page, W.money.week, 'booked', 0)).toContainText('$700.00')
      await expect(moneyCell(page, W.money.week, 'collected', 0)).toContainText('$700.00')
      await expect(moneyCell(page, W.money.week, 'refunded', 0)).toContainText('$35.00')
      await expect(moneyCell(page, W.money.week, 'booked', 1)).toContainText('$166.24')
      await expect(moneyCell(page, W.money.week, 'early', 1)).toContainText('$40.00')
      await expect(page.locator('[data-figure="active-plans"]')).toHaveText('1')
      await expect(page.locator('[data-figure="plans-monthly"]')).toHaveText('$720.37')
      // One booking of November (G) was stored before tips were kept in cents.
      await expect(page.getByRole('region', {name: new RegExp(`^${W.money.range}`)})).toContainText(W.money.tipsUnknown(1))

      const weekly = await chartRows(page, W.charts.weeklyCaption)
      expect(weekly).toHaveLength(12)
      expect(weekly.slice(-6)).toEqual([
        ['Oct 26', '$650.00', '$0.00'],
        ['Nov 2', '$166.24', '$0.00'],
        ['Nov 9', '$120.00', '$0.00'],
        ['Nov 16', '$166.74', '$300.00'],
        ['Nov 23', '$0.00', '$0.00'],
        ['Nov 30', '$700.00', '$35.00'],
      ])
      expect(await chartRows(page, W.charts.byServiceCaption)).toEqual([
        [BOOKING_LIST_WORDS.industries.carpet, '1 · $150.00'],
        [BOOKING_LIST_WORDS.industries.house, '6 · $819.22'],
      ])
      expect(await chartRows(page, W.charts.funnelCaption)).toEqual([
        [W.charts.steps.received, '5'],
        [W.charts.steps.contacted, '3 · 60%'],
        [W.charts.steps.quoted, '2 · 40%'],
        [W.charts.steps.won, '1 · 20%'],
      ])
      await expect(page.locator('[data-figure="conversion"]')).toHaveText(W.charts.conversion(20))
      expect(await chartRows(page, W.charts.heardCaption)).toEqual([
        ['Google', '2'],
        ['Friend', '1'],
      ])

      const where = `the dashboard at ${viewport.width} px`
      expect.soft(await layoutProblems(page), where).toEqual([])
      expect.soft(await axeViolations(page), where).toEqual([])
      const shots = process.env.OFFICE_SCREENSHOTS
      if (shots) {
        const dir = join(process.cwd(), 'reports', 'office-dashboard')
        mkdirSync(dir, {recursive: true})
        await page.screenshot({path: join(dir, `${shots}-dashboard-${viewport.width}.png`), fullPage: true})
      }
    }
  })

  test('each money figure opens the bookings it adds up, whose totals say the same', async ({page}) => {
    await signIn(page, OWNER, NOVEMBER_RANGE)
    const totals = (label: string) =>
      page
        .getByRole('region', {name: BOOKING_LIST_WORDS.list.totals})
        .locator('div')
        .filter({has: page.locator('dt', {hasText: new RegExp(`^${label}$`)})})
        .locator('dd')
    for (const [figure, label, cents] of [
      ['booked', BOOKING_LIST_WORDS.list.sums.total, NOVEMBER_BY_HAND.bookedCents],
      ['collected', BOOKING_LIST_WORDS.list.sums.paid, NOVEMBER_BY_HAND.collectedCents],
      ['refunded', BOOKING_LIST_WORDS.list.sums.refundedInPeriod, NOVEMBER_BY_HAND.refundedCents],
    ] as const) {
      await page.goto(`${stack.server.baseUrl}${NOVEMBER_RANGE}`)
      // November is "last month" beside December.
      await moneyCell(page, W.money.month, figure, 1).getByRole('link').click()
      await expect(page.getByRole('heading', {level: 1, name: BOOKING_LIST_WORDS.list.title})).toBeVisible()
      await expect(totals(label)).toHaveText(formatUsd(cents))
    }
  })

  test('shows the office role today, the leads and the bookings by count, and no money', async ({page}) => {
    await signIn(page, OFFICE, NOVEMBER_RANGE)
    await expect(page.getByRole('heading', {level: 1, name: W.title})).toBeVisible()
    await expect(page.getByRole('heading', {name: W.money.heading})).toHaveCount(0)
    await expect(page.locator('td[data-figure]')).toHaveCount(0)
    expect(await chartRows(page, W.charts.byServiceCaption)).toEqual([
      [BOOKING_LIST_WORDS.industries.carpet, '1'],
      [BOOKING_LIST_WORDS.industries.house, '6'],
    ])
    expect(await chartRows(page, W.charts.funnelCaption)).toHaveLength(4)
    expect(await axeViolations(page)).toEqual([])
    // The bookings list gives the office no totals either.
    await page.goto(`${stack.server.baseUrl}/office/bookings`)
    await expect(page.getByRole('region', {name: BOOKING_LIST_WORDS.list.totals})).toHaveCount(0)
  })

  test('the schedule’s old addresses lead on to it', async ({page}) => {
    await signIn(page, OWNER, '/office?week=2026-11-30&crew=indoor')
    await expect(page).toHaveURL(/\/office\/schedule\?week=2026-11-30&crew=indoor/)
    await expect(page.getByRole('heading', {level: 1, name: new RegExp(BOOKING_LIST_WORDS.schedule.title)})).toBeVisible()
  })
})
