import {expect, test, type Locator, type Page} from './support/test'
import {longDate} from './support/bookings'
import {holdRequests} from './support/network'
import {arrivalWindowLabel} from '../../lib/booking/arrival-window'
import {
  arrivalWindows,
  axeViolations,
  bookingForm,
  chooseArrival,
  countBookingPosts,
  dateCalendar,
  expectFocused,
  expectNoHorizontalScroll,
  fillCustomerDetails,
  forbidDialogs,
  openBookingScreen,
  questionsOf,
  reviewsOf,
  summaryTotal,
  tabToField,
  tabUntil,
} from './support/booking-ui'

/**
 * The four booking screens, one row each: what only the whole page in a real browser on the real
 * server can prove. Each screen is paid through the whole UI once (fill → Confirm & Pay → the local
 * test checkout → /success; exterior and commercial with the keyboard alone), checked with axe at
 * phone and desktop width (empty and with every message showing) and for sideways scrolling at
 * 360 px; the house screen's phone layout; the wording of the server's refusals; the page as served
 * (its reviews, questions and FAQPage data). A form's own behaviour (summary rows and prices,
 * validation messages, coupon, carousel, calendar) is tested as a component
 * (components/**\/*.test.tsx), the prices and rules in lib/booking.
 */

type Form = 'house' | 'carpet' | 'exterior' | 'commercial'

type Customer = {firstName: string; lastName: string; email: string; phone: string; address: string; notes: string}

type Screen = {
  form: Form
  path: string
  heading: string
  formName: string
  /** The sub-navigation between the house and carpet forms, when the screen has it. */
  subNav: boolean
  /** Confirm & Pay on the empty form shows this message (among all the others). */
  firstMessage: string
  /** More of the form showing for the axe check with messages (conditional sections, the coupon's message). */
  showMore?: (form: Locator, page: Page) => Promise<void>
  /** The window the screen is paid at. */
  viewport: {width: number; height: number}
  customer: Customer
  /** Fills the form in as a customer would, with the mouse or the keyboard alone. */
  fill: (page: Page, form: Locator, customer: Customer) => Promise<void>
  /** How Confirm & Pay and Pay are pressed. */
  keyboard: boolean
  /** Worked out by hand from the price list (lib/booking/pricing.test.ts has the same cases). */
  total: string
  description: string
  /** Shown on the checkout and /success; the exterior form has none. */
  location: string | null
  /** Checked on the empty form, before filling it in. */
  beforeFill?: (page: Page) => Promise<void>
  /** Checked once filled, before Confirm & Pay. */
  beforeConfirm?: (page: Page, form: Locator) => Promise<void>
  /** The banner's words for the server's refusals (content), on the screens whose words are checked. */
  refusals?: {saveFailed: string; noPaymentPage: string; network?: string}
}

const DESKTOP = {width: 1280, height: 900}
const PHONE = {width: 360, height: 800}

const groupOf = (form: Locator, name: string) => form.getByRole('group', {name, exact: true})
const radioOf = (form: Locator, groupName: string, name: string | RegExp) =>
  groupOf(form, groupName).getByRole('radio', typeof name === 'string' ? {name, exact: true} : {name})

