import {mkdirSync, rmSync} from 'node:fs'
import {join} from 'node:path'
import {expect, test} from './support/test'
import {COMMERCIAL_SERVICE, commercialBooking} from './support/bookings'
import {ROOT, killServer as kill, startServer as startPrivateServer, waitUntilServing, type PrivateServer} from './support/private-server'

/**
 * Killing the server (SIGKILL) in the middle of a burst of booking requests loses no
 * booking that was acknowledged, nor its test checkout session (a row of the same database:
 * each can still be paid), and the restarted server keeps serving. Runs its own `next start`
 * from the build the Playwright web server made, on another port with its own data directory.
 */

const PORT = 3197
const BASE = `http://127.0.0.1:${PORT}`
const DATA_DIR = join(ROOT, 'test-results', 'durability-bookings-data')

function startServer(): PrivateServer {
  return startPrivateServer({port: PORT, dataDir: DATA_DIR})
}

type Acknowledged = {bookingId: string; checkoutUrl: string}

async function postBooking(): Promise<Acknowledged | null> {
  try {
    const response = await fetch(`${BASE}/api/bookings`, {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify(commercialBooking()),
    })
    if (response.status !== 200) return null
    return (await response.json()) as Acknowledged
  } catch {
    return null // the connection died with the server: not acknowledged
  }
}

test.describe('booking durability', () => {
  test.describe.configure({mode: 'serial'})
  test.setTimeout(240_000)

  let server: ReturnType<typeof startServer> | undefined

  test.beforeAll(() => {
    rmSync(DATA_DIR, {recursive: true, force: true})
    mkdirSync(DATA_DIR, {recursive: true})
  })

  test.afterAll(async () => {
    if (server) await kill(server.child, 'SIGTERM')
    rmSync(DATA_DIR, {recursive: true, force: true})
  })

  test('SIGKILL mid-burst loses no acknowledged booking; the restarted server keeps serving', async () => {
    server = startServer()
    await waitUntilServing(server)
    expect(server.output()).toContain('[booking] Payments: LOCAL TEST CHECKOUT')

    // A burst from 8 clients; the server is killed once 25 bookings have been acknowledged.
    const acknowledged: Acknowledged[] = []
    let killed = false
    const first = server
    const client = async () => {
      while (!killed) {
        const result = await postBooking()
        if (result) {
          acknowledged.push(result)
          if (acknowledged.length >= 25 && !killed) {
            killed = true
            await kill(first.child, 'SIGKILL')
          }
        } else if (first.child.exitCode !== null || first.child.signalCode !== null) {
          return
        }
      }
    }
    await Promise.all(Array.from({length: 8}, client))
    expect(first.child.signalCode).toBe('SIGKILL')
    expect(acknowledged.length).toBeGreaterThanOrEqual(25)

    server = startServer()
    await waitUntilServing(server)

    for (const {bookingId, checkoutUrl} of acknowledged) {
      const success = await (await fetch(`${BASE}/success?bookingId=${bookingId}`)).text()
      expect(success, bookingId).toContain(COMMERCIAL_SERVICE)
      expect(success, bookingId).toContain('Your payment is not confirmed yet.')
      const checkout = await fetch(`${BASE}${new URL(checkoutUrl).pathname}`)
      expect(checkout.status, checkoutUrl).toBe(200)
    }
    // A session made before the kill is paid after it, and pays its own booking.
    const before = acknowledged[0]
    const paidBefore = await fetch(`${BASE}${new URL(before.checkoutUrl).pathname}/pay`, {method: 'POST', redirect: 'manual'})
    expect(paidBefore.status).toBe(303)
    expect(paidBefore.headers.get('location')).toContain(`bookingId=${before.bookingId}`)
    const confirmedBefore = await (await fetch(`${BASE}/success?bookingId=${before.bookingId}&session_id=${new URL(before.checkoutUrl).pathname.split('/').pop()}`)).text()
    expect(confirmedBefore).toContain('Your booking is confirmed. Thank you!')

    // New bookings still work, through payment.
    const fresh = await postBooking()
    expect(fresh).not.toBeNull()
    const pay = await fetch(`${BASE}${new URL(fresh!.checkoutUrl).pathname}/pay`, {method: 'POST', redirect: 'manual'})
    expect(pay.status).toBe(303)
    const successUrl = new URL(pay.headers.get('location') as string)
    const confirmed = await (await fetch(`${BASE}${successUrl.pathname}${successUrl.search}`)).text()
    expect(confirmed).toContain('Your booking is confirmed. Thank you!')
  })
})
