import {join} from 'node:path'
import {expect, test, type Page} from './support/test'
import {openPgliteDatabase} from '../../lib/database/pglite.ts'
import {createSqlBookingStore} from '../../lib/booking/store/sql-store.ts'
import ICAL from 'ical.js'
import {ARRIVAL_WINDOW, ARRIVAL_WINDOW_LABEL, futureDate, longDate} from './support/bookings'
import {getDocument} from './support/dataset'
import {flat, waitForMail} from './support/leads'
import {addressOf} from './support/smtp'
import {bookingForm, chooseArrival, field, group as carpetGroup, openBookingScreen, summaryTotal} from './support/booking-ui'
import {killServer} from './support/private-server'
import {privateServerForTests} from './support/private-server-for-tests'

/**
 * The stored booking is `paid` and holds every field entered. A house
 * booking (every section of the form), a carpet, an exterior and a commercial booking are made
 * through the UI as a customer would, paid on the local test checkout, and then read back from the
 * embedded store itself.
 *
 * The shared e2e server's PGlite directory cannot be opened by a second process while it runs, so
 * this spec runs a private `next start` (own port, own temporary BOOKINGS_DATA_DIR) from the same
 * build, stops it with SIGTERM (the store closes its database on SIGTERM) and opens the directory
 * here with openPgliteDatabase and the store's findById.
 */

// --- House: every section -------------------------------------------------------------------

const HOUSE = {
  location: 'King County',
  service: 'Regular Cleaning',
  frequency: 'Every Other Week',
  bedrooms: 4,
  bathrooms: 3,
  halfBaths: 2,
  dens: 1,
  extras: {Blinds: 2, Oven: 1, Garage: 3},
  instructions: {
    'How Clean Is Your Home?': 'Needs Extra Attention',
    'How Will We Get Inside?': 'provide an access code',
    'Where Can We Park?': 'Park in my Driveway',
  },
  date: futureDate(21),
  tip: '20%',
  parkingFee: '$5',
  firstName: 'Octavia',
  lastName: 'Brennan-Holt',
  email: 'octavia.brennan@example.com',
  phone: '(425) 555-0188',
  phoneDigits: '4255550188',
  address: '4410 NE Sunset Blvd, Renton, WA 98059',
  notes: 'Gate code 2468; please use the side door.',
  couponTyped: ' SAVE10 ',
} as const

/*
 * Worked out by hand from the price list, lib/booking/pricing.ts (HOUSE_REGULAR_RATES['Every Other Week']:
 * base 92.01, bedroom 17.53, bathroom 21.91, half bath 13.15, den 21.91; extras $0 each; tip
 * round(subtotal × percent), halves up; save10 on the house form = $10 off):
 *   subtotal = 92.01 + 4 × 17.53 + 3 × 21.91 + 2 × 13.15 + 1 × 21.91 + (2 + 1 + 3) × 0.00
 *            = 92.01 + 70.12 + 65.73 + 26.30 + 21.91 = 276.07
 *   tip      = round(276.07 × 0.20) = round(55.214) = 55.21
 *   total    = 276.07 + 55.21 + 5.00 (parking) − 10.00 (save10) = 326.28  → 32628 cents
 */
const HOUSE_TOTAL_CENTS = 32628
const HOUSE_TOTAL = '$326.28'
const HOUSE_DISCOUNT_CENTS = 1000

// --- Carpet: location, date and coupon must be stored -------------------------

const CARPET = {
  location: 'King County',
  frequency: 'One-Time',
  rooms: 2,
  hallways: 1,
  date: futureDate(17),
  keyInfo: 'leave key',
  firstName: 'Ezekiel',
  lastName: 'Marchetti',
  email: 'ezekiel.marchetti@example.com',
  phone: '425-555-0131',
  phoneDigits: '4255550131',
  address: '215 Wells Ave S, Renton, WA 98057',
  notes: 'Living room rug near the fireplace.',
} as const

/*
 * Worked out by hand from the price list, lib/booking/pricing.ts (One-Time: room or staircase 52.00,
 * HALLWAYS 8.25; carpet save20 = 20 % of the total, rounded half up to the cent):
 *   total    = 2 × 52.00 + 0 × 52.00 + 1 × 8.25 = 112.25
 *   discount = round(112.25 × 0.20) = 22.45
 *   charged  = 112.25 − 22.45 = 89.80  → 8980 cents
 */
