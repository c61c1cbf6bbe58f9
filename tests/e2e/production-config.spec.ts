import {expect, test} from './support/test'
import {openPgliteDatabase} from '../../lib/database/pglite.ts'
import {commercialBooking} from './support/bookings'
import {killServer} from './support/private-server'
import {privateServerForTests} from './support/private-server-for-tests'

/**
 * A public deploy's configuration, on production servers of their own (scripts/serve.ts, NODE_ENV=
 * production): a deploy with a public address and no Stripe key takes no booking and offers no test
 * checkout (before, anyone could mark bookings paid there); a deploy without SITE_URL refuses
 * bookings rather than build a return address from the request, and says so at start-up.
 */

/** The server names the message; the booking form shows the content's text for it. */
const PAYMENT_UNAVAILABLE = 'paymentUnavailable'

async function bookingCount(dataDir: string): Promise<number> {
  const db = await openPgliteDatabase(dataDir)
  try {
    const {rows} = await db.query<{n: number}>('select count(*)::int as n from public.bookings')
    return rows[0].n
  } finally {
    await db.close()
  }
}

for (const deploy of [
  {name: 'a public address and no Stripe key', env: {SITE_URL: 'https://www.cedar-river.example', TEST_CHECKOUT_ENABLED: ''}, log: /Payments: NONE/},
  {name: 'no SITE_URL', env: {SITE_URL: '', TEST_CHECKOUT_ENABLED: ''}, log: /SITE_URL is not set: bookings are refused/},
]) {
  test.describe(`a production deploy with ${deploy.name}`, () => {
    test.describe.configure({mode: 'serial'})
    const server = privateServerForTests('production-config', deploy.env)

    test('says so at start-up, refuses a booking with a clear message, offers no test checkout and stores nothing', async ({request}) => {
      test.setTimeout(60_000)
      await expect.poll(() => server.output()).toMatch(deploy.log)
      const response = await request.post(`${server.baseUrl}/api/bookings`, {data: commercialBooking()})
      expect(response.status()).toBe(503)
      expect(await response.json()).toEqual({ok: false, kind: 'payment', message: PAYMENT_UNAVAILABLE})
      // No test checkout to mark anything paid.
      expect((await request.get(`${server.baseUrl}/checkout/test/test_cs_${'a'.repeat(32)}`)).status()).toBe(404)
      expect((await request.post(`${server.baseUrl}/checkout/test/test_cs_${'a'.repeat(32)}/pay`, {maxRedirects: 0})).status()).toBe(404)
      await killServer(server.child, 'SIGTERM')
      expect(await bookingCount(server.dataDir)).toBe(0)
    })
  })
}
