import {expect, test, type Page} from './support/test'
import {byOrderRank, documentsOfType} from './support/dataset'
import {holdRequests} from './support/network'
import {longDate} from './support/bookings'
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
  summaryTotal,
  summaryValue,
  VIEWPORTS,
} from './support/booking-ui'

/**
 * /commercial_cleaning: location, sub-service, frequency (cleared when the sub-service changes;
 * Construction Final Clean is One-Time only), date, customer details, notes; the summary against
 * spec §9 (base $40 + the sub-service's add-on); the 15-review carousel; filled in with the keyboard
 * alone and paid on the local test checkout.
 */

const FORM = 'Commercial cleaning booking'
const form = (page: Page) => bookingForm(page, FORM)
const group = (page: Page, name: string) => form(page).getByRole('group', {name, exact: true})
const radio = (page: Page, groupName: string, name: string) => group(page, groupName).getByRole('radio', {name, exact: true})
const SERVICE = 'Service (required)'
const FREQUENCY = 'Frequency (required)'

const CUSTOMER = {
  firstName: 'Thaddeus',
  lastName: 'Okonkwo-Reyes',
  email: 'thaddeus.or@example.com',
  phone: '206 555 0119',
  address: '400 SW 7th St, Renton, WA 98057',
  notes: 'Loading dock at the back; badge at reception.',
}

/** Presses Tab until `target` has focus (at most `max` times). */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 80) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error('Tab never reached the target')
}

