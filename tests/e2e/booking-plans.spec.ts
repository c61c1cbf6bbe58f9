import {join} from 'node:path'
import ICAL from 'ical.js'
import type {ParsedMail} from 'mailparser'
import {expect, test, type Page} from './support/test'
import {openPgliteDatabase} from '../../lib/database/pglite.ts'
import {createSqlDatabaseFunctions} from '../../lib/database/sql-functions.ts'
import {createSqlBookingStore} from '../../lib/booking/store/sql-store.ts'
import {createPlanReader} from '../../lib/booking/plans/reader.ts'
import {ARRIVAL_WINDOW, ARRIVAL_WINDOW_LABEL, closedDates, futureDate, longDate} from './support/bookings'
import {bookingForm, chooseArrival, openBookingScreen, summaryTotal} from './support/booking-ui'
import {documentsOfType} from './support/dataset'
import {flat, waitForMail} from './support/leads'
import {addressOf} from './support/smtp'
import {killServer} from './support/private-server'
import {privateServerForTests} from './support/private-server-for-tests'

/**
 * A Weekly house plan through the UI. The form says before paying that
 * this is a plan, what each later visit costs and what cancelling before the second visit costs;
 * the first visit is paid on the local test checkout; /success and the confirmation e-mail describe
 * the plan and its next visits; the calendar file (read with ical.js) holds one event per visit at
 * its date and window; and the store holds the next visits on the same weekday and window, a week
 * apart, up to the booking horizon.
 *
 * A private server (own port, own embedded database, e-mail as .eml files in its folder), stopped
 * at the end so that this spec can open its database and read the plan back. Its scheduled jobs are
 * off: nothing is charged here (the first later visit is a week away anyway).
 */

const availability = documentsOfType<{horizonDays: number}>('availability')[0]
const COMPANY_TIME_ZONE = 'America/Los_Angeles'

