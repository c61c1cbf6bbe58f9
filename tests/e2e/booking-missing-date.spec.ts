import {expect, test, type Locator, type Page} from './support/test'
import {arrivalWindows, bookingForm, chooseArrival, countBookingPosts, dateCalendar, fillCustomerDetails, openBookingScreen} from './support/booking-ui'
import {getDocument} from './support/dataset'

/**
 * Confirm & Pay with no date chosen: the date and the arrival window are field errors like
 * any other, said beside their fields, with focus on the first field in error in page order, and no
 * "reload the page" banner (reloading would wipe the form). Once a date and a window are picked, the
 * form goes through to the test checkout. One test per booking screen.
 */

type Messages = {dateRequired: string; windowRequired: string; requestInvalid: string}

/** The form's messages as the screen gets them: the shared ones, overridden by the form's own. */
function messagesOf(form: string): Messages {
  const shared = getDocument<{messages: Messages}>('bookingForms').messages
  const own = getDocument<{formTexts?: {messages?: Partial<Messages>}}>(`bookingPage-${form}`).formTexts?.messages ?? {}
  return {...shared, ...own}
}

type Screen = {
  form: string
  path: string
  formName: string
  /** The field in error first in page order on the empty form. */
  firstField: (form: Locator) => Locator
  /** Answers everything the form needs but the date and the window. */
  fillAllButArrival: (form: Locator) => Promise<void>
}

const groupNamed = (form: Locator, legend: string) => form.getByRole('group', {name: new RegExp(`^${legend}( \\(required\\))?$`)})

/** The banner under the form (its always-present alert region) says nothing. */
async function expectNoBanner(page: Page, form: Locator, messages: Messages) {
  await expect(form.getByRole('alert')).toHaveText('')
  await expect(page.getByText(messages.requestInvalid)).toHaveCount(0)
}

/** True when focus is on `locator` or inside it. */
function holdsFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.contains(document.activeElement))
}

async function confirmWithoutDate(page: Page, screen: Screen) {
  const messages = messagesOf(screen.form)
  const posts = countBookingPosts(page)
  await openBookingScreen(page, screen.path)
  const form = bookingForm(page, screen.formName)
  const confirm = form.getByRole('button', {name: 'Confirm & Pay'})

  // Nothing chosen: every message beside its field, the first field in error focused, no banner.
  await confirm.click()
  const calendar = dateCalendar(form)
  const windows = arrivalWindows(form)
  await expect(calendar).toHaveAccessibleDescription(messages.dateRequired)
  await expect(windows).toHaveAccessibleDescription(messages.windowRequired)
  await expect(screen.firstField(form)).toBeFocused()
  await expectNoBanner(page, form, messages)

  // Everything else answered, still no date: the date is now the first field in error.
  await screen.fillAllButArrival(form)
  await confirm.click()
  await expect.poll(() => holdsFocus(calendar)).toBe(true)
  await expect(calendar).toHaveAccessibleDescription(messages.dateRequired)
  await expect(windows).toHaveAccessibleDescription(messages.windowRequired)
  await expectNoBanner(page, form, messages)
  expect(posts.count).toBe(0)

  // A date and a window picked: their messages go, and the booking goes through.
  await chooseArrival(form)
  await expect(calendar).not.toHaveAccessibleDescription(messages.dateRequired)
  await expect(windows).not.toHaveAccessibleDescription(messages.windowRequired)
  await expect(page.getByText(messages.dateRequired)).toHaveCount(0)
  await expect(page.getByText(messages.windowRequired)).toHaveCount(0)
  await expectNoBanner(page, form, messages)
  await confirm.click()
  await page.waitForURL(/\/checkout\/test\//)
  expect(posts.count).toBe(1)
}

test.describe('Confirm & Pay with no date', () => {
  test('house cleaning: the date is a field error, focused in turn, and the form then submits', async ({page}) => {
    await confirmWithoutDate(page, {
      form: 'house',
      path: '/house_cleaning',
      formName: 'House cleaning booking',
      firstField: (form) => groupNamed(form, 'Services').getByRole('radio').first(),
      fillAllButArrival: async (form) => {
        await groupNamed(form, 'Services').getByRole('radio', {name: 'Deep Cleaning', exact: true}).check()
        await groupNamed(form, 'How Clean Is Your Home\\?').getByRole('radio', {name: 'Mostly Clean', exact: true}).check()
        await groupNamed(form, 'How Will We Get Inside\\?').getByRole('radio', {name: 'I will be Home', exact: true}).check()
        await groupNamed(form, 'Where Can We Park\\?').getByRole('radio', {name: 'Street Parking', exact: true}).check()
        await fillCustomerDetails(form)
      },
    })
  })

  test('exterior cleaning: the date is a field error, focused in turn, and the form then submits', async ({page}) => {
    await confirmWithoutDate(page, {
      form: 'exterior',
      path: '/exterior_cleaning',
      formName: 'Exterior cleaning booking',
      firstField: (form) => groupNamed(form, 'Services').getByRole('radio').first(),
      fillAllButArrival: async (form) => {
        await groupNamed(form, 'Services').getByRole('radio', {name: /^Pressure Washing/}).check()
        await groupNamed(form, 'Frequency').getByRole('radio', {name: /^One-Time/}).check()
        await fillCustomerDetails(form)
      },
    })
  })

  test('carpet cleaning: the date is a field error, focused in turn, and the form then submits', async ({page}) => {
    await confirmWithoutDate(page, {
      form: 'carpet',
      path: '/carpet_cleaning',
      formName: 'Carpet cleaning booking',
      firstField: (form) => groupNamed(form, 'Frequency').getByRole('radio').first(),
      fillAllButArrival: async (form) => {
        await groupNamed(form, 'Frequency').getByRole('radio', {name: /^One-Time/}).check()
        await form.getByRole('button', {name: 'Increase Rooms'}).click()
        await fillCustomerDetails(form)
      },
    })
  })

  test('commercial cleaning: the date is a field error, focused in turn, and the form then submits', async ({page}) => {
    await confirmWithoutDate(page, {
      form: 'commercial',
      path: '/commercial_cleaning',
      formName: 'Commercial cleaning booking',
      firstField: (form) => groupNamed(form, 'Service').getByRole('radio').first(),
      fillAllButArrival: async (form) => {
        await groupNamed(form, 'Service').getByRole('radio', {name: 'Corporate Office Cleaning', exact: true}).check()
        await groupNamed(form, 'Frequency').getByRole('radio', {name: 'Single Deep Cleaning', exact: true}).check()
        await fillCustomerDetails(form)
      },
    })
  })
})