async function expectFocused(page: Page, name: string) {
  await expect(page.locator(':focus')).toHaveAccessibleName(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
}

test.describe('commercial booking screen', () => {
  for (const viewport of VIEWPORTS) {
    test(`has no axe violations and no sideways scrolling at ${viewport.width} px`, async ({page}) => {
      await page.setViewportSize({width: viewport.width, height: viewport.height})
      await openBookingScreen(page, '/commercial_cleaning')
      await expect(page.getByRole('heading', {level: 1})).toHaveText('Book Commercial Cleaning')
      expect(await axeViolations(page)).toEqual([])
      await expectNoHorizontalScroll(page)
      await form(page).getByRole('button', {name: 'Confirm & Pay'}).click()
      await expect(form(page).getByText('Please fill out the service field.')).toBeVisible()
      await radio(page, SERVICE, 'Retail Spaces Cleaning').check()
      expect(await axeViolations(page)).toEqual([])
      await expectNoHorizontalScroll(page)
    })
  }

  test('the summary shows the industry, the sub-service or N/A and the total of spec §9', async ({page}) => {
    await openBookingScreen(page, '/commercial_cleaning')
    await expect(radio(page, 'Location', 'Snohomish County')).toBeChecked()
    await expect(summaryValue(page, 'Industry')).toHaveText('Commercial Cleaning')
    await expect(summaryValue(page, 'Service')).toHaveText('N/A')
    // No sub-service: the base $40.00.
    await expect(summaryTotal(page)).toHaveText('Total $40.00')
    for (const [service, total] of [
      ['Construction Final Clean', '$50.00'], // 40 + 10
      ['Corporate Office Cleaning', '$60.00'], // 40 + 20
      ['Retail Spaces Cleaning', '$70.00'], // 40 + 30
      ['VRBO and AIRBNB Cleaning', '$80.00'], // 40 + 40
    ] as const) {
      await radio(page, SERVICE, service).check()
      await expect(summaryValue(page, 'Service')).toHaveText(service)
      await expect(summaryValue(page, 'Base')).toHaveText('$40.00')
      await expect(summaryTotal(page)).toHaveText(`Total ${total}`)
      await expect(form(page).locator('p', {hasText: 'Total to pay'})).toHaveText(`Total to pay ${total}`)
    }
  })

  test('changing the sub-service clears the frequency; Construction Final Clean offers only One-Time', async ({page}) => {
    await openBookingScreen(page, '/commercial_cleaning')
    await expect(group(page, FREQUENCY).getByRole('radio')).toHaveCount(0)
    await expect(group(page, FREQUENCY)).toContainText('Choose a service first')

    await radio(page, SERVICE, 'Corporate Office Cleaning').check()
    await expect(group(page, FREQUENCY).locator('label')).toHaveText(['Single Deep Cleaning', 'Recurring'])
    await radio(page, FREQUENCY, 'Recurring').check()
    await expect(summaryValue(page, 'Frequency')).toHaveText('Recurring')

    await radio(page, SERVICE, 'Retail Spaces Cleaning').check()
    await expect(group(page, FREQUENCY).locator('label')).toHaveText(['Single Deep Cleaning', 'Recurring'])
    await expect(group(page, FREQUENCY).getByRole('radio', {checked: true})).toHaveCount(0)
    await expect(summaryValue(page, 'Frequency')).toHaveText('Not selected')

    await radio(page, FREQUENCY, 'Single Deep Cleaning').check()
    await radio(page, SERVICE, 'Construction Final Clean').check()
    await expect(group(page, FREQUENCY).locator('label')).toHaveText(['One-Time'])
    await expect(radio(page, FREQUENCY, 'One-Time')).not.toBeChecked()
    await radio(page, FREQUENCY, 'One-Time').check()
    await radio(page, SERVICE, 'VRBO and AIRBNB Cleaning').check()
    await expect(group(page, FREQUENCY).getByRole('radio', {checked: true})).toHaveCount(0)
  })

  test('every validation message of spec §5 appears beside its field', async ({page}) => {
    const posts = countBookingPosts(page)
    await openBookingScreen(page, '/commercial_cleaning')
    const confirm = form(page).getByRole('button', {name: 'Confirm & Pay'})
    await confirm.click()
    await expect(group(page, SERVICE)).toHaveAccessibleDescription('Please fill out the service field.')
    await expect(group(page, SERVICE).getByRole('radio').first()).toBeFocused()
    await expect(group(page, FREQUENCY)).toHaveAccessibleDescription('Please fill out the frequency field.')
    await expect(dateCalendar(form(page))).toHaveAccessibleDescription(/Please fill out the date field\.$/)
    await expect(arrivalWindows(form(page))).toHaveAccessibleDescription('Please choose an arrival window.')
    for (const [label, message] of [
      ['First name', 'Please fill out the first name field.'],
      ['Last name', 'Please fill out the last name field.'],
      ['E-mail', 'Please fill out the email field.'],
      ['Phone', 'Please fill out the phone number field.'],
      ['Address', 'Please fill out the address field.'],
    ] as const) {
      const field = form(page).getByRole('textbox', {name: label})
      await expect(field).toHaveAccessibleDescription(new RegExp(`${message.replace('.', '\\.')}$`))
      await expect(field).toHaveAttribute('aria-invalid', 'true')
    }

    // Whitespace only is blank; a malformed e-mail and phone.
    await form(page).getByRole('textbox', {name: 'First name'}).fill('   ')
    await form(page).getByRole('textbox', {name: 'E-mail'}).fill('thaddeus@example')
    await form(page).getByRole('textbox', {name: 'Phone'}).fill('555 0119')
    await confirm.click()
    await expect(form(page).getByRole('textbox', {name: 'First name'})).toHaveAccessibleDescription('Please fill out the first name field.')
    await expect(form(page).getByRole('textbox', {name: 'E-mail'})).toHaveAccessibleDescription('Please enter a valid email address.')
    await expect(form(page).getByRole('textbox', {name: 'Phone'})).toHaveAccessibleDescription(/Please enter a valid 10-digit phone number$/)

    // The messages go as the fields are corrected.
    await radio(page, SERVICE, 'Corporate Office Cleaning').check()
    await expect(group(page, SERVICE)).not.toHaveAccessibleDescription(/Please fill out/)
    await form(page).getByRole('textbox', {name: 'E-mail'}).fill('thaddeus@example.com')
    await expect(form(page).getByRole('textbox', {name: 'E-mail'})).not.toHaveAttribute('aria-invalid', 'true')
    expect(posts.count).toBe(0)
  })

  test('the carousel shows the 15 commercial reviews: every 3 s, Next, paused on hover and with its control', async ({page}) => {
    const reviews = documentsOfType<{form: string; text: string; stars: number; orderRank: string}>('reviewSample')
      .filter((review) => review.form === 'commercial')
      .sort(byOrderRank)
    expect(reviews).toHaveLength(15)
    // The browser's clock stands still unless the test moves it.
    const start = new Date()
    await page.clock.install({time: start})
    await page.clock.pauseAt(new Date(start.getTime() + 1000))
    await openBookingScreen(page, '/commercial_cleaning')
    const box = page.getByRole('region', {name: 'Customer Reviews'})
    await expect(currentReview(page)).toHaveAccessibleName('1 of 15')
    await expect(currentReview(page)).toContainText(reviews[0].text)

    await page.clock.runFor(2900)
    await expect(currentReview(page)).toContainText(reviews[0].text)
    await page.clock.runFor(100)
    await expect(currentReview(page)).toContainText(reviews[1].text)
    await page.clock.runFor(3000)
    await expect(currentReview(page)).toHaveAccessibleName('3 of 15')

    // Hovered: no rotation.
    await box.hover()
    await page.clock.runFor(9000)
    await expect(currentReview(page)).toHaveAccessibleName('3 of 15')
    await page.mouse.move(0, 0)
    await page.clock.runFor(3000)
    await expect(currentReview(page)).toHaveAccessibleName('4 of 15')

    // Next, by hand; from the last review it goes back to the first.
    await box.getByRole('button', {name: 'Next review'}).click()
    await expect(currentReview(page)).toContainText(reviews[4].text)
    await expect(currentReview(page).getByRole('img', {name: `${reviews[4].stars} out of 5 stars`})).toBeVisible()

    // The pause control stops it with the pointer and focus elsewhere; Play restarts it.
    await box.getByRole('button', {name: 'Pause reviews'}).click()
    await expect(box.getByRole('button', {name: 'Play reviews'})).toBeVisible()
    await page.getByRole('heading', {level: 1}).click()
    await page.mouse.move(0, 0)
    await page.clock.runFor(12_000)
    await expect(currentReview(page)).toHaveAccessibleName('5 of 15')
    for (let i = 0; i < 10; i += 1) await box.getByRole('button', {name: 'Next review'}).click()
    await expect(currentReview(page)).toHaveAccessibleName('15 of 15')
    await box.getByRole('button', {name: 'Next review'}).click()
    await expect(currentReview(page)).toHaveAccessibleName('1 of 15')
    await box.getByRole('button', {name: 'Play reviews'}).click()
    await page.getByRole('heading', {level: 1}).click()
    await page.mouse.move(0, 0)
    await page.clock.runFor(3000)
    await expect(currentReview(page)).toHaveAccessibleName('2 of 15')
  })

  test('Popular Questions: the four commercial questions, one answer open at a time', async ({page}) => {
    await openBookingScreen(page, '/commercial_cleaning')
    const questions = documentsOfType<{form: string; question: string; orderRank: string}>('popularQuestion')
      .filter((item) => item.form === 'commercial')
      .sort(byOrderRank)
    const box = page.getByRole('region', {name: 'Popular Questions'})
    await expect(box.getByRole('button')).toHaveText(questions.map((item) => item.question))
    await box.getByRole('button', {name: questions[0].question}).click()
    await expect(box.getByRole('button', {name: questions[0].question})).toHaveAttribute('aria-expanded', 'true')
    await box.getByRole('button', {name: questions[1].question}).click()
    await expect(box.getByRole('button', {name: questions[0].question})).toHaveAttribute('aria-expanded', 'false')
  })

  test('filled in with the keyboard alone, paid on the test checkout, confirmed on /success', async ({page}) => {
    const posts = countBookingPosts(page)
    await openBookingScreen(page, '/commercial_cleaning')

    // Location: Snohomish County is chosen; the arrow key picks King County.
    await tabTo(page, radio(page, 'Location', 'Snohomish County'))
    await page.keyboard.press('ArrowDown')
    await expect(radio(page, 'Location', 'King County')).toBeChecked()

    // Sub-service: Tab into the group, Space picks the first, the arrow key moves the choice.
    await page.keyboard.press('Tab')
    await expectFocused(page, 'Construction Final Clean')
    await page.keyboard.press('Space')
    await expect(radio(page, SERVICE, 'Construction Final Clean')).toBeChecked()
    await page.keyboard.press('ArrowDown')
    await expect(radio(page, SERVICE, 'Corporate Office Cleaning')).toBeChecked()
    await expect(summaryTotal(page)).toHaveText('Total $60.00') // 40 + 20

    await page.keyboard.press('Tab')
    await expectFocused(page, 'Single Deep Cleaning')
    await page.keyboard.press('Space')
    await expect(radio(page, FREQUENCY, 'Single Deep Cleaning')).toBeChecked()

    // The date: Tab reaches the calendar's first offered day (past the month buttons), the arrow
    // key moves to the next offered day, Enter picks it; then Tab and Space pick the first window.
    const calendar = dateCalendar(form(page))
    const offered = calendar.locator('td[data-day]:not([data-disabled])')
    await tabTo(page, offered.first().getByRole('button'), 4)
    const first = (await offered.first().getAttribute('data-day')) as string
    await page.keyboard.press('ArrowRight')
    const focusedDay = calendar.locator('td[data-day]:has(button:focus)')
    await expect(focusedDay).not.toHaveAttribute('data-day', first)
    await expect(focusedDay).not.toHaveAttribute('data-disabled')
    const date = (await focusedDay.getAttribute('data-day')) as string
    await page.keyboard.press('Enter')
    await expect(calendar.locator('td[data-selected]')).toHaveAttribute('data-day', date)
    await tabTo(page, arrivalWindows(form(page)).getByRole('radio').first(), 2)
    await page.keyboard.press('Space')
    await expect(arrivalWindows(form(page)).getByRole('radio').first()).toBeChecked()

    await tabTo(page, form(page).getByRole('textbox', {name: 'First name'}), 2)
    await page.keyboard.type(CUSTOMER.firstName)
    for (const [label, value] of [
      ['Last name', CUSTOMER.lastName],
      ['E-mail', CUSTOMER.email],
      ['Phone', CUSTOMER.phone],
      ['Address', CUSTOMER.address],
      ['Notes for our team', CUSTOMER.notes],
    ] as const) {
      await page.keyboard.press('Tab')
      await expectFocused(page, label)
      await page.keyboard.type(value)
    }
    await page.keyboard.press('Tab')
    await expectFocused(page, 'Confirm & Pay')
    await page.keyboard.press('Enter')

    await page.waitForURL(/\/checkout\/test\//)
    expect(posts.count).toBe(1)
    await expect(page.getByText(/test mode/i).first()).toBeVisible()
    await expect(page.getByText('Commercial Cleaning – Corporate Office Cleaning')).toBeVisible()
    await expect(page.getByText('$60.00', {exact: true})).toBeVisible()

    // Pay, with the keyboard too.
    await tabTo(page, page.getByRole('button', {name: 'Pay $60.00'}), 30)
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/success\?/)
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Payment Successful')
    const details = page.getByRole('main').locator('dl')
    await expect(details.getByText('Commercial Cleaning – Corporate Office Cleaning')).toBeVisible()
    await expect(details.getByText(longDate(date))).toBeVisible()
    await expect(details.getByText('King County')).toBeVisible()
    await expect(details.getByText('$60.00', {exact: true})).toBeVisible()
    expect(await page.content()).not.toContain(CUSTOMER.lastName)
  })

  test('a double click on Confirm & Pay makes one booking', async ({page}) => {
    const posts = countBookingPosts(page)
    await openBookingScreen(page, '/commercial_cleaning')
    await radio(page, SERVICE, 'VRBO and AIRBNB Cleaning').check()
    await radio(page, FREQUENCY, 'Recurring').check()
    await chooseArrival(form(page))
    await form(page).getByRole('textbox', {name: 'First name'}).fill(CUSTOMER.firstName)
    await form(page).getByRole('textbox', {name: 'Last name'}).fill(CUSTOMER.lastName)
    await form(page).getByRole('textbox', {name: 'E-mail'}).fill(CUSTOMER.email)
    await form(page).getByRole('textbox', {name: 'Phone'}).fill(CUSTOMER.phone)
    await form(page).getByRole('textbox', {name: 'Address'}).fill(CUSTOMER.address)
    await expect(summaryTotal(page)).toHaveText('Total $80.00') // 40 + 40

    // The request is held until the busy state has been seen.
    const held = await holdRequests(page, '/api/bookings')
    await form(page).getByRole('button', {name: 'Confirm & Pay'}).dblclick()
    await expect(form(page).getByRole('button', {name: /Processing/})).toBeDisabled()
    held.release()
    await page.waitForURL(/\/checkout\/test\//)
    expect(posts.count).toBe(1)
    await expect(page.getByRole('button', {name: 'Pay $80.00'})).toBeVisible()
  })

  test('a failure shows the spec §8 text beside the form, never a pop-up, and keeps what was typed', async ({page}) => {
    let dialogs = 0
    page.on('dialog', (dialog) => {
      dialogs += 1
      void dialog.dismiss()
    })
    await page.route('**/api/bookings', (route) =>
      route.fulfill({status: 500, contentType: 'application/json', body: JSON.stringify({ok: false, kind: 'save', message: 'saveFailed'})}),
    )
    await openBookingScreen(page, '/commercial_cleaning')
    await radio(page, SERVICE, 'Construction Final Clean').check()
    await radio(page, FREQUENCY, 'One-Time').check()
    await chooseArrival(form(page))
    await form(page).getByRole('textbox', {name: 'First name'}).fill(CUSTOMER.firstName)
    await form(page).getByRole('textbox', {name: 'Last name'}).fill(CUSTOMER.lastName)
    await form(page).getByRole('textbox', {name: 'E-mail'}).fill(CUSTOMER.email)
    await form(page).getByRole('textbox', {name: 'Phone'}).fill(CUSTOMER.phone)
    await form(page).getByRole('textbox', {name: 'Address'}).fill(CUSTOMER.address)
    const confirm = form(page).getByRole('button', {name: 'Confirm & Pay'})
    await confirm.click()
    await expect(form(page).getByRole('alert')).toHaveText('Booking failed: We could not save your booking. Please try again in a moment.')
    await expect(confirm).toBeEnabled()
    await expect(form(page).getByRole('textbox', {name: 'Address'})).toHaveValue(CUSTOMER.address)

    await page.unroute('**/api/bookings')
    await page.route('**/api/bookings', (route) => route.fulfill({status: 502, contentType: 'application/json', body: JSON.stringify({ok: false, kind: 'no-url'})}))
    await confirm.click()
    await expect(form(page).getByRole('alert')).toHaveText('Failed to redirect to payment.')

    await page.unroute('**/api/bookings')
    await page.route('**/api/bookings', (route) => route.abort('connectionreset'))
    await confirm.click()
    await expect(form(page).getByRole('alert')).toHaveText('Payment error occurred.')
    await expect(confirm).toBeEnabled()
    expect(dialogs).toBe(0)
  })
})