const CARPET_TOTAL_CENTS = 8980
const CARPET_TOTAL = '$89.80'
const CARPET_DISCOUNT_CENTS = 2245

// --- Exterior: tip, parking and key information are recorded, not priced --------------------------

const EXTERIOR = {
  service: 'Gutter Cleaning',
  frequency: 'Every 3 Months',
  date: futureDate(15),
  tip: '15%',
  parkingFee: '$10',
  keyInfo: 'access code',
  firstName: 'Marguerite',
  lastName: 'Okonkwo-Lind',
  email: 'marguerite.lind@example.com',
  phone: '(425) 555-0163',
  phoneDigits: '4255550163',
  address: '1420 Maple Valley Hwy, Renton, WA 98058',
  notes: 'Side gate is unlocked; mind the rhododendrons.',
} as const

/*
 * Worked out by hand from the price list, lib/booking/pricing.ts (EXTERIOR_BASE_CENTS 40.00,
 * EXTERIOR_FREQUENCY_CENTS['Every 3 Months'] 10.00, EXTERIOR_SERVICE_CENTS['Gutter Cleaning'] 20.00;
 * the tip and parking fee are recorded, not charged; no coupon on this form):
 *   total = 40.00 + 10.00 + 20.00 = 70.00  → 7000 cents
 */
const EXTERIOR_TOTAL_CENTS = 7000
const EXTERIOR_TOTAL = '$70.00'

// --- Commercial: location, sub-service (stored as service), frequency and date -------------------

const COMMERCIAL = {
  location: 'King County',
  subService: 'Retail Spaces Cleaning',
  frequency: 'Recurring',
  date: futureDate(12),
  firstName: 'Thaddeus',
  lastName: 'Okonkwo-Reyes',
  email: 'thaddeus.or@example.com',
  phone: '206 555 0119',
  phoneDigits: '2065550119',
  address: '400 SW 7th St, Renton, WA 98057',
  notes: 'Loading dock at the back; badge at reception.',
} as const

/*
 * Worked out by hand from the price list, lib/booking/pricing.ts (COMMERCIAL_BASE_CENTS 40.00,
 * COMMERCIAL_SUB_SERVICE_CENTS['Retail Spaces Cleaning'] 30.00; frequency is not priced; no coupon):
 *   total = 40.00 + 30.00 = 70.00  → 7000 cents
 */
const COMMERCIAL_TOTAL_CENTS = 7000
const COMMERCIAL_TOTAL = '$70.00'

const houseForm = (page: Page) => bookingForm(page, 'House cleaning booking')
const houseGroup = (page: Page, name: string) => houseForm(page).getByRole('group', {name, exact: true})

async function fillHouseForm(page: Page): Promise<void> {
  const form = houseForm(page)
  await houseGroup(page, 'Where Will The Service Be Taking Place (required)').getByRole('radio', {name: HOUSE.location, exact: true}).check()
  await houseGroup(page, 'Services (required)').getByRole('radio', {name: HOUSE.service, exact: true}).check()
  await houseGroup(page, 'Frequency (required)').getByRole('radio', {name: HOUSE.frequency, exact: true}).check()
  await form.getByLabel('Bedrooms').selectOption(String(HOUSE.bedrooms))
  await form.getByLabel('Bathrooms').selectOption(String(HOUSE.bathrooms))
  await form.getByLabel('Half baths').selectOption(String(HOUSE.halfBaths))
  await form.getByLabel('Dens').selectOption(String(HOUSE.dens))
  for (const [extra, count] of Object.entries(HOUSE.extras)) {
    for (let i = 0; i < count; i += 1) await form.getByRole('button', {name: `Increase ${extra}`}).click()
    await expect(form.getByRole('spinbutton', {name: extra})).toHaveValue(String(count))
  }
  for (const [question, answer] of Object.entries(HOUSE.instructions)) {
    await houseGroup(page, `${question} (required)`).getByRole('radio', {name: answer, exact: true}).check()
  }
  await chooseArrival(form, {date: HOUSE.date, window: ARRIVAL_WINDOW})
  await houseGroup(page, 'Tip').getByRole('radio', {name: HOUSE.tip, exact: true}).check()
  await houseGroup(page, 'Parking fee').getByRole('radio', {name: HOUSE.parkingFee, exact: true}).check()
  await form.getByRole('textbox', {name: 'First name'}).fill(HOUSE.firstName)
  await form.getByRole('textbox', {name: 'Last name'}).fill(HOUSE.lastName)
  await form.getByRole('textbox', {name: 'E-mail'}).fill(HOUSE.email)
  await form.getByRole('textbox', {name: 'Phone'}).fill(HOUSE.phone)
  await form.getByRole('textbox', {name: 'Address'}).fill(HOUSE.address)
  await form.getByRole('textbox', {name: 'Notes for our team'}).fill(HOUSE.notes)
  await form.getByRole('textbox', {name: 'Coupon code'}).fill(HOUSE.couponTyped)
  await form.getByRole('button', {name: 'Apply'}).click()
}

