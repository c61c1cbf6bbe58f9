import {expect, test, type Page} from './support/test'
import {byOrderRank, documentsOfType} from './support/dataset'
import {longDate} from './support/bookings'
import {arrivalWindowLabel} from '../../lib/booking/arrival-window'
import {
  arrivalWindows,
  axeViolations,
  bookingForm,
  chooseArrival,
  countBookingPosts,
  currentReview,
  dateCalendar,
  expectNoHorizontalScroll,
  openBookingScreen,
  summary,
  summaryTotal,
  summaryValue,
  VIEWPORTS,
} from './support/booking-ui'

/**
 * /house_cleaning: the sections of spec §2 in order, the live summary against a total worked out
 * by hand from spec §9, every validation message of spec §5 and decisions.md beside its field, the
 * coupon box, and the whole path to /success through the local test checkout.
 */

const FORM = 'House cleaning booking'
const form = (page: Page) => bookingForm(page, FORM)
const group = (page: Page, name: string) => form(page).getByRole('group', {name, exact: true})

const CUSTOMER = {
  'First name': 'Imogen',
  'Last name': 'Faraday',
  'E-mail': 'imogen.faraday@example.com',
  Phone: '425.555.0163',
  Address: '1200 Maple Valley Hwy, Renton, WA 98058',
} as const

async function fillCustomer(page: Page) {
  for (const [label, value] of Object.entries(CUSTOMER)) {
    await form(page).getByRole('textbox', {name: label}).fill(value)
  }
}

async function answerInstructions(page: Page) {
  await group(page, 'How Clean Is Your Home? (required)').getByRole('radio', {name: 'Mostly Clean', exact: true}).check()
  await group(page, 'How Will We Get Inside? (required)').getByRole('radio', {name: 'I will be Home', exact: true}).check()
  await group(page, 'Where Can We Park? (required)').getByRole('radio', {name: 'Street Parking', exact: true}).check()
}

/**
 * Deep Cleaning, 3 bedrooms, 2 bathrooms, 1 half bath, 0 dens, tip 15 %, parking $10, coupon save10.
 */
async function fillDeepCleaning(page: Page): Promise<{date: string; window: string}> {
  await group(page, 'Services (required)').getByRole('radio', {name: 'Deep Cleaning', exact: true}).check()
  await form(page).getByLabel('Bedrooms').selectOption('3')
  await form(page).getByLabel('Bathrooms').selectOption('2')
  await form(page).getByLabel('Half baths').selectOption('1')
  await answerInstructions(page)
  const arrival = await chooseArrival(form(page))
  await group(page, 'Tip').getByRole('radio', {name: '15%', exact: true}).check()
  await group(page, 'Parking fee').getByRole('radio', {name: '$10', exact: true}).check()
  await fillCustomer(page)
  await form(page).getByRole('textbox', {name: 'Notes for our team'}).fill('The dog is friendly.')
  await form(page).getByRole('textbox', {name: 'Coupon code'}).fill(' SAVE10 ')
  await form(page).getByRole('button', {name: 'Apply'}).click()
  return arrival
}

/*
 * Worked out by hand from spec §9 (Deep Cleaning row: base 201.94, bedroom 30.03, bathroom 25.78,
 * half bath 15.47, den 25.78):
 *   subtotal = 201.94 + 3 × 30.03 + 2 × 25.78 + 1 × 15.47 + 0 × 25.78
 *            = 201.94 + 90.09 + 51.56 + 15.47 = 359.06
 *   tip      = round(359.06 × 0.15) = round(53.859) = 53.86
 *   total    = 359.06 + 53.86 + 10.00 (parking) − 10.00 (save10, $10 off) = 412.92
 */
const DEEP_TOTAL = '$412.92'

