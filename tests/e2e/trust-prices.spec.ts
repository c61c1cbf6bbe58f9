import {randomUUID} from 'node:crypto'
import {expect, test, type APIRequestContext, type Locator, type Page} from './support/test'
import {documentsOfType, getDocument} from './support/dataset'

/*
 * What the site says is what happens:
 * - a house service page's Get Started opens the house form with that service chosen;
 * - every bookable service's "from $X" (its page and its home page card) is the smallest total the
 *   booking API accepts for it, worked out here through POST /api/bookings (never read from lib/):
 *   the smallest request of each frequency is accepted and its total read from its payment page,
 *   the next smaller request is refused;
 * - the Trust band shows on the home page, a service page and a booking screen with the rating of
 *   the published reviews (the average changing with a testimonial is tests in lib/trust.test.ts).
 */

type ServicePageDoc = {title: string; slug: {current: string}; layout: string; bookingService?: string; hero: {heading: string; ctaLabel: string}}
type CardDoc = {_id: string; title: string; pricedServices?: string[]}
type TrustDoc = {heading: string; vetting: string; guarantee: string; insurance: {carrier: string; amount: string}}

const bookablePages = () => documentsOfType<ServicePageDoc>('servicePage').filter((doc) => doc.bookingService)
const housePages = () => documentsOfType<ServicePageDoc>('servicePage').filter((doc) => doc.layout === 'information')

const CUSTOMER = {
  firstName: 'Theodora',
  lastName: 'Ruiz-Okafor',
  email: 'theodora.prices@example.com',
  phone: '(425) 555-0163',
  address: '410 Burnett Ave S, Renton, WA 98057',
}
const HOUSE_ANSWERS = {howClean: 'Mostly Clean', getInside: 'I will be Home', whereToPark: 'Street Parking'}

type Offer = {days: {date: string; windows: {window: string; left: number}[]}[]}

/** A day and window the form's crew still has room in, from the availability API (spread at random). */
async function freeSlot(request: APIRequestContext, form: string): Promise<{date: string; arrivalWindow: string}> {
  const response = await request.get(`/api/availability?form=${form}`)
  expect(response.status()).toBe(200)
  const {days} = (await response.json()) as Offer
  const slots = days.flatMap((day) => day.windows.filter((window) => window.left > 2).map((window) => ({date: day.date, arrivalWindow: window.window})))
  expect(slots.length).toBeGreaterThan(0)
  return slots[Math.floor(Math.random() * slots.length)]
}

/** Posts a booking; answers the total of its payment page when accepted, the status when refused. */
async function book(request: APIRequestContext, body: Record<string, unknown>): Promise<{status: number; totalCents: number | null}> {
  const form = String(body.industry)
  const response = await request.post('/api/bookings', {data: {idempotencyKey: randomUUID(), ...(await freeSlot(request, form)), ...CUSTOMER, ...body}})
  if (response.status() !== 200) return {status: response.status(), totalCents: null}
  const {checkoutUrl} = (await response.json()) as {checkoutUrl: string}
  const html = (await (await request.get(checkoutUrl)).text()).replace(/<!--.*?-->/g, '')
  const pay = html.match(/Pay \$([\d,]+)\.(\d\d)/)
  expect(pay, 'the payment page names the amount').not.toBeNull()
  return {status: 200, totalCents: Number(pay![1].replace(/,/g, '')) * 100 + Number(pay![2])}
}

/**
 * The smallest requests of a service, one per frequency it offers (the cheapest is the smallest
 * total), and requests just below them, which the API must refuse. `perHour`: booked by the hour.
 */