async function fillCarpetForm(page: Page): Promise<void> {
  const main = page.getByRole('main')
  await carpetGroup(page, 'Where Will The Service Be Taking Place').getByRole('radio', {name: CARPET.location}).check()
  await carpetGroup(page, 'Frequency').getByRole('radio', {name: new RegExp(`^${CARPET.frequency}`)}).check()
  for (let i = 0; i < CARPET.rooms; i += 1) await page.getByRole('button', {name: 'Increase Rooms'}).click()
  for (let i = 0; i < CARPET.hallways; i += 1) await page.getByRole('button', {name: 'Increase HALLWAYS'}).click()
  await chooseArrival(main, {date: CARPET.date, window: ARRIVAL_WINDOW})
  await field(page, 'First name').fill(CARPET.firstName)
  await field(page, 'Last name').fill(CARPET.lastName)
  await field(page, 'E-mail').fill(CARPET.email)
  await field(page, 'Phone').fill(CARPET.phone)
  await field(page, 'Address').fill(CARPET.address)
  await carpetGroup(page, 'Key Information').getByRole('radio', {name: CARPET.keyInfo}).check()
  await main.getByRole('textbox', {name: /^Notes/}).fill(CARPET.notes)
  await main.getByRole('textbox', {name: 'Coupon code'}).fill('save20')
  await page.getByRole('button', {name: 'Apply'}).click()
}

async function fillExteriorForm(page: Page): Promise<void> {
  await carpetGroup(page, 'Services').getByRole('radio', {name: new RegExp(`^${EXTERIOR.service}`)}).check()
  await carpetGroup(page, 'Frequency').getByRole('radio', {name: new RegExp(`^${EXTERIOR.frequency}`)}).check()
  await chooseArrival(page.getByRole('main'), {date: EXTERIOR.date, window: ARRIVAL_WINDOW})
  await carpetGroup(page, 'Tip for your crew').getByRole('radio', {name: EXTERIOR.tip, exact: true}).check()
  await carpetGroup(page, 'Parking fee').getByRole('radio', {name: EXTERIOR.parkingFee, exact: true}).check()
  await field(page, 'First name').fill(EXTERIOR.firstName)
  await field(page, 'Last name').fill(EXTERIOR.lastName)
  await field(page, 'E-mail').fill(EXTERIOR.email)
  await field(page, 'Phone').fill(EXTERIOR.phone)
  await field(page, 'Address').fill(EXTERIOR.address)
  await carpetGroup(page, 'Key Information').getByRole('radio', {name: EXTERIOR.keyInfo, exact: true}).check()
  await page.getByRole('main').getByRole('textbox', {name: /^Notes/}).fill(EXTERIOR.notes)
}

const commercialForm = (page: Page) => bookingForm(page, 'Commercial cleaning booking')
const commercialGroup = (page: Page, name: string) => commercialForm(page).getByRole('group', {name, exact: true})