test.describe('house booking screen', () => {
  for (const viewport of VIEWPORTS) {
    test(`has no axe violations and no sideways scrolling at ${viewport.width} px`, async ({page}) => {
      await page.setViewportSize({width: viewport.width, height: viewport.height})
      await openBookingScreen(page, '/house_cleaning')
      await expect(page.getByRole('heading', {level: 1})).toHaveText('Book House Cleaning')
      expect(await axeViolations(page)).toEqual([])
      await expectNoHorizontalScroll(page)

      // With the conditional sections and every message showing, too.
      await group(page, 'Services (required)').getByRole('radio', {name: 'Regular Cleaning', exact: true}).check()
      await form(page).getByRole('button', {name: 'Confirm & Pay'}).click()
      await expect(form(page).getByText('Please fill out the first name')).toBeVisible()
      await expect(group(page, 'Frequency (required)')).toBeVisible()
      await form(page).getByRole('textbox', {name: 'Coupon code'}).fill('nope')
      await form(page).getByRole('button', {name: 'Apply'}).click()
      await expect(form(page).getByText('Invalid coupon code.')).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
      await expectNoHorizontalScroll(page)
    })
  }

  test('has the sub-navigation and the sections of spec §2 in order', async ({page}) => {
    await openBookingScreen(page, '/house_cleaning')
    const nav = page.getByRole('navigation', {name: 'Booking forms'})
    await expect(nav.getByRole('link', {name: 'House Cleaning'})).toHaveAttribute('href', '/house_cleaning')
    await expect(nav.getByRole('link', {name: 'House Cleaning'})).toHaveAttribute('aria-current', 'page')
    await expect(nav.getByRole('link', {name: 'Carpet Cleaning'})).toHaveAttribute('href', '/carpet_cleaning')
    await expect(nav.getByRole('link', {name: 'Carpet Cleaning'})).not.toHaveAttribute('aria-current', /.*/)

    const headings = form(page).getByRole('heading', {level: 2})
    const base = [
      'Where Will The Service Be Taking Place (required)',
      'Services (required)',
      'What Needs To Be Done',
      'Select Extras (With Count)',
      'Instructions for Providers',
      'Select Date',
      'Tips & Parking (Optional)',
      'Customer Details',
      'Special Notes Or Instructions',
      'Apply Coupon Code',
    ]
    await expect(headings).toHaveText(base)
    await expect(form(page).getByRole('button', {name: 'Confirm & Pay'})).toBeVisible()

    // Defaults (decisions.md): Snohomish County, 1 bedroom, 1 bathroom, 0 half baths, 0 dens, tip 0 %, parking $0.
    await expect(group(page, 'Where Will The Service Be Taking Place (required)').getByRole('radio', {name: 'Snohomish County', exact: true})).toBeChecked()
    await expect(form(page).getByLabel('Bedrooms')).toHaveValue('1')
    await expect(form(page).getByLabel('Bathrooms')).toHaveValue('1')
    await expect(form(page).getByLabel('Half baths')).toHaveValue('0')
    await expect(form(page).getByLabel('Dens')).toHaveValue('0')
    // Labels are what is priced: bedrooms 1–7, bathrooms 1–5, half baths 0–4, dens 0–5.
    await expect(form(page).getByLabel('Bedrooms').locator('option')).toHaveText(['1', '2', '3', '4', '5', '6', '7'])
    await expect(form(page).getByLabel('Bathrooms').locator('option')).toHaveText(['1', '2', '3', '4', '5'])
    await expect(form(page).getByLabel('Half baths').locator('option')).toHaveText(['0', '1', '2', '3', '4'])
    await expect(form(page).getByLabel('Dens').locator('option')).toHaveText(['0', '1', '2', '3', '4', '5'])
    await expect(group(page, 'Tip').getByRole('radio', {name: '0%', exact: true})).toBeChecked()
    await expect(group(page, 'Parking fee').getByRole('radio', {name: '$0', exact: true})).toBeChecked()

    // Frequency only for Regular Cleaning; Time Required only for Post Construction.
    const services = group(page, 'Services (required)')
    await services.getByRole('radio', {name: 'Regular Cleaning', exact: true}).check()
    await expect(headings).toHaveText([...base.slice(0, 2), 'Frequency (required)', ...base.slice(2)])
    await expect(group(page, 'Frequency (required)').locator('label')).toHaveText(['Weekly', 'Every Other Week', 'Monthly', 'One-Time'])
    await services.getByRole('radio', {name: 'Post Construction', exact: true}).check()
    await expect(headings).toHaveText([...base.slice(0, 2), 'Time Required', ...base.slice(2)])
    await expect(form(page).getByLabel('Hours').locator('option')).toHaveText(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'])
    await expect(form(page).getByLabel('Minutes').locator('option')).toHaveText(['0', '15', '30', '45'])
    await services.getByRole('radio', {name: 'Move Out & Move In', exact: true}).check()
    await expect(headings).toHaveText(base)
    await services.getByRole('radio', {name: 'Regular Cleaning', exact: true}).check()
    await expect(group(page, 'Frequency (required)')).toBeVisible()
    await services.getByRole('radio', {name: 'Deep Cleaning', exact: true}).check()
    await expect(group(page, 'Frequency (required)')).toHaveCount(0)
    await expect(form(page).getByLabel('Hours')).toHaveCount(0)
  })

  test("extras (priced at $0) read 'No extra charge' and have count steppers that stay within 0 and the maximum", async ({page}) => {
    await openBookingScreen(page, '/house_cleaning')
    await group(page, 'Services (required)').getByRole('radio', {name: 'Deep Cleaning', exact: true}).check()
    const total = await summaryTotal(page).textContent()
    const blinds = form(page).getByRole('spinbutton', {name: 'Blinds'})
    const decrease = form(page).getByRole('button', {name: 'Decrease Blinds'})
    const increase = form(page).getByRole('button', {name: 'Increase Blinds'})
    await expect(blinds).toHaveValue('0')
    await expect(decrease).toBeDisabled()
    await increase.click()
    await increase.click()
    await expect(blinds).toHaveValue('2')
    await expect(summary(page).getByText('Blinds: 2 × $0.00')).toBeVisible()
    await expect(summaryTotal(page)).toHaveText(total ?? '')
    await decrease.click()
    await expect(blinds).toHaveValue('1')
    // Typed out of range: brought back within 0–10 when the field is left.
    await blinds.fill('99')
    await blinds.blur()
    await expect(blinds).toHaveValue('10')
    await expect(increase).toBeDisabled()
    await blinds.fill('-3')
    await blinds.blur()
    await expect(blinds).toHaveValue('0')
    for (const extra of ['Extra Heavy Duty', 'Blinds', 'Interior Windows', 'Oven', 'Garage']) {
      await expect(form(page).getByRole('spinbutton', {name: extra})).toBeVisible()
    }
    await expect(form(page).getByText('No extra charge')).toHaveCount(5)
    await expect(form(page).getByText('$0.00 each')).toHaveCount(0)
  })

  test('the live summary shows each price line and the total worked out by hand', async ({page}) => {
    await openBookingScreen(page, '/house_cleaning')
    await expect(summaryValue(page, 'Service')).toHaveText('Not selected')
    await expect(summaryValue(page, 'Frequency')).toHaveText('N/A')
    await expect(summaryTotal(page)).toHaveText('Total —')

    await fillDeepCleaning(page)
    await expect(summaryValue(page, 'Service')).toHaveText('Deep Cleaning')
    await expect(summaryValue(page, 'Frequency')).toHaveText('N/A')
    await expect(summaryValue(page, 'Bedrooms')).toHaveText('3')
    await expect(summaryValue(page, 'Bathrooms')).toHaveText('2')
    await expect(summaryValue(page, 'Base service charge')).toHaveText('$201.94')
    await expect(summaryValue(page, 'Bedrooms: 3 × $30.03')).toHaveText('$90.09')
    await expect(summaryValue(page, 'Bathrooms: 2 × $25.78')).toHaveText('$51.56')
    await expect(summaryValue(page, 'Half baths: 1 × $15.47')).toHaveText('$15.47')
    await expect(summaryValue(page, 'Tip (15%)')).toHaveText('$53.86')
    await expect(summaryValue(page, 'Parking')).toHaveText('$10.00')
    await expect(summaryValue(page, 'Discount')).toHaveText('$10.00 off')
    await expect(summaryTotal(page)).toHaveText(`Total ${DEEP_TOTAL}`)
    await expect(summaryTotal(page)).toHaveAttribute('aria-live', 'polite')
    await expect(form(page).locator('p', {hasText: 'Total to pay'})).toHaveText(`Total to pay ${DEEP_TOTAL}`)

    // Regular Cleaning, Weekly: 81.20 + 3 × 15.46 + 2 × 19.33 + 1 × 11.60 = 177.84;
    // tip round(177.84 × 0.15) = round(26.676) = 26.68; total 177.84 + 26.68 + 10 − 10 = 204.52.
    await group(page, 'Services (required)').getByRole('radio', {name: 'Regular Cleaning', exact: true}).check()
    await group(page, 'Frequency (required)').getByRole('radio', {name: 'Weekly', exact: true}).check()
    await expect(summaryValue(page, 'Frequency')).toHaveText('Weekly')
    await expect(summaryTotal(page)).toHaveText('Total $204.52')

    // Post Construction, 2 h 30 min: round(154.65 × 2.5) = round(386.625) = 386.63;
    // tip round(386.63 × 0.15) = round(57.9945) = 57.99; total 386.63 + 57.99 + 10 − 10 = 444.62.
    await group(page, 'Services (required)').getByRole('radio', {name: 'Post Construction', exact: true}).check()
    await form(page).getByLabel('Hours').selectOption('2')
    await form(page).getByLabel('Minutes').selectOption('30')
    await expect(summaryValue(page, 'Time')).toHaveText('2 h 30 min')
    await expect(summaryTotal(page)).toHaveText('Total $444.62')
  })

  test('the coupon box: a valid code shows its discount, an invalid one a message beside the field and the discount unchanged', async ({page}) => {
    await openBookingScreen(page, '/house_cleaning')
    await group(page, 'Services (required)').getByRole('radio', {name: 'Deep Cleaning', exact: true}).check()
    // Deep Cleaning, 1 bedroom, 1 bathroom: 201.94 + 30.03 + 25.78 = 257.75.
    await expect(summaryTotal(page)).toHaveText('Total $257.75')
    await expect(summaryValue(page, 'Discount')).toHaveText('None')

    const code = form(page).getByRole('textbox', {name: 'Coupon code'})
    await code.fill('bogus')
    await code.press('Enter') // applies, does not submit
    await expect(code).toHaveAccessibleDescription('Invalid coupon code.')
    await expect(code).toHaveAttribute('aria-invalid', 'true')
    await expect(summaryValue(page, 'Discount')).toHaveText('None')
    await expect(summaryTotal(page)).toHaveText('Total $257.75')
    await expect(form(page).getByText('Please fill out the first name')).toHaveCount(0)

    await code.fill('flat5')
    await form(page).getByRole('button', {name: 'Apply'}).click()
    await expect(summaryValue(page, 'Discount')).toHaveText('$5.00 off')
    await expect(summaryTotal(page)).toHaveText('Total $252.75') // 257.75 − 5.00
    await expect(code).not.toHaveAttribute('aria-invalid', 'true')

    // An invalid code afterwards keeps the discount (spec §4).
    await code.fill('save99')
    await form(page).getByRole('button', {name: 'Apply'}).click()
    await expect(form(page).getByText('Invalid coupon code.')).toBeVisible()
    await expect(summaryValue(page, 'Discount')).toHaveText('$5.00 off')
    await expect(summaryTotal(page)).toHaveText('Total $252.75')

    await code.fill('SAVE20')
    await form(page).getByRole('button', {name: 'Apply'}).click()
    await expect(summaryValue(page, 'Discount')).toHaveText('$20.00 off')
    await expect(summaryTotal(page)).toHaveText('Total $237.75') // 257.75 − 20.00
    await form(page).getByRole('button', {name: 'Remove coupon SAVE20'}).click()
    await expect(summaryValue(page, 'Discount')).toHaveText('None')
  })

  test('every validation message appears beside its field, and the first invalid field gets focus', async ({page}) => {
    const posts = countBookingPosts(page)
    await openBookingScreen(page, '/house_cleaning')
    const confirm = form(page).getByRole('button', {name: 'Confirm & Pay'})
    await confirm.click()

    const services = group(page, 'Services (required)')
    await expect(services).toHaveAccessibleDescription('Please select a service')
    await expect(services.getByRole('radio').first()).toBeFocused()
    for (const [label, message] of [
      ['First name', 'Please fill out the first name'],
      ['Last name', 'Please fill out the last name'],
      ['E-mail', 'Please fill out the email'],
      ['Phone', 'Please fill out the phone number'],
      ['Address', 'Please fill out the address'],
    ] as const) {
      const field = form(page).getByRole('textbox', {name: label})
      await expect(field).toHaveAccessibleDescription(new RegExp(`${message}$`))
      await expect(field).toHaveAttribute('aria-invalid', 'true')
    }
    await expect(dateCalendar(form(page))).toHaveAccessibleDescription(/Please fill out the date$/)
    await expect(arrivalWindows(form(page))).toHaveAccessibleDescription('Please choose an arrival window.')
    for (const question of ['How Clean Is Your Home?', 'How Will We Get Inside?', 'Where Can We Park?']) {
      await expect(group(page, `${question} (required)`)).toHaveAccessibleDescription(`Missing answer for: ${question}`)
    }

    // The rules that depend on the service (checked once the rest of the form is filled in).
    await answerInstructions(page)
    await chooseArrival(form(page))
    await fillCustomer(page)
    await services.getByRole('radio', {name: 'Regular Cleaning', exact: true}).check()
    await expect(services).not.toHaveAccessibleDescription('Please select a service')
    await confirm.click()
    await expect(group(page, 'Frequency (required)')).toHaveAccessibleDescription(/Please select a cleaning frequency$/)
    await expect(group(page, 'Frequency (required)').getByRole('radio').first()).toBeFocused()

    // Post Construction with no time.
    await services.getByRole('radio', {name: 'Post Construction', exact: true}).check()
    await confirm.click()
    await expect(form(page).getByLabel('Hours')).toHaveAccessibleDescription('Please select the time required for Post Construction.')
    await expect(form(page).getByLabel('Hours')).toBeFocused()
    await form(page).getByLabel('Minutes').selectOption('45')
    await expect(form(page).getByText('Please select the time required for Post Construction.')).toHaveCount(0)

    // Malformed e-mail and phone.
    await form(page).getByRole('textbox', {name: 'E-mail'}).fill('imogen@example')
    await form(page).getByRole('textbox', {name: 'Phone'}).fill('555-0163')
    await confirm.click()
    await expect(form(page).getByRole('textbox', {name: 'E-mail'})).toHaveAccessibleDescription('Invalid email format')
    await expect(form(page).getByRole('textbox', {name: 'Phone'})).toHaveAccessibleDescription(/Please enter a valid 10-digit phone number$/)

    // Fixing a field clears its message as the customer types.
    await form(page).getByRole('textbox', {name: 'Phone'}).fill('(425) 555-0163')
    await expect(form(page).getByRole('textbox', {name: 'Phone'})).not.toHaveAttribute('aria-invalid', 'true')

    // Nothing was sent, nothing shows as a pop-up.
    expect(posts.count).toBe(0)
    await expect(form(page).getByRole('alert')).toHaveText('')
  })

  test('the review box rotates every 3 s through the 5 house reviews, with Next and a pause control', async ({page}) => {
    // The browser's clock stands still unless the test moves it.
    const start = new Date()
    await page.clock.install({time: start})
    await page.clock.pauseAt(new Date(start.getTime() + 1000))
    await openBookingScreen(page, '/house_cleaning')
    const reviews = documentsOfType<{form: string; text: string; author: string; stars: number; orderRank: string}>('reviewSample')
      .filter((review) => review.form === 'house')
      .sort(byOrderRank)
    expect(reviews).toHaveLength(5)
    const box = page.getByRole('region', {name: 'Customer Reviews'})
    await expect(currentReview(page)).toHaveAccessibleName('1 of 5')
    await expect(currentReview(page)).toContainText(reviews[0].text)
    await expect(currentReview(page).getByRole('img', {name: `${reviews[0].stars} out of 5 stars`})).toBeVisible()

    await page.clock.runFor(3000)
    await expect(currentReview(page)).toContainText(reviews[1].text)
    await box.getByRole('button', {name: 'Next review'}).click()
    await expect(currentReview(page)).toContainText(reviews[2].text)
    // Focus inside the box (the Next button keeps it): no rotation.
    await page.clock.runFor(9000)
    await expect(currentReview(page)).toContainText(reviews[2].text)
    // Paused with the control, the pointer and focus elsewhere: still no rotation; Play resumes.
    await box.getByRole('button', {name: 'Pause reviews'}).click()
    await page.getByRole('heading', {level: 1}).click()
    await page.mouse.move(0, 0)
    await page.clock.runFor(9000)
    await expect(currentReview(page)).toContainText(reviews[2].text)
    await box.getByRole('button', {name: 'Play reviews'}).click()
    await page.getByRole('heading', {level: 1}).click()
    await page.mouse.move(0, 0)
    await page.clock.runFor(3000)
    await expect(currentReview(page)).toContainText(reviews[3].text)
    await expect(currentReview(page).getByRole('img', {name: `${reviews[3].stars} out of 5 stars`})).toBeVisible()
  })

  test('the whole path: Confirm & Pay → test checkout with the same total → Pay → /success', async ({page}) => {
    const posts = countBookingPosts(page)
    await openBookingScreen(page, '/house_cleaning')
    const {date, window} = await fillDeepCleaning(page)
    await expect(summary(page).getByText(arrivalWindowLabel(window))).toBeVisible()
    await expect(summaryTotal(page)).toHaveText(`Total ${DEEP_TOTAL}`)

    // Two fast clicks make one booking.
    await form(page).getByRole('button', {name: 'Confirm & Pay'}).dblclick()
    await page.waitForURL(/\/checkout\/test\//)
    expect(posts.count).toBe(1)
    await expect(page.getByText(/test mode/i).first()).toBeVisible()
    await expect(page.getByText('House Cleaning – Deep Cleaning')).toBeVisible()
    await expect(page.getByText(DEEP_TOTAL, {exact: true})).toBeVisible()

    await page.getByRole('button', {name: `Pay ${DEEP_TOTAL}`}).click()
    await page.waitForURL(/\/success\?/)
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Payment Successful')
    const details = page.getByRole('main').locator('dl')
    await expect(details.getByText('House Cleaning – Deep Cleaning')).toBeVisible()
    await expect(details.getByText(longDate(date))).toBeVisible()
    await expect(details.getByText(arrivalWindowLabel(window))).toBeVisible()
    await expect(details.getByText('Snohomish County')).toBeVisible()
    await expect(details.getByText(DEEP_TOTAL, {exact: true})).toBeVisible()
    expect(await page.content()).not.toContain(CUSTOMER['First name'])
  })

  test('a failed submission shows the spec §8 text in the page, clears the busy state and keeps what was typed', async ({page}) => {
    const keys: string[] = []
    await page.route('**/api/bookings', (route) => {
      keys.push((route.request().postDataJSON() as {idempotencyKey: string}).idempotencyKey)
      return route.fulfill({status: 500, contentType: 'application/json', body: JSON.stringify({ok: false, kind: 'save', message: 'saveFailed'})})
    })
    let dialogs = 0
    page.on('dialog', (dialog) => {
      dialogs += 1
      void dialog.dismiss()
    })
    await openBookingScreen(page, '/house_cleaning')
    await fillDeepCleaning(page)
    const confirm = form(page).getByRole('button', {name: 'Confirm & Pay'})
    await confirm.click()
    await expect(form(page).getByRole('alert')).toHaveText('Error: We could not save your booking. Please try again in a moment.')
    await expect(confirm).toBeEnabled()
    await expect(form(page).getByRole('textbox', {name: 'First name'})).toHaveValue(CUSTOMER['First name'])
    await expect(summaryTotal(page)).toHaveText(`Total ${DEEP_TOTAL}`)

    // A retry of the same details sends the same idempotency key; changed details are another
    // booking with a key of its own.
    await confirm.click()
    await expect(confirm).toBeEnabled()
    await expect.poll(() => keys.length).toBe(2)
    await form(page).getByRole('textbox', {name: 'Notes for our team'}).fill('The cat is shy.')
    await confirm.click()
    await expect.poll(() => keys.length).toBe(3)
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).not.toBe(keys[0])

    // No payment URL: 'Stripe redirect failed'.
    await page.unroute('**/api/bookings')
    await page.route('**/api/bookings', (route) => route.fulfill({status: 502, contentType: 'application/json', body: JSON.stringify({ok: false, kind: 'no-url'})}))
    await confirm.click()
    await expect(form(page).getByRole('alert')).toHaveText('Stripe redirect failed')

    // The server's field messages (references to the form's messages) go beside their fields.
    await page.unroute('**/api/bookings')
    await page.route('**/api/bookings', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ok: false, kind: 'validation', fieldErrors: {address: 'addressRequired'}, message: 'addressRequired'}),
      }),
    )
    await confirm.click()
    await expect(form(page).getByRole('textbox', {name: 'Address'})).toHaveAccessibleDescription('Please fill out the address')
    await expect(form(page).getByRole('textbox', {name: 'Address'})).toBeFocused()
    expect(dialogs).toBe(0)
  })
})

