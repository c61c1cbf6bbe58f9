import {expect, test, type Page} from './support/test'
import {longDate} from './support/bookings'
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
  VIEWPORTS,
} from './support/booking-screen'
import {arrivalWindows, chooseArrival, dateCalendar} from './support/booking-ui'

/**
 * /carpet_cleaning (spec §2, §4, §5, §9; decisions.md): the sub-navigation, the form, its live
 * summary with the coupon, every validation message next to its field, the sidebar, and the whole
 * path to /success on the production build with the local test checkout.
 */

const PATH = '/carpet_cleaning'

const CUSTOMER = {
  firstName: 'Theodora',
  lastName: 'Vasquez-Whitcombe',
  email: 'theo.whitcombe@example.com',
  phone: '425.555.0129',
  address: '88 Burnett Ave N, Renton, WA 98057',
  notes: 'Two cats; the hallway runner has a coffee stain.',
}

const PET = 'Pet, Food, Drink Stain'

const stepper = (page: Page, label: string) => page.getByRole('main').getByRole('spinbutton', {name: new RegExp(`^${label.replace(/[,]/g, '\\$&')}`)})
const increase = (page: Page, label: string) => page.getByRole('button', {name: `Increase ${label}`})

/** Every 3 Months, 3 rooms, 1 staircase, 2 × Pet, Food, Drink Stain. */
async function chooseExampleCleaning(page: Page) {
  await group(page, 'Frequency').getByRole('radio', {name: /^Every 3 Months/}).check()
  for (let i = 0; i < 3; i += 1) await increase(page, 'Rooms').click()
  await increase(page, 'Staircases').click()
  for (let i = 0; i < 2; i += 1) await increase(page, PET).click()
}

async function fillCustomer(page: Page) {
  await field(page, 'First name').fill(CUSTOMER.firstName)
  await field(page, 'Last name').fill(CUSTOMER.lastName)
  await field(page, 'E-mail').fill(CUSTOMER.email)
  await field(page, 'Phone').fill(CUSTOMER.phone)
  await field(page, 'Address').fill(CUSTOMER.address)
}

const coupon = (page: Page) => page.getByRole('main').getByRole('textbox', {name: 'Coupon code'})

for (const viewport of VIEWPORTS) {
  test.describe(`carpet booking at ${viewport.name} width`, () => {
    test.use({viewport: {width: viewport.width, height: viewport.height}})

    test('has no serious or critical axe violations, empty and with every message shown', async ({page}) => {
      await page.goto(PATH)
      await expect(page.getByRole('heading', {level: 1})).toHaveText('Book Carpet Cleaning')
      expect(await seriousAxeViolations(page)).toEqual([])
      await expectNoHorizontalScroll(page)

      await page.getByRole('button', {name: 'Confirm & Pay'}).click()
      await expect(page.getByText('Please select a frequency.')).toBeVisible()
      await coupon(page).fill('nope')
      await page.getByRole('button', {name: 'Apply'}).click()
      await expect(page.getByText('Invalid coupon code.')).toBeVisible()
      expect(await seriousAxeViolations(page)).toEqual([])
      await expectNoHorizontalScroll(page)
    })
  })
}