function requestsFor(id: string): {smallest: Record<string, unknown>[]; smaller: Record<string, unknown>[]; perHour?: Record<string, unknown>} {
  const [industry, service] = id.split(':') as [string, string]
  const fewestRooms = {bedrooms: 1, bathrooms: 1, halfBaths: 0, dens: 0}
  const house = {industry, location: 'King County', service, ...fewestRooms, instructions: HOUSE_ANSWERS}
  switch (industry) {
    case 'house':
      if (service === 'Post Construction') {
        return {
          smallest: [{...house, hours: 0, minutes: 15}],
          smaller: [{...house, hours: 0, minutes: 0}],
          perHour: {...house, hours: 1, minutes: 0},
        }
      }
      return {
        smallest: service === 'Regular Cleaning' ? ['Weekly', 'Every Other Week', 'Monthly', 'One-Time'].map((frequency) => ({...house, frequency})) : [house],
        smaller: [{...house, frequency: 'Weekly', bedrooms: 0}, {...house, frequency: 'Weekly', bathrooms: 0}],
      }
    case 'carpet': {
      const carpet = {industry, location: 'King County', rooms: 1, stairs: 0}
      return {
        smallest: ['One-Time', 'Every 6 Months', 'Every 3 Months'].flatMap((frequency) => [{...carpet, frequency}, {...carpet, frequency, rooms: 0, stairs: 1}]),
        smaller: [{...carpet, frequency: 'Every 3 Months', rooms: 0, stairs: 0}],
      }
    }
    case 'exterior':
      return {
        smallest: ['Every 3 Months', 'Every 6 Months', 'One-Time'].map((frequency) => ({industry, service, frequency})),
        smaller: [{industry, service}, {industry, frequency: 'Every 3 Months'}],
      }
    case 'commercial':
      return {
        smallest: ['Single Deep Cleaning', 'Recurring', 'One-Time'].map((frequency) => ({industry, location: 'King County', subService: service, frequency})),
        smaller: [{industry, location: 'King County', subService: service}],
      }
    default:
      throw new Error(`Unknown bookable service ${id}`)
  }
}

/** The smallest total the API accepts for the service (cents), and its hourly rate when booked by the hour. */
async function smallestAccepted(request: APIRequestContext, id: string): Promise<{cents: number; hourlyCents: number | null}> {
  const {smallest, smaller, perHour} = requestsFor(id)
  const totals: number[] = []
  for (const body of smallest) {
    const answer = await book(request, body)
    // A commercial sub-service offers only some frequencies: the others are refused, not priced.
    if (answer.status === 400 && 'subService' in body) continue
    expect(answer.status, JSON.stringify(body)).toBe(200)
    totals.push(answer.totalCents!)
  }
  expect(totals.length).toBeGreaterThan(0)
  for (const body of smaller) expect((await book(request, body)).status, `refused: ${JSON.stringify(body)}`).toBe(400)
  let hourlyCents: number | null = null
  if (perHour) {
    const oneHour = await book(request, perHour)
    const twoHours = await book(request, {...perHour, hours: 2})
    expect([oneHour.status, twoHours.status]).toEqual([200, 200])
    hourlyCents = oneHour.totalCents!
    // Priced by the hour: two hours cost twice one.
    expect(twoHours.totalCents).toBe(2 * hourlyCents)
  }
  return {cents: Math.min(...totals), hourlyCents}
}

/** "$1,234.56" in a text → cents. */
function centsIn(text: string): number {
  const match = text.match(/\$([\d,]+)\.(\d\d)/)
  expect(match, `a price in "${text}"`).not.toBeNull()
  return Number(match![1].replace(/,/g, '')) * 100 + Number(match![2])
}

const startingPrice = (scope: Locator) => scope.locator('[data-starting-price]')

test.describe('Get Started opens the booking screen with the service chosen', () => {
  for (const doc of housePages()) {
    test(`/${doc.slug.current}: Get Started arrives at /house_cleaning with ${doc.bookingService} chosen`, async ({page}) => {
      const service = doc.bookingService!.replace(/^house:/, '')
      await page.goto(`/${doc.slug.current}`)
      await page.getByRole('main').getByRole('region', {name: doc.hero.heading}).getByRole('link', {name: doc.hero.ctaLabel, exact: true}).click()
      await expect(page).toHaveURL((url) => url.pathname === '/house_cleaning' && url.searchParams.get('service') === service)
      const form = page.getByRole('form')
      await expect(form.getByRole('radio', {name: service, exact: true})).toBeChecked()
      for (const other of ['Regular Cleaning', 'Move Out & Move In', 'Deep Cleaning', 'Post Construction'].filter((name) => name !== service)) {
        await expect(form.getByRole('radio', {name: other, exact: true})).not.toBeChecked()
      }
      // The summary prices that service already.
      await expect(page.getByRole('complementary')).toContainText(service)
    })
  }
})

