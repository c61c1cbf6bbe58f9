import {expect, test, type Page} from './support/test'
import {
  checkPopularQuestions,
  checkReviewCarousel,
  countBookingRequests,
  expectNoHorizontalScroll,
  field,
  forbidDialogs,
  group,
  seriousAxeViolations,
  sidebarBox,
  summaryTotal,
  summaryValue,
  tabTo,
  VIEWPORTS,
} from './support/booking-screen'
import {arrivalWindows, chooseArrival, dateCalendar} from './support/booking-ui'
import {longDate} from './support/bookings'

/**
 * /exterior_cleaning (spec §2, §5, §9; decisions.md): the form, its live summary, every validation
 * message next to its field, keyboard-only use, the sidebar, and the whole path to /success on the
 * production build with the local test checkout.
 */

const PATH = '/exterior_cleaning'

const CUSTOMER = {
  firstName: 'Marguerite',
  lastName: 'Okonkwo-Lind',
  email: 'marguerite.lind@example.com',
  phone: '(425) 555-0163',
  address: '1420 Maple Valley Hwy, Renton, WA 98058',
  notes: 'Side gate is unlocked; mind the rhododendrons.',
}

async function fillCustomer(page: Page) {
  await field(page, 'First name').fill(CUSTOMER.firstName)
  await field(page, 'Last name').fill(CUSTOMER.lastName)
  await field(page, 'E-mail').fill(CUSTOMER.email)
  await field(page, 'Phone').fill(CUSTOMER.phone)
  await field(page, 'Address').fill(CUSTOMER.address)
}

for (const viewport of VIEWPORTS) {
  test.describe(`exterior booking at ${viewport.name} width`, () => {
    test.use({viewport: {width: viewport.width, height: viewport.height}})

    test('has no serious or critical axe violations, empty and with every message shown', async ({page}) => {
      await page.goto(PATH)
      await expect(page.getByRole('heading', {level: 1})).toHaveText('Book Exterior Cleaning')
      expect(await seriousAxeViolations(page)).toEqual([])
      await expectNoHorizontalScroll(page)

      await page.getByRole('button', {name: 'Confirm & Pay'}).click()
      await expect(page.getByText('Please select a service.')).toBeVisible()
      expect(await seriousAxeViolations(page)).toEqual([])
      await expectNoHorizontalScroll(page)
    })
  })
}

