import {expect, test, type APIRequestContext} from './support/test'
import {COMMERCIAL_CUSTOMER, COMMERCIAL_SERVICE, COMMERCIAL_TOTAL, commercialBooking, longDate} from './support/bookings'

/**
 * The payment hand-off through the HTTP API (the booking screens' own specs fill the forms):
 * POST /api/bookings → the local test checkout → /success or /cancel, on the production build
 * (`next start`, TEST_CHECKOUT_ENABLED=true, an empty embedded store per run).
 */

async function book(request: APIRequestContext, body: Record<string, unknown>): Promise<{bookingId: string; checkoutUrl: string}> {
  const response = await request.post('/api/bookings', {data: body})
  expect(response.status(), await response.text()).toBe(200)
  const json = await response.json()
  expect(json).toEqual({ok: true, bookingId: expect.stringMatching(/^[0-9a-f-]{36}$/), checkoutUrl: expect.stringContaining('/checkout/test/test_cs_')})
  return json
}

test.describe('payment flow', () => {
  test('a commercial booking paid on the test checkout lands on /success with its details, nothing personal', async ({page, request}) => {
    const body = commercialBooking()
    const {bookingId, checkoutUrl} = await book(request, body)

    await page.goto(checkoutUrl)
    await expect(page.getByText('Test mode — no card is charged.')).toBeVisible()
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Pay for your booking')
    await expect(page.getByText(COMMERCIAL_SERVICE)).toBeVisible()
    await expect(page.getByText(COMMERCIAL_TOTAL, {exact: true})).toBeVisible()

    await page.getByRole('button', {name: `Pay ${COMMERCIAL_TOTAL}`}).click()
    await page.waitForURL(/\/success\?/)
    const url = new URL(page.url())
    expect(url.searchParams.get('bookingId')).toBe(bookingId)
    expect(url.searchParams.get('session_id')).toMatch(/^test_cs_[0-9a-f]{32}$/)

    await expect(page.getByRole('heading', {level: 1})).toHaveText('Payment Successful')
    await expect(page.getByText('Your booking is confirmed. Thank you!')).toBeVisible()
    const details = page.getByRole('main').locator('dl')
    await expect(details.getByText(COMMERCIAL_SERVICE)).toBeVisible()
    await expect(details.getByText(longDate(body.date as string))).toBeVisible()
    await expect(details.getByText('Snohomish County')).toBeVisible()
    await expect(details.getByText('Total paid', {exact: true})).toBeVisible()
    await expect(details.getByText(COMMERCIAL_TOTAL, {exact: true})).toBeVisible()

    const html = await page.content()
    for (const personal of Object.values(COMMERCIAL_CUSTOMER)) expect(html).not.toContain(personal)
    expect(html).not.toContain('4255550177')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)

    // Confirming again (a reload of /success) changes nothing and still shows it paid.
    await page.reload()
    await expect(page.getByText('Your booking is confirmed. Thank you!')).toBeVisible()
  })

  test('the cancel path lands on /cancel with a way back to the form, and the booking is not paid', async ({page, request}) => {
    const {bookingId, checkoutUrl} = await book(request, commercialBooking())
    await page.goto(checkoutUrl)
    await page.getByRole('button', {name: 'Cancel'}).click()
    await page.waitForURL(/\/cancel\?/)
    expect(new URL(page.url()).searchParams.get('bookingId')).toBe(bookingId)
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Payment Cancelled or Failed')
    await expect(page.getByRole('link', {name: 'Back to the booking form'})).toHaveAttribute('href', `/commercial_cleaning?resume=${bookingId}`)
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)

    // Not paid: /success for this booking says so, the checkout can no longer be paid.
    await page.goto(`/success?bookingId=${bookingId}`)
    await expect(page.getByText('This booking was not paid: the payment was cancelled.')).toBeVisible()
    await expect(page.getByRole('main').getByText('Total paid', {exact: true})).toHaveCount(0)
    await page.goto(checkoutUrl)
    await expect(page.getByText('This checkout was cancelled: the booking is not paid.')).toBeVisible()
    await expect(page.getByRole('button', {name: /^Pay/})).toHaveCount(0)
  })

  test('a forged amount is charged the server price', async ({page, request}) => {
    const {checkoutUrl} = await book(request, commercialBooking({amount: 0.5, amountCents: 50, total: 0.5, totalCents: 50}))
    await page.goto(checkoutUrl)
    await expect(page.getByRole('button', {name: `Pay ${COMMERCIAL_TOTAL}`})).toBeVisible()
    await expect(page.getByText('$0.50')).toHaveCount(0)
  })

  test('the same submission twice (same idempotency key) makes one booking with one checkout', async ({request}) => {
    const body = commercialBooking()
    const [first, second] = await Promise.all([book(request, body), book(request, body)])
    expect(second).toEqual(first)
    expect(await book(request, body)).toEqual(first)
  })

  test('invalid input is refused with the field messages (references to the form\'s messages)', async ({request}) => {
    const response = await request.post('/api/bookings', {data: commercialBooking({subService: 'Window Washing', email: 'x@'})})
    expect(response.status()).toBe(400)
    expect(await response.json()).toMatchObject({
      ok: false,
      kind: 'validation',
      fieldErrors: {subService: 'serviceRequired', email: 'emailInvalid'},
    })
  })

  for (const query of [
    'bookingId=6f1c9a5e-3b2d-4e8f-9a1b-2c3d4e5f6a7b',
    'bookingId=not-a-uuid&session_id=cs_test_nope',
    "bookingId=1'%20or%20'1'='1",
    '',
  ]) {
    test(`/success?${query} (an unknown, malformed or missing booking id) shows the thank-you without details`, async ({page}) => {
      const response = await page.goto(`/success?${query}`)
      expect(response?.status()).toBe(200)
      await expect(page.getByRole('heading', {level: 1})).toHaveText('Payment Successful')
      await expect(page.getByText('Thank you for your booking!')).toBeVisible()
      await expect(page.getByRole('main').locator('dl')).toHaveCount(0)
    })
  }

  test("/success streams 'Loading booking details' first", async ({request}) => {
    const html = await (await request.get('/success?bookingId=6f1c9a5e-3b2d-4e8f-9a1b-2c3d4e5f6a7b')).text()
    expect(html).toContain('Loading booking details')
  })

  test('an unknown test checkout session is 404; the webhook refuses unsigned calls', async ({page, request}) => {
    expect((await page.goto('/checkout/test/test_cs_0123456789abcdef0123456789abcdef'))?.status()).toBe(404)
    expect((await page.goto('/checkout/test/nonsense'))?.status()).toBe(404)
    expect((await request.post('/checkout/test/test_cs_0123456789abcdef0123456789abcdef/pay', {maxRedirects: 0})).status()).toBe(404)
    const webhook = await request.post('/api/stripe/webhook', {data: {type: 'checkout.session.completed'}})
    expect(webhook.status()).toBe(400)
  })
})