async function fillCommercialForm(page: Page): Promise<void> {
  const form = commercialForm(page)
  await commercialGroup(page, 'Location').getByRole('radio', {name: COMMERCIAL.location, exact: true}).check()
  await commercialGroup(page, 'Service (required)').getByRole('radio', {name: COMMERCIAL.subService, exact: true}).check()
  await commercialGroup(page, 'Frequency (required)').getByRole('radio', {name: COMMERCIAL.frequency, exact: true}).check()
  await chooseArrival(form, {date: COMMERCIAL.date, window: ARRIVAL_WINDOW})
  await form.getByRole('textbox', {name: 'First name'}).fill(COMMERCIAL.firstName)
  await form.getByRole('textbox', {name: 'Last name'}).fill(COMMERCIAL.lastName)
  await form.getByRole('textbox', {name: 'E-mail'}).fill(COMMERCIAL.email)
  await form.getByRole('textbox', {name: 'Phone'}).fill(COMMERCIAL.phone)
  await form.getByRole('textbox', {name: 'Address'}).fill(COMMERCIAL.address)
  await form.getByRole('textbox', {name: 'Notes for our team'}).fill(COMMERCIAL.notes)
}

/**
 * Confirm & Pay → Pay on the test checkout → /success; returns the booking id from the URL. The
 * exterior form has no location, so /success shows none: pass null for it.
 */