const SCREENS: Screen[] = [
  {
    form: 'house',
    path: '/house_cleaning',
    heading: 'Book House Cleaning',
    formName: 'House cleaning booking',
    subNav: true,
    firstMessage: 'Please fill out the first name',
    showMore: async (form) => {
      await radioOf(form, 'Services (required)', 'Regular Cleaning').check()
      await expect(groupOf(form, 'Frequency (required)')).toBeVisible()
      await form.getByRole('textbox', {name: 'Coupon code'}).fill('nope')
      await form.getByRole('button', {name: 'Apply'}).click()
      await expect(form.getByText('Invalid coupon code.')).toBeVisible()
    },
    // Paid on a phone: the total bar and the form's own summary before Confirm & Pay are checked on the way.
    viewport: {width: 390, height: 844},
    customer: {
      firstName: 'Imogen',
      lastName: 'Faraday',
      email: 'imogen.faraday@example.com',
      phone: '425.555.0163',
      address: '1200 Maple Valley Hwy, Renton, WA 98058',
      notes: 'The dog is friendly.',
    },
    keyboard: false,
    beforeFill: async (page) => {
      // The total bar stays at the bottom of a phone's window while the form is filled in.
      const bar = page.getByTestId('total-bar')
      await expect(bar).toBeVisible()
      await expect(bar).toHaveText(/Total to pay\s*—/)
      const box = await bar.boundingBox()
      expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844)
    },
    fill: async (page, form, customer) => {
      // Deep Cleaning, 3 bedrooms, 2 bathrooms, 1 half bath, 0 dens, tip 15 %, parking $10, coupon save10.
      await radioOf(form, 'Services (required)', 'Deep Cleaning').check()
      await form.getByLabel('Bedrooms').selectOption('3')
      await form.getByLabel('Bathrooms').selectOption('2')
      await form.getByLabel('Half baths').selectOption('1')
      await radioOf(form, 'How Clean Is Your Home? (required)', 'Mostly Clean').check()
      await radioOf(form, 'How Will We Get Inside? (required)', 'I will be Home').check()
      await radioOf(form, 'Where Can We Park? (required)', 'Street Parking').check()
      await chooseArrival(form)
      await radioOf(form, 'Tip', '15%').check()
      await radioOf(form, 'Parking fee', '$10').check()
      await fillCustomerDetails(form, customer)
      await form.getByRole('textbox', {name: 'Notes for our team'}).fill(customer.notes)
      await form.getByRole('textbox', {name: 'Coupon code'}).fill(' SAVE10 ')
      await form.getByRole('button', {name: 'Apply'}).click()
    },
    // 201.94 + 3 × 30.03 + 2 × 25.78 + 15.47 = 359.06; tip round(53.859) = 53.86; + 10.00 parking − 10.00 save10.
    total: '$412.92',
    description: 'House Cleaning – Deep Cleaning',
    location: 'Snohomish County',
    beforeConfirm: async (page, form) => {
      const bar = page.getByTestId('total-bar')
      await groupOf(form, 'Services (required)').scrollIntoViewIfNeeded()
      await expect(bar).toHaveText(/\$412\.92$/)
      // The sidebar comes after the form on a phone: the form's own summary stands before the button.
      const formSummary = form.getByRole('region', {name: 'Summary'})
      const confirm = form.getByRole('button', {name: 'Confirm & Pay'})
      await expect(page.getByRole('complementary').getByRole('region', {name: 'Summary'})).toBeHidden()
      await confirm.scrollIntoViewIfNeeded()
      await expect(formSummary).toBeVisible()
      expect((await formSummary.boundingBox())!.y).toBeLessThan((await confirm.boundingBox())!.y)
      await expect(formSummary.getByTestId('summary-total')).toHaveText(/\$412\.92$/)
      await expect(form.locator('p', {hasText: 'Total to pay'})).toHaveText('Total to pay $412.92')
      // Once the button and its amount are on the screen, the bar gives way.
      await expect(bar).toBeHidden()
    },
    refusals: {saveFailed: 'Error: We could not save your booking. Please try again in a moment.', noPaymentPage: 'Stripe redirect failed'},
  },
  {
    form: 'carpet',
    path: '/carpet_cleaning',
    heading: 'Book Carpet Cleaning',
    formName: 'Carpet cleaning booking',
    subNav: true,
    firstMessage: 'Please select a frequency.',
    showMore: async (form, page) => {
      await form.getByRole('textbox', {name: 'Coupon code'}).fill('nope')
      await form.getByRole('button', {name: 'Apply'}).click()
      const message = form.getByText('Invalid coupon code.')
      await expect(message).toBeVisible()
      // In the money red (--color-money #b42318), and the page was not submitted.
      expect(await message.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(180, 35, 24)')
      await expect(page).toHaveURL(/\/carpet_cleaning$/)
    },
    viewport: DESKTOP,
    customer: {
      firstName: 'Theodora',
      lastName: 'Vasquez-Whitcombe',
      email: 'theo.whitcombe@example.com',
      phone: '425.555.0129',
      address: '88 Burnett Ave N, Renton, WA 98057',
      notes: 'Two cats; the hallway runner has a coffee stain.',
    },
    keyboard: false,
    fill: async (page, form, customer) => {
      // King County, Every 3 Months, 3 rooms, 1 staircase, 2 × Pet, Food, Drink Stain, access code, save10.
      await form.getByRole('group', {name: /^Where Will The Service Be Taking Place/}).getByRole('radio', {name: 'King County'}).check()
      await form.getByRole('group', {name: /^Frequency/}).getByRole('radio', {name: /^Every 3 Months/}).check()
      for (let i = 0; i < 3; i += 1) await form.getByRole('button', {name: 'Increase Rooms'}).click()
      await form.getByRole('button', {name: 'Increase Staircases'}).click()
      for (let i = 0; i < 2; i += 1) await form.getByRole('button', {name: 'Increase Pet, Food, Drink Stain'}).click()
      await chooseArrival(form)
      await fillCustomerDetails(form, customer)
      await form.getByRole('group', {name: /^Key Information/}).getByRole('radio', {name: 'access code'}).check()
      await form.getByRole('textbox', {name: /^Notes/}).fill(customer.notes)
      await form.getByRole('textbox', {name: 'Coupon code'}).fill('save10')
      await form.getByRole('button', {name: 'Apply'}).click()
    },
    // 4 × 44.00 + 2 × 21.91 = 219.82; − 10 % (21.98).
    total: '$197.84',
    description: 'Carpet Cleaning – Every 3 Months',
    location: 'King County',
  },
  {
    form: 'exterior',
    path: '/exterior_cleaning',
    heading: 'Book Exterior Cleaning',
    formName: 'Exterior cleaning booking',
    subNav: false,
    firstMessage: 'Please select a service.',
    viewport: DESKTOP,
    customer: {
      firstName: 'Marguerite',
      lastName: 'Okonkwo-Lind',
      email: 'marguerite.lind@example.com',
      phone: '(425) 555-0163',
      address: '1420 Maple Valley Hwy, Renton, WA 98058',
      notes: 'Side gate is unlocked; mind the rhododendrons.',
    },
    keyboard: true,
    fill: async (page, form, customer) => {
      // Services: Tab into the group, Space picks the first, arrows move the choice.
      await tabToField(page, 'service')
      await page.keyboard.press('Space')
      await page.keyboard.press('ArrowRight')
      await page.keyboard.press('ArrowRight')
      await expect(form.getByRole('group', {name: /^Services/}).getByRole('radio', {name: /^House Washing/})).toBeChecked()
      // Frequency: Every 6 Months.
      await page.keyboard.press('Tab')
      await page.keyboard.press('Space')
      await page.keyboard.press('ArrowRight')
      await expect(form.getByRole('group', {name: /^Frequency/}).getByRole('radio', {name: /^Every 6 Months/})).toBeChecked()
      // The date: Tab reaches the calendar's first offered day (past the month buttons), Enter picks
      // it; Tab and Space pick the first arrival window.
      const firstDay = dateCalendar(form).locator('td[data-day]:not([data-disabled]) button').first()
      await tabUntil(page, firstDay, 4)
      await page.keyboard.press('Enter')
      await expect(dateCalendar(form).locator('td[data-selected]')).toHaveCount(1)
      await page.keyboard.press('Tab')
      await page.keyboard.press('Space')
      await expect(arrivalWindows(form).getByRole('radio').first()).toBeChecked()
      // Tip 15% (the group's checked radio, 0%, takes focus; arrows move on), parking left at $0.
      await page.keyboard.press('Tab')
      await page.keyboard.press('ArrowRight')
      await page.keyboard.press('ArrowRight')
      await expect(form.getByRole('group', {name: /^Tip for your crew/}).getByRole('radio', {name: '15%'})).toBeChecked()

      await tabToField(page, 'firstName')
      await page.keyboard.type(customer.firstName)
      for (const value of [customer.lastName, customer.email, customer.phone, customer.address]) {
        await page.keyboard.press('Tab')
        await page.keyboard.type(value)
      }
      // The consent to texts, left unticked.
      await page.keyboard.press('Tab')
      await expectFocused(page, 'Text me a reminder')
      await expect(page.locator(':focus')).not.toBeChecked()
      // Key information: the first choice, then one on ("I Will Hide The Keys").
      await page.keyboard.press('Tab')
      await page.keyboard.press('Space')
      await page.keyboard.press('ArrowRight')
      await expect(form.getByRole('group', {name: /^Key Information/}).getByRole('radio', {name: 'I Will Hide The Keys'})).toBeChecked()
      await page.keyboard.press('Tab')
      await page.keyboard.type(customer.notes)
    },
    // House Washing every 6 months: 40 + 20 + 30 (the 15 % tip is recorded, not charged).
    total: '$90.00',
    description: 'Exterior Cleaning – House Washing, Every 6 Months',
    location: null,
  },
  {
    form: 'commercial',
    path: '/commercial_cleaning',
    heading: 'Book Commercial Cleaning',
    formName: 'Commercial cleaning booking',
    subNav: false,
    firstMessage: 'Please fill out the service field.',
    showMore: async (form) => {
      await radioOf(form, 'Service (required)', 'Retail Spaces Cleaning').check()
    },
    viewport: DESKTOP,
    customer: {
      firstName: 'Thaddeus',
      lastName: 'Okonkwo-Reyes',
      email: 'thaddeus.or@example.com',
      phone: '206 555 0119',
      address: '400 SW 7th St, Renton, WA 98057',
      notes: 'Loading dock at the back; badge at reception.',
    },
    keyboard: true,
    fill: async (page, form, customer) => {
      // Location: Snohomish County is chosen; the arrow key picks King County.
      await tabUntil(page, radioOf(form, 'Location', 'Snohomish County'), 80)
      await page.keyboard.press('ArrowDown')
      await expect(radioOf(form, 'Location', 'King County')).toBeChecked()
      // Sub-service: Tab into the group, Space picks the first, the arrow key moves the choice.
      await page.keyboard.press('Tab')
      await expectFocused(page, 'Construction Final Clean')
      await page.keyboard.press('Space')
      await expect(radioOf(form, 'Service (required)', 'Construction Final Clean')).toBeChecked()
      await page.keyboard.press('ArrowDown')
      await expect(radioOf(form, 'Service (required)', 'Corporate Office Cleaning')).toBeChecked()
      await expect(summaryTotal(page)).toHaveText('Total $60.00')
      await page.keyboard.press('Tab')
      await expectFocused(page, 'Single Deep Cleaning')
      await page.keyboard.press('Space')
      await expect(radioOf(form, 'Frequency (required)', 'Single Deep Cleaning')).toBeChecked()
      // The date: Tab reaches the first offered day, the arrow key moves to the next offered day
      // (skipping days not offered), Enter picks it; then Tab and Space pick the first window.
      const calendar = dateCalendar(form)
      const offered = calendar.locator('td[data-day]:not([data-disabled])')
      await tabUntil(page, offered.first().getByRole('button'), 4)
      const first = (await offered.first().getAttribute('data-day')) as string
      await page.keyboard.press('ArrowRight')
      const focusedDay = calendar.locator('td[data-day]:has(button:focus)')
      await expect(focusedDay).not.toHaveAttribute('data-day', first)
      await expect(focusedDay).not.toHaveAttribute('data-disabled')
      const date = (await focusedDay.getAttribute('data-day')) as string
      await page.keyboard.press('Enter')
      await expect(calendar.locator('td[data-selected]')).toHaveAttribute('data-day', date)
      await tabUntil(page, arrivalWindows(form).getByRole('radio').first(), 2)
      await page.keyboard.press('Space')
      await expect(arrivalWindows(form).getByRole('radio').first()).toBeChecked()

      await tabUntil(page, form.getByRole('textbox', {name: 'First name'}), 2)
      await page.keyboard.type(customer.firstName)
      for (const [label, value] of [
        ['Last name', customer.lastName],
        ['E-mail', customer.email],
        ['Phone', customer.phone],
        ['Address', customer.address],
      ] as const) {
        await page.keyboard.press('Tab')
        await expectFocused(page, label)
        await page.keyboard.type(value)
      }
      // The consent to texts, ticked with Space.
      await page.keyboard.press('Tab')
      await expectFocused(page, 'Text me a reminder')
      await page.keyboard.press('Space')
      await expect(page.locator(':focus')).toBeChecked()
      await page.keyboard.press('Tab')
      await expectFocused(page, 'Notes for our team')
      await page.keyboard.type(customer.notes)
      // Confirm & Pay comes right after the notes.
      await page.keyboard.press('Tab')
      await expectFocused(page, 'Confirm & Pay')
    },
    // Corporate Office Cleaning: base 40 + 20.
    total: '$60.00',
    description: 'Commercial Cleaning – Corporate Office Cleaning',
    location: 'King County',
    refusals: {
      saveFailed: 'Booking failed: We could not save your booking. Please try again in a moment.',
      noPaymentPage: 'Failed to redirect to payment.',
      network: 'Payment error occurred.',
    },
  },
]

