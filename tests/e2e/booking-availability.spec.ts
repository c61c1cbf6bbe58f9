import {expect, test, type APIRequestContext} from './support/test'
import {arrivalWindows, bookingForm, chooseArrival, dateCalendar, openBookingScreen} from './support/booking-ui'
import {closedDates, COMMERCIAL_CUSTOMER, commercialBooking} from './support/bookings'

/**
 * When the crew comes (decisions.md "Scheduling"): the calendar offers only the days the business
 * works, a window that fills up is no longer offered, and a date or window asked for by hand that
 * the Availability rules or the places left do not allow is refused with its message. The test
 * dataset gives every window room for 200 bookings, but the commercial 2–4 pm window a single place
 * (scripts/prepare-e2e-dataset.mjs).
 */

const TIGHT_WINDOW = '14:00-16:00'

type Offer = {earliest: string; latest: string; days: {date: string; windows: {window: string; left: number}[]}[]}

async function offer(request: APIRequestContext, form: string): Promise<Offer> {
  const response = await request.get(`/api/availability?form=${form}`)
  expect(response.status()).toBe(200)
  expect(response.headers()['cache-control']).toBe('no-store')
  return response.json()
}

/** A day whose tight commercial window still has its place (each test takes its own). */
async function dayWithTightPlace(request: APIRequestContext): Promise<string> {
  const days = (await offer(request, 'commercial')).days.filter((day) => day.windows.some((window) => window.window === TIGHT_WINDOW))
  expect(days.length).toBeGreaterThan(0)
  return days[Math.floor(Math.random() * days.length)].date
}

test.describe('bookable dates and arrival windows', () => {
  test('the calendar offers no Sunday and no holiday; the offer skips them too', async ({page, request}) => {
    const house = await offer(request, 'house')
    const offered = house.days.map((day) => day.date)
    expect(offered.length).toBeGreaterThan(30)
    for (const date of offered) expect(new Date(`${date}T12:00:00Z`).getUTCDay()).not.toBe(0)
    for (const date of closedDates()) expect(offered).not.toContain(date)

    await openBookingScreen(page, '/house_cleaning')
    const calendar = dateCalendar(bookingForm(page, 'House cleaning booking'))
    // Not loaded with the page: the calendar comes as its section nears the screen.
    await expect(calendar.locator('td[data-day]')).toHaveCount(0)
    await calendar.scrollIntoViewIfNeeded()
    const days = calendar.locator('td[data-day]')
    await expect(days.first()).toBeVisible()
    for (const cell of await days.all()) {
      const date = (await cell.getAttribute('data-day')) as string
      const enabled = (await cell.getAttribute('data-disabled')) === null
      expect(enabled, date).toBe(offered.includes(date))
    }
  })

  test('a closed day, a day past the horizon or a window the crew does not work, asked for by hand, is refused on its field', async ({request}) => {
    const {latest, days} = await offer(request, 'commercial')
    const open = days[0].date
    const nextSunday = new Date(`${open}T12:00:00Z`)
    nextSunday.setUTCDate(nextSunday.getUTCDate() + ((7 - nextSunday.getUTCDay()) % 7 || 7))
    const sunday = nextSunday.toISOString().slice(0, 10)
    const afterHorizon = new Date(`${latest}T12:00:00Z`)
    afterHorizon.setUTCDate(afterHorizon.getUTCDate() + 7)
    for (const [overrides, fieldErrors] of [
      [{date: sunday}, {date: 'dateClosed'}],
      [{date: afterHorizon.toISOString().slice(0, 10)}, {date: 'dateTooFar?days=60'}],
      [{date: open, arrivalWindow: '07:00-09:00'}, {arrivalWindow: 'windowUnknown'}],
      [{date: open, arrivalWindow: ''}, {arrivalWindow: 'windowRequired'}],
    ] as const) {
      const response = await request.post('/api/bookings', {data: commercialBooking(overrides)})
      expect(response.status()).toBe(400)
      expect(await response.json()).toMatchObject({ok: false, kind: 'validation', fieldErrors})
    }
  })

  test("a window's last place taken meanwhile: the form says so beside the windows, focuses them, offers the others, and keeps what was typed", async ({page, request}) => {
    const date = await dayWithTightPlace(request)
    const form = bookingForm(page, 'Commercial cleaning booking')
    await openBookingScreen(page, '/commercial_cleaning')
    await form.getByRole('radio', {name: 'Corporate Office Cleaning', exact: true}).check()
    await form.getByRole('radio', {name: 'Single Deep Cleaning', exact: true}).check()
    await chooseArrival(form, {date, window: TIGHT_WINDOW})
    for (const [label, value] of [
      ['First name', COMMERCIAL_CUSTOMER.firstName],
      ['Last name', COMMERCIAL_CUSTOMER.lastName],
      ['E-mail', COMMERCIAL_CUSTOMER.email],
      ['Phone', COMMERCIAL_CUSTOMER.phone],
      ['Address', COMMERCIAL_CUSTOMER.address],
    ] as const) {
      await form.getByRole('textbox', {name: label}).fill(value)
    }

    // Someone else takes the window's only place first.
    const taken = await request.post('/api/bookings', {data: commercialBooking({date, arrivalWindow: TIGHT_WINDOW})})
    expect(taken.status()).toBe(200)
    const again = await request.post('/api/bookings', {data: commercialBooking({date, arrivalWindow: TIGHT_WINDOW})})
    expect(await again.json()).toMatchObject({kind: 'validation', fieldErrors: {arrivalWindow: 'windowFull'}})

    await form.getByRole('button', {name: 'Confirm & Pay'}).click()
    const windows = arrivalWindows(form)
    await expect(windows).toHaveAccessibleDescription('That arrival window has just been taken. Please choose another.')
    await expect(windows.locator(`input[value="${TIGHT_WINDOW}"]`)).toHaveCount(0)
    await expect(windows.getByRole('radio').first()).toBeVisible()
    // Focus is on the window choice, whose description says why (not on the page, with the taken
    // window gone).
    await expect(windows).toBeFocused()
    await expect(form.getByRole('textbox', {name: 'Address'})).toHaveValue(COMMERCIAL_CUSTOMER.address)
    await expect(dateCalendar(form).locator('td[data-selected]')).toHaveAttribute('data-day', date)

    // Another window of the same day goes through.
    await windows.getByRole('radio').first().check()
    await form.getByRole('button', {name: 'Confirm & Pay'}).click()
    await page.waitForURL(/\/checkout\/test\//)
  })
})