test.describe('house booking screen on a phone', () => {
  test.use({viewport: {width: 390, height: 844}})

  test('the total stays in view in a bar at the bottom while filling in, and the summary comes right before Confirm & Pay', async ({page}) => {
    await openBookingScreen(page, '/house_cleaning')
    const bar = page.getByTestId('total-bar')
    await expect(bar).toBeVisible()
    await expect(bar).toHaveText(/Total to pay\s*—/)
    const box = await bar.boundingBox()
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844)

    await fillDeepCleaning(page)
    // The same amount as the summary, while the Confirm & Pay button is far below.
    const total = ((await summaryTotal(page).textContent()) ?? '').match(/\$[\d,.]+/)?.[0]
    expect(total).toBe(DEEP_TOTAL)
    await group(page, 'Services (required)').scrollIntoViewIfNeeded()
    await expect(bar).toHaveText(new RegExp(`\\${DEEP_TOTAL}$`))

    // The sidebar comes after the form on a phone: the form's own summary stands before the button.
    const formSummary = form(page).getByRole('region', {name: 'Summary'})
    const confirm = form(page).getByRole('button', {name: 'Confirm & Pay'})
    await expect(page.getByRole('complementary').getByRole('region', {name: 'Summary'})).toBeHidden()
    await confirm.scrollIntoViewIfNeeded()
    await expect(formSummary).toBeVisible()
    expect((await formSummary.boundingBox())!.y).toBeLessThan((await confirm.boundingBox())!.y)
    await expect(formSummary.getByTestId('summary-total')).toHaveText(new RegExp(`\\${DEEP_TOTAL}$`))
    // Once the button and its amount are on the screen, the bar gives way.
    await expect(bar).toBeHidden()
  })
})