/** YYYY-MM-DD in Renton, `days` after today there. */
function companyDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', {timeZone: COMPANY_TIME_ZONE}).format(new Date())
  const date = new Date(`${today}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

function addDays(date: string, days: number): string {
  const next = new Date(`${date}T12:00:00Z`)
  next.setUTCDate(next.getUTCDate() + days)
  return next.toISOString().slice(0, 10)
}

const weekday = (date: string) => new Intl.DateTimeFormat('en-US', {weekday: 'long', timeZone: 'UTC'}).format(new Date(`${date}T12:00:00Z`))

/** The last day one can book now: the plan's visits go up to it. */
const HORIZON = companyDate(availability.horizonDays)

/**
 * The first visit: about ten days ahead, on a weekday with no holiday before the horizon, so that
 * every later visit falls on a working day in its own window (a holiday would move one elsewhere).
 */
const FIRST_DATE = (() => {
  const closed = closedDates()
  for (let date = futureDate(10); ; date = addDays(date, 1)) {
    const sameWeekday = closed.filter((day) => day >= date && day <= HORIZON && weekday(day) === weekday(date))
    if (weekday(date) !== 'Sunday' && sameWeekday.length === 0) return date
  }
})()

/** Every 7 days after the first visit, up to the horizon. */
const LATER_DATES = (() => {
  const dates: string[] = []
  for (let date = addDays(FIRST_DATE, 7); date <= HORIZON; date = addDays(date, 7)) dates.push(date)
  return dates
})()

const CUSTOMER = {
  firstName: 'Philippa',
  lastName: 'Oyelaran-Marsh',
  email: 'philippa.plan@example.com',
  phone: '(425) 555-0197',
  address: '310 Burnett Ave S, Renton, WA 98057',
}

/*
 * Regular Cleaning, Weekly, 1 bedroom and 1 bathroom (HOUSE_REGULAR_RATES): 81.20 + 15.46
 * + 19.33 = $115.99 a visit. One-time: 108.25 + 20.62 + 25.78 = $154.65, so cancelling before the
 * second visit costs 154.65 − 115.99 = $38.66.
 */
const TOTAL = '$115.99'
const TOTAL_CENTS = 11_599
const DIFFERENCE = '$38.66'

const houseForm = (page: Page) => bookingForm(page, 'House cleaning booking')
const houseGroup = (page: Page, name: string) => houseForm(page).getByRole('group', {name, exact: true})

test.describe('a weekly house plan', () => {
  test.describe.configure({mode: 'serial'})
  test.use({viewport: {width: 1280, height: 900}})

  const server = privateServerForTests('booking-plans', {SCHEDULED_JOBS: 'off'})
  let bookingId = ''

  test('the form says it is a plan before paying; the first visit is paid on the test checkout; /success shows the plan and its next visits', async ({page}) => {
    test.setTimeout(90_000)
    await openBookingScreen(page, `${server.baseUrl}/house_cleaning`)
    const form = houseForm(page)
    await houseGroup(page, 'Where Will The Service Be Taking Place (required)').getByRole('radio', {name: 'King County', exact: true}).check()
    await houseGroup(page, 'Services (required)').getByRole('radio', {name: 'Regular Cleaning', exact: true}).check()
    const notice = form.getByTestId('plan-notice')
    await expect(notice).toHaveAttribute('aria-live', 'polite')
    await expect(notice).toHaveText('')
    await houseGroup(page, 'Frequency (required)').getByRole('radio', {name: 'Weekly', exact: true}).check()

    // Before Confirm & Pay: the plan, its price a visit, the 48-hour charge, the changes and the difference.
    await expect(notice.getByRole('heading', {name: 'This booking starts a cleaning plan'})).toBeVisible()
    await expect(notice).toContainText('we come back every week, on the same weekday and in the same arrival window')
    await expect(notice).toContainText(`Each later visit costs ${TOTAL} and is charged to the card you pay with now, 48 hours before the visit.`)
    await expect(notice).toContainText('Up to 24 hours before a visit you can skip or move it, or pause or cancel the plan')
    await expect(notice).toContainText(`we charge the difference to the one-time price: ${DIFFERENCE}.`)
    const sidebar = page.getByRole('complementary')
    await expect(sidebar.locator('dt', {hasText: /^Frequency$/}).locator('xpath=following-sibling::dd')).toHaveText('Weekly plan')
    // The notice comes before Confirm & Pay.
    const [noticeTop, buttonTop] = await Promise.all([notice.boundingBox(), form.getByRole('button', {name: 'Confirm & Pay'}).boundingBox()])
    expect(noticeTop!.y).toBeLessThan(buttonTop!.y)

    for (const [question, answer] of [
      ['How Clean Is Your Home?', 'Mostly Clean'],
      ['How Will We Get Inside?', 'I will be Home'],
      ['Where Can We Park?', 'Street Parking'],
    ]) {
      await houseGroup(page, `${question} (required)`).getByRole('radio', {name: answer, exact: true}).check()
    }
    await chooseArrival(form, {date: FIRST_DATE, window: ARRIVAL_WINDOW})
    await form.getByRole('textbox', {name: 'First name'}).fill(CUSTOMER.firstName)
    await form.getByRole('textbox', {name: 'Last name'}).fill(CUSTOMER.lastName)
    await form.getByRole('textbox', {name: 'E-mail'}).fill(CUSTOMER.email)
    await form.getByRole('textbox', {name: 'Phone'}).fill(CUSTOMER.phone)
    await form.getByRole('textbox', {name: 'Address'}).fill(CUSTOMER.address)
    await expect(summaryTotal(page)).toHaveText(`Total ${TOTAL}`)

    await form.getByRole('button', {name: 'Confirm & Pay'}).click()
    await page.waitForURL(/\/checkout\/test\/test_cs_/)
    await page.getByRole('button', {name: `Pay ${TOTAL}`}).click()
    await page.waitForURL(/\/success\?/)
    await expect(page.getByText('Your booking is confirmed. Thank you!')).toBeVisible()
    bookingId = new URL(page.url()).searchParams.get('bookingId') ?? ''

    const plan = page.getByTestId('plan-summary')
    await expect(plan.getByRole('heading', {name: 'Your cleaning plan'})).toBeVisible()
    await expect(plan).toContainText(`Your Weekly plan has started: we come back on the same weekday (${weekday(FIRST_DATE)}) and in the same arrival window (${ARRIVAL_WINDOW_LABEL}).`)
    await expect(plan.getByRole('listitem')).toHaveText(LATER_DATES.map((date) => `${longDate(date)}, ${ARRIVAL_WINDOW_LABEL}`))
    await expect(plan).toContainText('48 hours before it')
  })

  test('the confirmation e-mail describes the plan; its calendar file holds one event per visit at its date and window', async () => {
    test.setTimeout(60_000)
    expect(bookingId).not.toBe('')
    const [confirmation] = (await waitForMail(join(server.dataDir, 'outbox'), (mail) => addressOf(mail.to) === CUSTOMER.email)) as ParsedMail[]
    const text = flat(confirmation.text)
    expect(text).toContain(`Your Weekly plan has started: we come back on the same weekday (${weekday(FIRST_DATE)}) and in the same arrival window (${ARRIVAL_WINDOW_LABEL}) as this first visit.`)
    expect(text).toContain('Your cleaning plan')
    LATER_DATES.forEach((date, index) => expect(text).toContain(`Visit ${index + 2} ${longDate(date)}, ${ARRIVAL_WINDOW_LABEL}`))
    expect(text).toContain('If you cancel the plan before its second visit, we charge the difference to the one-time price.')

    const file = confirmation.attachments.find((attachment) => attachment.filename?.endsWith('.ics'))
    const events = new ICAL.Component(ICAL.parse(file!.content.toString('utf8'))).getAllSubcomponents('vevent').map((component) => new ICAL.Event(component))
    const inRenton = (time: ICAL.Time) => time.toJSDate().toLocaleString('sv-SE', {timeZone: COMPANY_TIME_ZONE})
    expect(events.map((event) => [inRenton(event.startDate), inRenton(event.endDate)])).toEqual(
      [FIRST_DATE, ...LATER_DATES].map((date) => [`${date} 08:00:00`, `${date} 10:00:00`]),
    )
    expect(events.some((event) => event.isRecurring())).toBe(false)
    expect(new Set(events.map((event) => event.uid)).size).toBe(events.length)
    expect(events[0].uid).toContain(bookingId)
  })

  test('the store holds the next visits on the same weekday and window, a week apart, up to the horizon', async () => {
    test.setTimeout(120_000)
    expect(bookingId).not.toBe('')
    // Stop the server (SIGTERM closes its database) before opening the directory here.
    await killServer(server.child, 'SIGTERM')
    const db = await openPgliteDatabase(server.dataDir)
    try {
      const store = createSqlBookingStore(db)
      const plans = createPlanReader(createSqlDatabaseFunctions(db))
      const first = await store.findById(bookingId)
      expect(first).toMatchObject({paymentStatus: 'paid', amountCents: TOTAL_CENTS, frequency: 'Weekly', date: FIRST_DATE, arrivalWindow: ARRIVAL_WINDOW, planVisit: 1})
      const plan = await plans.findPlan(first!.planId!)
      expect(plan).toMatchObject({firstBookingId: bookingId, frequency: 'Weekly', cadence: 'weekly', anchorDate: FIRST_DATE, arrivalWindow: ARRIVAL_WINDOW, status: 'active', perVisitCents: TOTAL_CENTS, oneTimeCents: 15_465})
      const visits = await plans.visitsOf(plan!.id)
      expect(visits.map((visit) => ({date: visit.date, window: visit.arrivalWindow, visit: visit.planVisit, status: visit.paymentStatus, amount: visit.amountCents, elsewhere: visit.placedElsewhere}))).toEqual([
        {date: FIRST_DATE, window: ARRIVAL_WINDOW, visit: 1, status: 'paid', amount: TOTAL_CENTS, elsewhere: false},
        ...LATER_DATES.map((date, index) => ({date, window: ARRIVAL_WINDOW, visit: index + 2, status: 'scheduled', amount: TOTAL_CENTS, elsewhere: false})),
      ])
      expect(new Set(visits.map((visit) => weekday(visit.date!)))).toEqual(new Set([weekday(FIRST_DATE)]))
      // Up to the horizon: the next one would be past it.
      expect(addDays(LATER_DATES.at(-1)!, 7) > HORIZON).toBe(true)
    } finally {
      await db.close()
    }
  })
})