test.describe('carpet booking', () => {
  test.use({viewport: {width: 1280, height: 900}})

  test('the sub-navigation links the house and carpet forms, marking this one current', async ({page}) => {
    await page.goto(PATH)
    const nav = page.getByRole('navigation', {name: 'Booking forms'})
    await expect(nav.getByRole('link', {name: 'House Cleaning'})).toHaveAttribute('href', '/house_cleaning')
    await expect(nav.getByRole('link', {name: 'House Cleaning'})).not.toHaveAttribute('aria-current', /.*/)
    await expect(nav.getByRole('link', {name: 'Carpet Cleaning'})).toHaveAttribute('href', '/carpet_cleaning')
    await expect(nav.getByRole('link', {name: 'Carpet Cleaning'})).toHaveAttribute('aria-current', 'page')
  })

  test('the live summary equals the total worked out by hand; a valid coupon applies its percent, an invalid one sets the discount to 0', async ({page}) => {
    const dialogs = forbidDialogs(page)
    await page.goto(PATH)
    const summary = sidebarBox(page, 'Summary')
    await expect(summaryValue(summary, 'Industry')).toHaveText('Carpet Cleaning')
    await expect(summaryValue(summary, 'Frequency')).toHaveText('Not selected')
    await expect(summaryValue(summary, 'Rooms')).toHaveText('0')
    await expect(summaryValue(summary, 'Staircases')).toHaveText('0')
    await expect(summaryValue(summary, 'Extras')).toHaveText('None')
    await expect(summaryValue(summary, 'Discount')).toHaveText('None')
    // No frequency, no rate: no total yet.
    await expect(summaryTotal(page)).toHaveText(/^Total\s+—$/)
    // Location defaults to Snohomish County (spec §9).
    await expect(group(page, 'Where Will The Service Be Taking Place').getByRole('radio', {name: 'Snohomish County'})).toBeChecked()

    await chooseExampleCleaning(page)
    await expect(summaryValue(summary, 'Frequency')).toHaveText('Every 3 Months')
    await expect(summaryValue(summary, 'Rooms')).toHaveText('3')
    await expect(summaryValue(summary, 'Staircases')).toHaveText('1')
    await expect(summaryValue(summary, 'Extras')).toHaveText(`${PET} × 2`)
    // The unit prices at the chosen frequency are shown beside the steppers.
    const main = page.getByRole('main')
    await expect(main.getByText('$44.00 each')).toHaveCount(2) // rooms and staircases
    await expect(main.getByText('$21.91 each')).toBeVisible() // Pet, Food, Drink Stain
    await expect(main.getByText('$35.05 each')).toHaveCount(2) // HAZARD, WINE STAIN REMOVAL
    await expect(main.getByText('$7.01 each')).toBeVisible() // HALLWAYS
    // (3 rooms + 1 staircase) × $44.00 = $176.00; 2 × $21.91 = $43.82; total $219.82
    await expect(summaryTotal(page)).toHaveText(/^Total\s+\$219\.82$/)
    await expect(summaryValue(summary, 'Discount')).toHaveText('None')

    // save10 (typed in capitals with spaces: codes are trimmed and case-insensitive):
    // 10 % of 21982 cents = 2198.2 → 2198 cents ($21.98, rounded half up to the cent); 219.82 − 21.98 = $197.84
    await coupon(page).fill('  SAVE10 ')
    await page.getByRole('button', {name: 'Apply'}).click()
    await expect(summaryValue(summary, 'Discount')).toHaveText('10 % (−$21.98)')
    await expect(summaryTotal(page)).toHaveText(/^Total\s+\$197\.84$/)
    await expect(main).toContainText('Total to pay $197.84')

    // An invalid code: 'Invalid coupon code.' in red next to the field, the discount back to 0.
    await coupon(page).fill('save15')
    await coupon(page).press('Enter') // Enter applies the code; it does not submit the form
    await expect(coupon(page)).toHaveAccessibleDescription('Invalid coupon code.')
    const message = main.getByText('Invalid coupon code.')
    await expect(message).toBeVisible()
    expect(await message.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(180, 35, 24)') // --color-money #b42318
    await expect(summaryValue(summary, 'Discount')).toHaveText('None')
    await expect(summaryTotal(page)).toHaveText(/^Total\s+\$219\.82$/)
    await expect(page).toHaveURL(new RegExp(`${PATH}$`))

    // save20 at One-Time: (3 + 1) × 52 = 208.00; 2 × 25.78 = 51.56; 259.56; 20 % = 51.912 → 51.91; total 207.65
    await group(page, 'Frequency').getByRole('radio', {name: /^One-Time/}).check()
    await coupon(page).fill('save20')
    await page.getByRole('button', {name: 'Apply'}).click()
    await expect(summaryValue(summary, 'Discount')).toHaveText('20 % (−$51.91)')
    await expect(summaryTotal(page)).toHaveText(/^Total\s+\$207\.65$/)
    expect(dialogs).toEqual([])
  })

  test('every validation message is shown next to its field, with no pop-up and no request', async ({page}) => {
    const dialogs = forbidDialogs(page)
    const requests = countBookingRequests(page)
    await page.goto(PATH)

    await page.getByRole('button', {name: 'Confirm & Pay'}).click()
    await expect(group(page, 'Frequency')).toHaveAccessibleDescription(/Please select a frequency\./)
    await expect(dateCalendar(page.getByRole('main'))).toHaveAccessibleDescription(/Please select a date\./)
    await expect(arrivalWindows(page.getByRole('main'))).toHaveAccessibleDescription('Please choose an arrival window.')
    await expect(field(page, 'First name')).toHaveAccessibleDescription('Please enter your first name.')
    await expect(field(page, 'Last name')).toHaveAccessibleDescription('Please enter your last name.')
    await expect(field(page, 'E-mail')).toHaveAccessibleDescription('Please enter your email.')
    await expect(field(page, 'Phone')).toHaveAccessibleDescription(/Please enter your phone number\./)
    await expect(field(page, 'Address')).toHaveAccessibleDescription('Please enter your address.')
    // The first invalid field in page order has focus.
    await expect(group(page, 'Frequency').getByRole('radio').first()).toBeFocused()

    // A malformed e-mail and phone.
    await field(page, 'E-mail').fill('theo at example.com')
    await field(page, 'Phone').fill('555-0129')
    await page.getByRole('button', {name: 'Confirm & Pay'}).click()
    await expect(field(page, 'E-mail')).toHaveAccessibleDescription('Please enter a valid email address.')
    await expect(field(page, 'Phone')).toHaveAccessibleDescription(/Please enter a valid 10-digit phone number/)

    // Everything else valid but no room and no staircase (decisions.md: at least one).
    await group(page, 'Frequency').getByRole('radio', {name: /^One-Time/}).check()
    await chooseArrival(page.getByRole('main'))
    await fillCustomer(page)
    await page.getByRole('button', {name: 'Confirm & Pay'}).click()
    await expect(stepper(page, 'Rooms')).toHaveAccessibleDescription('Please add at least one room or staircase.')
    await expect(stepper(page, 'Rooms')).toBeFocused()
    await expect(summaryTotal(page)).toHaveText(/^Total\s+\$0\.00$/)

    // A staircase alone is enough.
    await increase(page, 'Staircases').click()
    await expect(page.getByText('Please add at least one room or staircase.')).toHaveCount(0)

    expect(requests.count).toBe(0)
    expect(dialogs).toEqual([])
  })

  test('the sidebar: the carpet reviews from the content, rotating every 3 s, with Pause and Next', async ({page}) => {
    await checkReviewCarousel(page, 'carpet', PATH)
  })

  test('the sidebar: four Popular Questions from the content, one answer open at a time', async ({page}) => {
    await page.goto(PATH)
    await checkPopularQuestions(page, 'carpet')
  })

  test('full path: Confirm & Pay → test checkout with the same total → Pay → /success with service, date, location and total', async ({page}) => {
    const dialogs = forbidDialogs(page)
    await page.goto(PATH)
    await group(page, 'Where Will The Service Be Taking Place').getByRole('radio', {name: 'King County'}).check()
    await chooseExampleCleaning(page)
    const {date} = await chooseArrival(page.getByRole('main'))
    await fillCustomer(page)
    await group(page, 'Key Information').getByRole('radio', {name: 'access code'}).check()
    await page.getByRole('main').getByRole('textbox', {name: /^Notes/}).fill(CUSTOMER.notes)
    await coupon(page).fill('save10')
    await page.getByRole('button', {name: 'Apply'}).click()
    // As above: 4 × 44.00 + 2 × 21.91 = 219.82; − 10 % (21.98) = $197.84
    await expect(summaryTotal(page)).toHaveText(/^Total\s+\$197\.84$/)

    await page.getByRole('button', {name: 'Confirm & Pay'}).click()
    await page.waitForURL(/\/checkout\/test\/test_cs_/)
    await expect(page.getByText('Test mode — no card is charged.')).toBeVisible()
    await expect(page.getByText('Carpet Cleaning – Every 3 Months')).toBeVisible()
    await expect(page.getByText('King County')).toBeVisible()
    await page.getByRole('button', {name: 'Pay $197.84'}).click()
    await page.waitForURL(/\/success\?/)

    await expect(page.getByRole('heading', {level: 1})).toHaveText('Payment Successful')
    await expect(page.getByText('Your booking is confirmed. Thank you!')).toBeVisible()
    const details = page.getByRole('main').locator('dl')
    await expect(details.getByText('Carpet Cleaning – Every 3 Months')).toBeVisible()
    await expect(details.getByText(longDate(date))).toBeVisible()
    await expect(details.getByText('King County')).toBeVisible()
    await expect(details.getByText('Total paid', {exact: true})).toBeVisible()
    await expect(details.getByText('$197.84', {exact: true})).toBeVisible()
    const html = await page.content()
    for (const personal of Object.values(CUSTOMER)) expect(html).not.toContain(personal)
    expect(dialogs).toEqual([])
  })
})