async function payAndReadBookingId(page: Page, total: string, description: string, date: string | null, location: string | null): Promise<string> {
  await page.getByRole('button', {name: 'Confirm & Pay'}).click()
  await page.waitForURL(/\/checkout\/test\/test_cs_/)
  await expect(page.getByText('Test mode — no card is charged.')).toBeVisible()
  await expect(page.getByText(description)).toBeVisible()
  await page.getByRole('button', {name: `Pay ${total}`}).click()
  await page.waitForURL(/\/success\?/)
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Payment Successful')
  await expect(page.getByText('Your booking is confirmed. Thank you!')).toBeVisible()
  const details = page.getByRole('main').locator('dl')
  await expect(details.getByText(description)).toBeVisible()
  if (date) await expect(details.getByText(longDate(date))).toBeVisible()
  else await expect(details.getByText('Date', {exact: true})).toHaveCount(0)
  await expect(details.getByText(ARRIVAL_WINDOW_LABEL, {exact: true})).toBeVisible()
  if (location) await expect(details.getByText(location)).toBeVisible()
  else await expect(details.getByText('Location', {exact: true})).toHaveCount(0)
  await expect(details.getByText(total, {exact: true})).toBeVisible()
  const bookingId = new URL(page.url()).searchParams.get('bookingId')
  expect(bookingId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
  return bookingId as string
}

test.describe('stored bookings', () => {
  test.describe.configure({mode: 'serial'})
  test.use({viewport: {width: 1280, height: 900}})

  const server = privateServerForTests('booking-storage')
  const ids: {house?: string; carpet?: string; exterior?: string; commercial?: string} = {}

  test.beforeAll(() => {
    expect(server.output()).toContain('[booking] Payments: LOCAL TEST CHECKOUT')
  })

  test('a house booking with every section filled in is paid through the UI', async ({page}) => {
    test.setTimeout(90_000)
    await openBookingScreen(page, `${server.baseUrl}/house_cleaning`)
    await fillHouseForm(page)
    await expect(summaryTotal(page)).toHaveText(`Total ${HOUSE_TOTAL}`)
    ids.house = await payAndReadBookingId(page, HOUSE_TOTAL, `House Cleaning – ${HOUSE.service}, ${HOUSE.frequency}`, HOUSE.date, HOUSE.location)
  })

  test('a carpet booking is paid through the UI', async ({page}) => {
    test.setTimeout(90_000)
    await openBookingScreen(page, `${server.baseUrl}/carpet_cleaning`)
    await fillCarpetForm(page)
    await expect(summaryTotal(page)).toHaveText(new RegExp(`^Total\\s+\\${CARPET_TOTAL}$`))
    ids.carpet = await payAndReadBookingId(page, CARPET_TOTAL, `Carpet Cleaning – ${CARPET.frequency}`, CARPET.date, CARPET.location)
  })

  test('an exterior booking with tip, parking fee and key information is paid through the UI', async ({page}) => {
    test.setTimeout(90_000)
    await openBookingScreen(page, `${server.baseUrl}/exterior_cleaning`)
    await fillExteriorForm(page)
    await expect(summaryTotal(page)).toHaveText(new RegExp(`^Total\\s+\\${EXTERIOR_TOTAL}$`))
    ids.exterior = await payAndReadBookingId(page, EXTERIOR_TOTAL, `Exterior Cleaning – ${EXTERIOR.service}, ${EXTERIOR.frequency}`, EXTERIOR.date, null)
  })

  test('a commercial booking is paid through the UI', async ({page}) => {
    test.setTimeout(90_000)
    await openBookingScreen(page, `${server.baseUrl}/commercial_cleaning`)
    await fillCommercialForm(page)
    await expect(summaryTotal(page)).toHaveText(`Total ${COMMERCIAL_TOTAL}`)
    ids.commercial = await payAndReadBookingId(page, COMMERCIAL_TOTAL, `Commercial Cleaning – ${COMMERCIAL.subService}`, COMMERCIAL.date, COMMERCIAL.location)
  })

  test('each confirmation and each notice to the business holds the date and arrival window; the calendar file covers the window', async () => {
    test.setTimeout(60_000)
    const outbox = join(server.dataDir, 'outbox')
    const business = getDocument<{email: string}>('siteSettings').email
    for (const {email, date} of [HOUSE, CARPET, EXTERIOR, COMMERCIAL]) {
      const [confirmation] = await waitForMail(outbox, (mail) => addressOf(mail.to) === email)
      const [notice] = await waitForMail(outbox, (mail) => addressOf(mail.to) === business && addressOf(mail.replyTo) === email)
      for (const mail of [confirmation, notice]) {
        expect(flat(mail.text), email).toContain(`Arrival window ${ARRIVAL_WINDOW_LABEL}`)
        expect(flat(mail.text), email).toContain(longDate(date))
      }
      const calendar = confirmation.attachments.find((attachment) => attachment.filename?.endsWith('.ics'))
      const event = new ICAL.Component(ICAL.parse(calendar!.content.toString('utf8'))).getFirstSubcomponent('vevent')!
      const inRenton = (property: string) => (event.getFirstPropertyValue(property) as ICAL.Time).toJSDate().toLocaleString('sv-SE', {timeZone: 'America/Los_Angeles'})
      expect([inRenton('dtstart'), inRenton('dtend')], email).toEqual([`${date} 08:00:00`, `${date} 10:00:00`])
    }
  })

  test('the stored bookings are paid and hold every field entered', async () => {
    test.setTimeout(120_000)
    expect(ids.house).toBeDefined()
    expect(ids.carpet).toBeDefined()
    expect(ids.exterior).toBeDefined()
    expect(ids.commercial).toBeDefined()
    // Stop the server (SIGTERM closes its database) before opening the directory here.
    await killServer(server.child, 'SIGTERM')
    expect(server.child.exitCode !== null || server.child.signalCode !== null).toBe(true)

    const db = await openPgliteDatabase(server.dataDir)
    try {
      const store = createSqlBookingStore(db)

      const house = await store.findById(ids.house!)
      expect(house).not.toBeNull()
      expect(house).toMatchObject({
        id: ids.house,
        industry: 'house',
        paymentStatus: 'paid',
        paymentProvider: 'test-checkout',
        paymentSessionId: expect.stringMatching(/^test_cs_/),
        paidAt: expect.any(String),
        amountCents: HOUSE_TOTAL_CENTS,
        amount: '326.28',
        firstName: HOUSE.firstName,
        lastName: HOUSE.lastName,
        email: HOUSE.email,
        phone: HOUSE.phoneDigits,
        address: HOUSE.address,
        notes: HOUSE.notes,
        location: HOUSE.location,
        service: HOUSE.service,
        frequency: HOUSE.frequency,
        bedrooms: HOUSE.bedrooms,
        bathrooms: HOUSE.bathrooms,
        halfBath: HOUSE.halfBaths,
        den: HOUSE.dens,
        date: HOUSE.date,
        arrivalWindow: ARRIVAL_WINDOW,
        serviceFamily: 'indoor',
        tip: HOUSE.tip,
        parkingFee: HOUSE.parkingFee,
        coupon: 'save10',
        discountCents: HOUSE_DISCOUNT_CENTS,
        discount: '10.00',
      })
      // Every extra, with the counts chosen (the others 0), and the three answers by question.
      expect(house!.extras).toEqual({'Extra Heavy Duty': 0, Blinds: 2, 'Interior Windows': 0, Oven: 1, Garage: 3})
      expect(house!.instructions).toEqual(HOUSE.instructions)
      expect(Number.isNaN(Date.parse(house!.paidAt!))).toBe(false)

      const carpet = await store.findById(ids.carpet!)
      expect(carpet).not.toBeNull()
      expect(carpet).toMatchObject({
        id: ids.carpet,
        industry: 'carpet',
        paymentStatus: 'paid',
        paidAt: expect.any(String),
        amountCents: CARPET_TOTAL_CENTS,
        amount: '89.80',
        firstName: CARPET.firstName,
        lastName: CARPET.lastName,
        email: CARPET.email,
        phone: CARPET.phoneDigits,
        address: CARPET.address,
        notes: CARPET.notes,
        location: CARPET.location,
        frequency: CARPET.frequency,
        rooms: CARPET.rooms,
        stairs: 0,
        date: CARPET.date,
        arrivalWindow: ARRIVAL_WINDOW,
        serviceFamily: 'indoor',
        instructions: CARPET.keyInfo,
        coupon: 'save20',
        discountCents: CARPET_DISCOUNT_CENTS,
        discount: '22.45',
      })
      expect(carpet!.extras).toEqual({'Pet, Food, Drink Stain': 0, HAZARD: 0, 'WINE STAIN REMOVAL': 0, HALLWAYS: CARPET.hallways})

      const exterior = await store.findById(ids.exterior!)
      expect(exterior).not.toBeNull()
      expect(exterior).toMatchObject({
        id: ids.exterior,
        industry: 'exterior',
        paymentStatus: 'paid',
        paymentProvider: 'test-checkout',
        paymentSessionId: expect.stringMatching(/^test_cs_/),
        paidAt: expect.any(String),
        amountCents: EXTERIOR_TOTAL_CENTS,
        amount: '70.00',
        firstName: EXTERIOR.firstName,
        lastName: EXTERIOR.lastName,
        email: EXTERIOR.email,
        phone: EXTERIOR.phoneDigits,
        address: EXTERIOR.address,
        notes: EXTERIOR.notes,
        service: EXTERIOR.service,
        frequency: EXTERIOR.frequency,
        date: EXTERIOR.date,
        arrivalWindow: ARRIVAL_WINDOW,
        serviceFamily: 'exterior',
        tip: EXTERIOR.tip,
        parkingFee: EXTERIOR.parkingFee,
        coupon: null,
      })
      // The key information is stored as the booking's instructions.
      expect(exterior!.instructions).toEqual({keyInfo: EXTERIOR.keyInfo})
      expect(Number.isNaN(Date.parse(exterior!.paidAt!))).toBe(false)

      const commercial = await store.findById(ids.commercial!)
      expect(commercial).not.toBeNull()
      expect(commercial).toMatchObject({
        id: ids.commercial,
        industry: 'commercial',
        paymentStatus: 'paid',
        paymentProvider: 'test-checkout',
        paymentSessionId: expect.stringMatching(/^test_cs_/),
        paidAt: expect.any(String),
        amountCents: COMMERCIAL_TOTAL_CENTS,
        amount: '70.00',
        firstName: COMMERCIAL.firstName,
        lastName: COMMERCIAL.lastName,
        email: COMMERCIAL.email,
        phone: COMMERCIAL.phoneDigits,
        address: COMMERCIAL.address,
        notes: COMMERCIAL.notes,
        location: COMMERCIAL.location,
        // The sub-service is stored in the service column.
        service: COMMERCIAL.subService,
        frequency: COMMERCIAL.frequency,
        date: COMMERCIAL.date,
        arrivalWindow: ARRIVAL_WINDOW,
        serviceFamily: 'commercial',
        coupon: null,
      })
      expect(Number.isNaN(Date.parse(commercial!.paidAt!))).toBe(false)
    } finally {
      await db.close()
    }
  })
})
