import {randomUUID} from 'node:crypto'
import {expect, test, type Page} from './support/test'
import {appointmentSubmission} from '../../lib/leads/test-support/submissions.ts'
import {field, fillQuoteForm, forms, leadForm, offeredEstimateVisit, uniqueEmail, waitForLeadForm} from './support/leads'
import {rowsWhere, startPrivateStack, type PrivateStack} from './support/private-stack'

/**
 * Spam protection of the lead forms, on a site of its own with the production burst (five submissions
 * per address and form): the hidden honeypot field and the rate limit each refuse with a clear message
 * in the page, keep what was typed, and store nothing.
 *
 * The limiter refills one submission every window ÷ five (12 s in production), so a slow machine taking
 * 12 s between the first and the sixth request would earn the sixth. Here the windows are long (a lead
 * refills every two minutes, a booking every three), longer than any test in this file.
 */

const text = forms()
const messages = text.messages

test.describe('lead forms against abuse', () => {
  test.describe.configure({mode: 'serial'})
  test.setTimeout(120_000)
  let stack: PrivateStack

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    stack = await startPrivateStack({LEAD_RATE_LIMIT_MAX: '', LEAD_RATE_LIMIT_WINDOW_SECONDS: '600', BOOKING_RATE_LIMIT_MAX: '', BOOKING_RATE_LIMIT_WINDOW_SECONDS: '3600'})
  })

  test.afterAll(async () => {
    await stack?.close()
  })

  async function open(page: Page, path: string) {
    await page.goto(`${stack.server.baseUrl}${path}`)
    await waitForLeadForm(page)
  }

  test('a submission with the hidden honeypot field filled in is refused with a message and stores nothing', async ({page}) => {
    await open(page, '/contact')
    const form = leadForm(page, text.contactForm.heading)
    const email = uniqueEmail('honeypot')
    await field(form, text.contactForm.nameLabel).fill('Definitely Human')
    await field(form, text.contactForm.emailLabel).fill(email)
    await field(form, text.contactForm.phoneLabel).fill('4255550101')
    await field(form, text.contactForm.messageLabel).fill('Cheap watches!!!')
    // What a bot does: fill every input, including the one people never see.
    const honeypot = form.locator('input[name="website"]')
    // Out of sight, out of the tab order and hidden from assistive technology.
    await expect(honeypot).toHaveAttribute('tabindex', '-1')
    await expect(honeypot).not.toBeInViewport()
    await expect(form.locator('[aria-hidden="true"]:has(input[name="website"])')).toHaveCount(1)
    await honeypot.evaluate((input: HTMLInputElement) => (input.value = 'https://spam.example'))
    await form.getByRole('button', {name: text.contactForm.submitLabel}).click()
    await expect(form.getByRole('alert')).toHaveText(messages.spam)
    await expect(field(form, text.contactForm.messageLabel)).toHaveValue('Cheap watches!!!')
    expect(await rowsWhere(stack.db, 'contact_messages', 'email', email)).toHaveLength(0)
  })

  test('the sixth quote request in a burst from one address is refused with a message and stores nothing', async ({page, request}) => {
    const base = uniqueEmail('rate.limit')
    await open(page, '/roof-cleaning')
    const form = leadForm(page, text.quoteForm.heading)
    const email = `6.${base}`
    await fillQuoteForm(form, text.quoteForm, {
      firstName: 'Rate',
      lastName: 'Limit 6',
      phone: '4255550102',
      email,
      zipCode: '98057',
      squareFootage: '',
      desiredServices: '',
      heardAboutUs: text.quoteForm.heardAboutUsOptions[1],
    })
    // The five before it, sent once the sixth is typed and ready to go.
    for (let n = 1; n <= 5; n += 1) {
      const response = await request.post(`${stack.server.baseUrl}/api/quote-requests`, {
        data: {submissionKey: randomUUID(), firstName: 'Rate', lastName: `Limit ${n}`, phone: '4255550102', email: `${n}.${base}`, zipCode: '98057', termsAccepted: true, page: {path: '/roof-cleaning'}},
      })
      expect(response.status()).toBe(200)
    }
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/quote-requests'))
    await form.getByRole('button', {name: text.quoteForm.submitLabel}).click()
    expect((await answer).status()).toBe(429)
    expect((await answer).headers()['retry-after']).toMatch(/^\d+$/)
    await expect(form.getByRole('alert')).toHaveText(messages.rateLimited)
    await expect(field(form, text.quoteForm.emailLabel)).toHaveValue(email)
    expect(await rowsWhere(stack.db, 'quote_requests', 'email', email)).toHaveLength(0)
    for (let n = 1; n <= 5; n += 1) expect(await rowsWhere(stack.db, 'quote_requests', 'email', `${n}.${base}`)).toHaveLength(1)
  })

  test('forged forwarding headers never give a client a fresh quota: the limits hold per connection', async ({request}) => {
    const forged = (n: number) => ({'x-forwarded-for': `198.51.100.${n}`, 'x-real-ip': `203.0.113.${n}`})
    // Appointments: a burst of five from this machine, whatever address each request claims.
    const names: string[] = []
    const visit = await offeredEstimateVisit(request, stack.server.baseUrl)
    for (let n = 1; n <= 6; n += 1) {
      const fullName = `Forged Address ${randomUUID().replace(/[^a-f]/g, '').slice(0, 6)}`
      names.push(fullName)
      const response = await request.post(`${stack.server.baseUrl}/api/appointments`, {headers: forged(n), data: appointmentSubmission({fullName, ...visit})})
      expect(response.status(), `appointment ${n}`).toBe(n <= 5 ? 200 : 429)
    }
    expect(await rowsWhere(stack.db, 'appointments', 'full_name', names[5])).toHaveLength(0)
    // Bookings: a burst of twenty (refused bodies count too), then 429 for every forged address.
    for (let n = 1; n <= 20; n += 1) {
      const response = await request.post(`${stack.server.baseUrl}/api/bookings`, {headers: {...forged(n), 'content-type': 'application/json'}, data: 'not json'})
      expect(response.status(), `booking ${n}`).toBe(400)
    }
    for (const n of [21, 22, 23]) {
      const response = await request.post(`${stack.server.baseUrl}/api/bookings`, {headers: forged(n), data: {}})
      expect(response.status(), `booking ${n}`).toBe(429)
      expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0)
    }
  })
})