test.describe('exterior booking', () => {
  test.use({viewport: {width: 1280, height: 900}})

  test('the live summary shows industry, service, frequency and the total worked out by hand; tip and parking are not charged', async ({page}) => {
    await page.goto(PATH)
    const summary = sidebarBox(page, 'Summary Section')
    await expect(summaryValue(summary, 'Industry')).toHaveText('Exterior Cleaning')
    await expect(summaryValue(summary, 'Service')).toHaveText('Not selected')
    await expect(summaryValue(summary, 'Frequency')).toHaveText('Not selected')
    // Nothing chosen yet: the $40 base.
    await expect(summaryTotal(page)).toContainText('$40.00')

    await group(page, 'Services').getByRole('radio', {name: /^House Washing/}).check()
    await group(page, 'Frequency').getByRole('radio', {name: /^Every 6 Months/}).check()
    await expect(summaryValue(summary, 'Service')).toHaveText('House Washing')
    await expect(summaryValue(summary, 'Frequency')).toHaveText('Every 6 Months')
    // House Washing every 6 months: base 40 + frequency 20 + service 30 = $90.00
    await expect(summaryTotal(page)).toHaveText(/^Total\s+\$90\.00$/)
    await expect(page.getByRole('main')).toContainText('Total to pay $90.00')

    // Tips and parking are recorded, not priced (spec §9): the total stays $90.00, and both the form
    // and the summary say so.
    await group(page, 'Tip for your crew').getByRole('radio', {name: '20%'}).check()
    await group(page, 'Parking fee').getByRole('radio', {name: '$10'}).check()
    await expect(summaryValue(summary, 'Tip (not charged online)')).toHaveText('20%')
    await expect(summaryValue(summary, 'Parking (not charged online)')).toHaveText('$10')
    await expect(summaryTotal(page)).toHaveText(/^Total\s+\$90\.00$/)
    const note = 'Tip and parking are recorded with your booking and not charged online.'
    await expect(summary.getByText(note)).toBeVisible()
    // Beside the tip and parking fields (the form's own summary, before Confirm & Pay, shows on phones only).
    await expect(page.getByRole('form', {name: 'Exterior cleaning booking'}).getByText(note).first()).toBeVisible()

    // Pressure Washing one-time: 40 + 30 + 40 = $110.00
    await group(page, 'Services').getByRole('radio', {name: /^Pressure Washing/}).check()
    await group(page, 'Frequency').getByRole('radio', {name: /^One-Time/}).check()
    await expect(summaryTotal(page)).toHaveText(/^Total\s+\$110\.00$/)
  })

  test('every validation message of spec §5 is shown next to its field, with no pop-up and no request', async ({page}) => {
    const dialogs = forbidDialogs(page)
    const requests = countBookingRequests(page)
    await page.goto(PATH)

    await page.getByRole('button', {name: 'Confirm & Pay'}).click()
    await expect(group(page, 'Services')).toHaveAccessibleDescription(/Please select a service\./)
    await expect(group(page, 'Frequency')).toHaveAccessibleDescription(/Please select a frequency\./)
    // The exterior form asks when too (decisions.md "Scheduling").
    await expect(dateCalendar(page.getByRole('main'))).toHaveAccessibleDescription('Please select a date.')
    await expect(arrivalWindows(page.getByRole('main'))).toHaveAccessibleDescription('Please choose an arrival window.')
    await expect(field(page, 'First name')).toHaveAccessibleDescription('Please enter your first name.')
    await expect(field(page, 'Last name')).toHaveAccessibleDescription('Please enter your last name.')
    await expect(field(page, 'E-mail')).toHaveAccessibleDescription('Please enter your email.')
    await expect(field(page, 'Phone')).toHaveAccessibleDescription(/Please enter your phone number\./)
    await expect(field(page, 'Address')).toHaveAccessibleDescription('Please enter your address.')
    for (const name of ['First name', 'Last name', 'E-mail', 'Phone', 'Address']) {
      await expect(field(page, name)).toHaveAttribute('aria-invalid', 'true')
    }
    // The first invalid field in page order has focus.
    await expect(group(page, 'Services').getByRole('radio').first()).toBeFocused()

    // Whitespace only counts as empty (spec §5: trimmed text); a malformed e-mail and phone get their own messages.
    await field(page, 'First name').fill('   ')
    await field(page, 'E-mail').fill('marguerite@example')
    await field(page, 'Phone').fill('425-555-016')
    await page.getByRole('button', {name: 'Confirm & Pay'}).click()
    await expect(field(page, 'First name')).toHaveAccessibleDescription('Please enter your first name.')
    await expect(field(page, 'E-mail')).toHaveAccessibleDescription('Please enter a valid email address.')
    await expect(field(page, 'Phone')).toHaveAccessibleDescription(/Please enter a valid 10-digit phone number/)

    // Over-long input is refused with a message, never cut short (decisions.md).
    await field(page, 'First name').fill('M'.repeat(61))
    await expect(field(page, 'First name')).toHaveAccessibleDescription('First name must be at most 60 characters.')
    await expect(field(page, 'First name')).toHaveValue('M'.repeat(61))

    // Messages clear as the customer corrects the fields.
    await group(page, 'Services').getByRole('radio', {name: /^Roof Cleaning/}).check()
    await expect(page.getByText('Please select a service.')).toHaveCount(0)
    await field(page, 'Phone').fill('+1 425.555.0163')
    await expect(page.getByText('Please enter a valid 10-digit phone number')).toHaveCount(0)

    expect(requests.count).toBe(0)
    expect(dialogs).toEqual([])
  })

  test('the sidebar: 15 customer reviews from the content, rotating every 3 s, with Pause and Next', async ({page}) => {
    await checkReviewCarousel(page, 'exterior', PATH)
  })

  test('the sidebar: four Popular Questions from the content, one answer open at a time', async ({page}) => {
    await page.goto(PATH)
    await checkPopularQuestions(page, 'exterior')
  })

  test('keyboard only: fill the form, Confirm & Pay, pay on the test checkout, land on /success', async ({page}) => {
    const dialogs = forbidDialogs(page)
    await page.goto(PATH)

    // Services: Tab into the group, Space picks the first, arrows move the choice.
    await tabTo(page, {name: 'service'})
    await page.keyboard.press('Space')
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await expect(group(page, 'Services').getByRole('radio', {name: /^House Washing/})).toBeChecked()
    // Frequency: Every 6 Months.
    await page.keyboard.press('Tab')
    await page.keyboard.press('Space')
    await page.keyboard.press('ArrowRight')
    await expect(group(page, 'Frequency').getByRole('radio', {name: /^Every 6 Months/})).toBeChecked()
    // The date: Tab reaches the calendar's first offered day (past the month buttons), Enter picks
    // it; Tab and Space pick the first arrival window.
    const main = page.getByRole('main')
    const firstDay = dateCalendar(main).locator('td[data-day]:not([data-disabled]) button').first()
    for (let tabs = 0; tabs < 4 && !(await firstDay.evaluate((element) => element === document.activeElement)); tabs++) {
      await page.keyboard.press('Tab')
    }
    await expect(firstDay).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(dateCalendar(main).locator('td[data-selected]')).toHaveCount(1)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Space')
    await expect(arrivalWindows(main).getByRole('radio').first()).toBeChecked()
    // Tip 15% (the group's checked radio, 0%, takes focus; arrows move on), parking left at $0.
    await page.keyboard.press('Tab')
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await expect(group(page, 'Tip for your crew').getByRole('radio', {name: '15%'})).toBeChecked()

    await tabTo(page, {name: 'firstName'})
    await page.keyboard.type(CUSTOMER.firstName)
    await page.keyboard.press('Tab')
    await page.keyboard.type(CUSTOMER.lastName)
    await page.keyboard.press('Tab')
    await page.keyboard.type(CUSTOMER.email)
    await page.keyboard.press('Tab')
    await page.keyboard.type(CUSTOMER.phone)
    await page.keyboard.press('Tab')
    await page.keyboard.type(CUSTOMER.address)
    // Key information: the first choice, then one on ("I Will Hide The Keys").
    await page.keyboard.press('Tab')
    await page.keyboard.press('Space')
    await page.keyboard.press('ArrowRight')
    await expect(group(page, 'Key Information').getByRole('radio', {name: 'I Will Hide The Keys'})).toBeChecked()
    await page.keyboard.press('Tab')
    await page.keyboard.type(CUSTOMER.notes)

    // House Washing every 6 months: 40 + 20 + 30 = $90.00 (the 15% tip is recorded, not charged).
    await expect(summaryTotal(page)).toHaveText(/^Total\s+\$90\.00$/)

    await tabTo(page, {text: /^Confirm & Pay$/})
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/checkout\/test\/test_cs_/)

    // The test checkout: clearly test mode, the same service and total.
    await expect(page.getByText('Test mode — no card is charged.')).toBeVisible()
    await expect(page.getByText('Exterior Cleaning – House Washing, Every 6 Months')).toBeVisible()
    await tabTo(page, {text: /^Pay \$90\.00$/})
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/success\?/)

    await expect(page.getByRole('heading', {level: 1})).toHaveText('Payment Successful')
    const details = page.getByRole('main').locator('dl')
    await expect(details.getByText('Exterior Cleaning – House Washing, Every 6 Months')).toBeVisible()
    await expect(details.getByText('Total paid', {exact: true})).toBeVisible()
    await expect(details.getByText('$90.00', {exact: true})).toBeVisible()
    // Nothing personal on /success (decisions.md).
    const html = await page.content()
    for (const personal of Object.values(CUSTOMER)) expect(html).not.toContain(personal)
    expect(dialogs).toEqual([])
  })

  test('full path with the mouse: Confirm & Pay → test checkout with the same total → Pay → /success', async ({page}) => {
    await page.goto(PATH)
    await group(page, 'Services').getByRole('radio', {name: /^Gutter Cleaning/}).check()
    await group(page, 'Frequency').getByRole('radio', {name: /^Every 3 Months/}).check()
    const {date} = await chooseArrival(page.getByRole('main'))
    await group(page, 'Parking fee').getByRole('radio', {name: 'Other'}).check()
    await fillCustomer(page)
    await group(page, 'Key Information').getByRole('radio', {name: 'Someone Will Be At Home'}).check()
    // Gutter Cleaning every 3 months: 40 + 10 + 20 = $70.00
    await expect(summaryTotal(page)).toHaveText(/^Total\s+\$70\.00$/)

    await page.getByRole('button', {name: 'Confirm & Pay'}).click()
    await page.waitForURL(/\/checkout\/test\/test_cs_/)
    await expect(page.getByText('Test mode — no card is charged.')).toBeVisible()
    await expect(page.getByText('Exterior Cleaning – Gutter Cleaning, Every 3 Months')).toBeVisible()
    await page.getByRole('button', {name: 'Pay $70.00'}).click()
    await page.waitForURL(/\/success\?/)

    await expect(page.getByRole('heading', {level: 1})).toHaveText('Payment Successful')
    await expect(page.getByText('Your booking is confirmed. Thank you!')).toBeVisible()
    const details = page.getByRole('main').locator('dl')
    await expect(details.getByText('Exterior Cleaning – Gutter Cleaning, Every 3 Months')).toBeVisible()
    await expect(details.getByText(longDate(date))).toBeVisible()
    await expect(details.getByText('$70.00', {exact: true})).toBeVisible()
  })
})