for (const screen of SCREENS) {
  test.describe(`booking screen ${screen.path}`, () => {
    for (const width of [PHONE, DESKTOP]) {
      const phone = width === PHONE
      test(`no axe violations at ${width.width} px, empty and with every message showing${phone ? '; no sideways scroll' : ''}`, async ({page}) => {
        await page.setViewportSize(width)
        await openBookingScreen(page, screen.path)
        await expect(page.getByRole('heading', {level: 1})).toHaveText(screen.heading)
        const form = bookingForm(page, screen.formName)
        if (screen.subNav) {
          const nav = page.getByRole('navigation', {name: 'Booking forms'})
          for (const [label, path] of [['House Cleaning', '/house_cleaning'], ['Carpet Cleaning', '/carpet_cleaning']] as const) {
            await expect(nav.getByRole('link', {name: label})).toHaveAttribute('href', path)
            if (path === screen.path) await expect(nav.getByRole('link', {name: label})).toHaveAttribute('aria-current', 'page')
            else await expect(nav.getByRole('link', {name: label})).not.toHaveAttribute('aria-current', /.*/)
          }
        }
        if (!phone) {
          // On a desktop the summary is the sidebar's; the form's own (before Confirm & Pay on phones) is hidden.
          await expect(page.getByRole('complementary').getByRole('region', {name: 'Summary'})).toBeVisible()
          await expect(form.getByRole('region', {name: 'Summary'})).toBeHidden()
        }
        expect(await axeViolations(page)).toEqual([])
        if (phone) await expectNoHorizontalScroll(page)

        await form.getByRole('button', {name: 'Confirm & Pay'}).click()
        await expect(form.getByText(screen.firstMessage)).toBeVisible()
        await screen.showMore?.(form, page)
        expect(await axeViolations(page)).toEqual([])
        if (phone) await expectNoHorizontalScroll(page)
      })
    }

    test(`paid through the whole UI${screen.keyboard ? ' with the keyboard alone' : ''}: Confirm & Pay → test checkout with the same total → Pay → /success`, async ({page}) => {
      await page.setViewportSize(screen.viewport)
      const dialogs = forbidDialogs(page)
      const posts = countBookingPosts(page)
      await openBookingScreen(page, screen.path)
      const form = bookingForm(page, screen.formName)
      await screen.beforeFill?.(page)
      await screen.fill(page, form, screen.customer)
      await expect(summaryTotal(page)).toHaveText(new RegExp(`^Total\\s+\\${screen.total}$`))
      const date = (await dateCalendar(form).locator('td[data-selected]').getAttribute('data-day')) as string
      const window = (await arrivalWindows(form).getByRole('radio', {checked: true}).getAttribute('value')) as string
      await screen.beforeConfirm?.(page, form)

      if (screen.keyboard) {
        await tabUntil(page, form.getByRole('button', {name: 'Confirm & Pay'}), 10)
        await page.keyboard.press('Enter')
      } else {
        // Two fast clicks make one booking; the busy state shows while the request is held.
        const held = await holdRequests(page, '/api/bookings')
        await form.getByRole('button', {name: 'Confirm & Pay'}).dblclick()
        await expect(form.getByRole('button', {name: /Processing/})).toBeDisabled()
        held.release()
      }
      await page.waitForURL(/\/checkout\/test\/test_cs_/)
      expect(posts.count).toBe(1)
      await expect(page.getByText('Test mode — no card is charged.')).toBeVisible()
      await expect(page.getByText(screen.description)).toBeVisible()
      await expect(page.getByText(screen.total, {exact: true})).toBeVisible()
      if (screen.location) await expect(page.getByText(screen.location)).toBeVisible()

      const pay = page.getByRole('button', {name: `Pay ${screen.total}`})
      if (screen.keyboard) {
        await tabUntil(page, pay, 30)
        await page.keyboard.press('Enter')
      } else {
        await pay.click()
      }
      await page.waitForURL(/\/success\?/)
      await expect(page.getByRole('heading', {level: 1})).toHaveText('Payment Successful')
      await expect(page.getByText('Your booking is confirmed. Thank you!')).toBeVisible()
      const details = page.getByRole('main').locator('dl')
      await expect(details.getByText(screen.description)).toBeVisible()
      await expect(details.getByText(longDate(date))).toBeVisible()
      await expect(details.getByText(arrivalWindowLabel(window), {exact: true})).toBeVisible()
      if (screen.location) await expect(details.getByText(screen.location)).toBeVisible()
      else await expect(details.getByText('Location', {exact: true})).toHaveCount(0)
      await expect(details.getByText('Total paid', {exact: true})).toBeVisible()
      await expect(details.getByText(screen.total, {exact: true})).toBeVisible()
      // Nothing personal on /success: no name, e-mail, phone, address or note.
      const html = await page.content()
      for (const personal of Object.values(screen.customer)) expect(html).not.toContain(personal)
      expect(dialogs).toEqual([])
    })

    const refusals = screen.refusals
    if (refusals) {
      test('a refused or failed submission: the form’s own failure words beside it, never a pop-up; busy cleared, what was typed kept; retries keep their key', async ({page}) => {
        await page.setViewportSize(DESKTOP)
        const dialogs = forbidDialogs(page)
        const keys: string[] = []
        await page.route('**/api/bookings', (route) => {
          keys.push((route.request().postDataJSON() as {idempotencyKey: string}).idempotencyKey)
          return route.fulfill({status: 500, contentType: 'application/json', body: JSON.stringify({ok: false, kind: 'save', message: 'saveFailed'})})
        })
        await openBookingScreen(page, screen.path)
        const form = bookingForm(page, screen.formName)
        // The mouse fill of the house row, or for commercial its service, frequency, date and details.
        if (screen.form === 'house') await screen.fill(page, form, screen.customer)
        else {
          await radioOf(form, 'Service (required)', 'Construction Final Clean').check()
          await radioOf(form, 'Frequency (required)', 'One-Time').check()
          await chooseArrival(form)
          await fillCustomerDetails(form, screen.customer)
        }
        const confirm = form.getByRole('button', {name: 'Confirm & Pay'})
        await confirm.click()
        await expect(form.getByRole('alert')).toHaveText(refusals.saveFailed)
        await expect(confirm).toBeEnabled()
        await expect(form.getByRole('textbox', {name: 'Address'})).toHaveValue(screen.customer.address)
        await expect(form.getByRole('textbox', {name: 'First name'})).toHaveValue(screen.customer.firstName)

        // A retry of the same details sends the same idempotency key; changed details are another
        // booking with a key of its own.
        await confirm.click()
        await expect.poll(() => keys.length).toBe(2)
        await expect(confirm).toBeEnabled()
        await form.getByRole('textbox', {name: 'Notes for our team'}).fill('The cat is shy.')
        await confirm.click()
        await expect.poll(() => keys.length).toBe(3)
        expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
        expect(keys[1]).toBe(keys[0])
        expect(keys[2]).not.toBe(keys[0])

        // No payment page.
        await page.unroute('**/api/bookings')
        await page.route('**/api/bookings', (route) => route.fulfill({status: 502, contentType: 'application/json', body: JSON.stringify({ok: false, kind: 'no-url'})}))
        await confirm.click()
        await expect(form.getByRole('alert')).toHaveText(refusals.noPaymentPage)

        if (refusals.network) {
          // The connection lost on the way.
          await page.unroute('**/api/bookings')
          await page.route('**/api/bookings', (route) => route.abort('connectionreset'))
          await confirm.click()
          await expect(form.getByRole('alert')).toHaveText(refusals.network)
          await expect(confirm).toBeEnabled()
        }

        // The server's field messages (references to the form's messages) go beside their fields, focused.
        await page.unroute('**/api/bookings')
        await page.route('**/api/bookings', (route) =>
          route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ok: false, kind: 'validation', fieldErrors: {address: 'addressRequired'}, message: 'addressRequired'}),
          }),
        )
        await confirm.click()
        await expect(form.getByRole('textbox', {name: 'Address'})).toHaveAccessibleDescription(/^Please (fill out|enter) the address/)
        await expect(form.getByRole('textbox', {name: 'Address'})).toBeFocused()
        expect(dialogs).toEqual([])
      })
    }

    test(`as served: the form’s reviews and Popular Questions from the content, and their FAQPage data`, async ({request}) => {
      const response = await request.get(screen.path)
      expect(response.status()).toBe(200)
      const html = await response.text()
      const reviews = reviewsOf(screen.form)
      expect(reviews.length).toBeGreaterThan(1)
      for (const review of reviews) expect(html).toContain(asHtml(review.text))
      const questions = questionsOf(screen.form)
      expect(questions).toHaveLength(4)
      for (const item of questions) {
        expect(html).toContain(asHtml(item.question))
        for (const line of item.answer) expect(html).toContain(asHtml(line))
      }
      // schema.org FAQPage data wherever FAQs show.
      const data = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
        (match) => JSON.parse(match[1]) as {'@type': string; mainEntity?: {name: string}[]},
      )
      const faqPage = data.find((item) => item['@type'] === 'FAQPage')
      expect(faqPage?.mainEntity?.map((entity) => entity.name)).toEqual(questions.map((item) => item.question))
    })
  })
}

/** Text as React writes it into HTML. */
function asHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;')
}