test.describe('"from $X" is the smallest booking the API accepts', () => {
  test('every bookable service page is one of the catalog: all but mold remediation', () => {
    expect(bookablePages().map((doc) => doc.slug.current).sort()).toEqual(
      documentsOfType<ServicePageDoc>('servicePage').filter((doc) => doc.layout !== 'mold').map((doc) => doc.slug.current).sort(),
    )
  })

  for (const doc of bookablePages()) {
    test(`/${doc.slug.current} states the price ${doc.bookingService} starts from`, async ({page, request}) => {
      const {cents, hourlyCents} = await smallestAccepted(request, doc.bookingService!)
      await page.goto(`/${doc.slug.current}`)
      const shown = startingPrice(page.getByRole('main').getByRole('region', {name: doc.hero.heading}))
      await expect(shown).toHaveCount(1)
      const text = (await shown.textContent())!
      if (hourlyCents !== null) {
        // Booked by the hour: the page states its hourly rate, and says so.
        expect(centsIn(text)).toBe(hourlyCents)
        expect(text).toMatch(/per hour/i)
        expect(cents).toBeLessThan(hourlyCents) // a quarter hour is the smallest booking
      } else {
        expect(centsIn(text)).toBe(cents)
      }
    })
  }

  test('each home page service card states the price its cheapest service starts from', async ({page, request}) => {
    test.setTimeout(120_000)
    const cards = documentsOfType<CardDoc>('serviceCard').filter((card) => card.pricedServices?.length)
    expect(cards.map((card) => card._id).sort()).toEqual(['serviceCard-carpet', 'serviceCard-commercial', 'serviceCard-exterior', 'serviceCard-house'])
    await page.goto('/')
    for (const card of cards) {
      const prices = await Promise.all(card.pricedServices!.map((id) => smallestAccepted(request, id)))
      // An hourly rate is no visit's price: a card states its cheapest visit.
      const visits = prices.filter((price) => price.hourlyCents === null).map((price) => price.cents)
      const item = page.locator('#services li').filter({has: page.getByRole('heading', {level: 3, name: card.title, exact: true})})
      await expect(startingPrice(item)).toHaveCount(1)
      expect(centsIn((await startingPrice(item).textContent())!), card.title).toBe(Math.min(...visits))
    }
  })
})

test.describe('the Trust band', () => {
  /** The average and count of every published testimonial and booking sidebar review, worked out here. */
  function rating(): string {
    const stars = [
      ...documentsOfType<{rating: number}>('testimonial').map((doc) => doc.rating),
      ...documentsOfType<{stars: number}>('reviewSample').map((doc) => doc.stars),
    ]
    const average = (Math.round((stars.reduce((a, b) => a + b, 0) / stars.length) * 10) / 10).toFixed(1)
    return `Rated ${average} out of 5 from ${stars.length} reviews`
  }

  async function checkBand(page: Page, band: Locator) {
    const trust = getDocument<TrustDoc>('trust')
    await expect(band.getByRole('heading', {name: trust.heading})).toBeVisible()
    const items = band.getByRole('listitem')
    await expect(items).toHaveCount(5)
    await expect(band).toContainText(trust.insurance.carrier)
    await expect(band).toContainText(trust.insurance.amount)
    await expect(band).toContainText(trust.vetting)
    await expect(band).toContainText(trust.guarantee)
    await expect(items.filter({hasText: rating()})).toHaveCount(1)
    // No leftover placeholder.
    expect(await band.textContent()).not.toMatch(/\{\w+\}/)
  }

  const trustRegion = (page: Page, scope: Locator = page.locator('body')) => scope.getByRole('region', {name: getDocument<TrustDoc>('trust').heading})

  test('on the home page, under the hero, readable at 320 px', async ({page}) => {
    await page.setViewportSize({width: 320, height: 800})
    await page.goto('/')
    await checkBand(page, trustRegion(page))
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  })

  test('on a service page', async ({page}) => {
    await page.goto('/deep-cleaning')
    await checkBand(page, trustRegion(page, page.getByRole('main')))
  })

  test('in a booking screen\'s sidebar', async ({page}) => {
    await page.goto('/exterior_cleaning')
    await checkBand(page, trustRegion(page, page.getByRole('complementary')))
  })
})
