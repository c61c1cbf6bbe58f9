import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import type {PGlite} from '@electric-sql/pglite'
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {checkoutRequestFor} from './test-support/checkout-request'
import {openPgliteDatabase} from '../database/pglite'
import {createSqlDatabaseFunctions} from '../database/sql-functions'
import {openMigratedMemoryDatabase} from '../database/test-support/temp-pglite'
import {getPaymentProvider, getPaymentProviderFor, getTestCheckout, paymentProviderName} from './index'
import {
  CheckoutNotFoundError,
  InvalidCheckoutRequestError,
  InvalidWebhookSignatureError,
  PaymentConfigurationError,
  PaymentProviderError,
  type CheckoutRequest,
} from './provider'
import {StripePaymentProvider} from './stripe'
import {databaseTestCheckoutSessions} from './test-checkout-sessions'
import {
  createMemoryTestCheckoutSessions,
  testCheckoutAllowed,
  testCheckoutReach,
  TestCheckoutProvider,
  testCheckoutProviderFromEnv,
  testCheckoutReturnUrl,
} from './test-checkout'

const BOOKING_ID = '9d6a0c1e-2b3f-4a5d-8e7f-0a1b2c3d4e5f'

function request(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  const chosen = {
    amountCents: 12_345,
    description: 'Carpet Cleaning — Weekly',
    customerEmail: 'sam.lee@example.com',
    idempotencyKey: `key-${BOOKING_ID}`,
  }
  return checkoutRequestFor(BOOKING_ID, {...chosen, ...overrides}, 'http://localhost:3000')
}

// The sessions in the app's database, as the server keeps them (an in-memory copy of it here).
let db: PGlite

beforeAll(async () => {
  db = await openMigratedMemoryDatabase()
}, 60_000)

afterAll(async () => {
  await db.close()
})

beforeEach(async () => {
  await db.exec('delete from public.test_checkout_sessions')
})

function databaseSessions(database: PGlite = db) {
  return databaseTestCheckoutSessions(async () => createSqlDatabaseFunctions(database))
}

function fileProvider(): TestCheckoutProvider {
  return testCheckoutProviderFromEnv({NODE_ENV: 'test'}, databaseSessions())
}

describe('test checkout', () => {
  it('creates a session: a test_cs_ id, the /checkout/test/<id> URL, and the session saved', async () => {
    const provider = fileProvider()
    const session = await provider.createCheckout(request())

    expect(provider.name).toBe('test-checkout')
    expect(session.id).toMatch(/^test_cs_[0-9a-f]{32}$/)
    expect(session.url).toBe(`/checkout/test/${session.id}`)

    const saved = await provider.getSession(session.id)
    expect(saved).toMatchObject({
      id: session.id,
      bookingId: BOOKING_ID,
      amountCents: 12_345,
      currency: 'usd',
      description: 'Carpet Cleaning — Weekly',
      status: 'open',
      completedAt: null,
    })
    // In the database already when createCheckout resolves.
    const {rows} = await db.query<Record<string, unknown>>('select * from public.test_checkout_sessions')
    expect(rows.map((row) => row.id)).toEqual([session.id])
    // No customer e-mail in the test table: it does not need it.
    expect(JSON.stringify(rows)).not.toContain('sam.lee@example.com')

    await expect(provider.retrieveCheckout(session.id)).resolves.toEqual({
      id: session.id,
      bookingId: BOOKING_ID,
      paymentStatus: 'unpaid',
      status: 'open',
      amountTotalCents: 12_345,
      currency: 'usd',
    })
  })

  it('after complete(id, "paid"), retrieveCheckout reports paid and complete; a later cancel changes nothing', async () => {
    const provider = fileProvider()
    const {id} = await provider.createCheckout(request())

    const paid = await provider.complete(id, 'paid')
    expect(paid).toMatchObject({id, status: 'paid'})
    expect(paid?.completedAt).toEqual(expect.any(String))
    await expect(provider.retrieveCheckout(id)).resolves.toMatchObject({
      bookingId: BOOKING_ID,
      paymentStatus: 'paid',
      status: 'complete',
      amountTotalCents: 12_345,
    })

    expect(await provider.complete(id, 'paid')).toMatchObject({status: 'paid', completedAt: paid?.completedAt})
    expect(await provider.complete(id, 'cancelled')).toMatchObject({status: 'paid'})
    await expect(provider.retrieveCheckout(id)).resolves.toMatchObject({paymentStatus: 'paid'})
  })

  it('a cancelled session reads as expired and unpaid, and can no longer be paid', async () => {
    const provider = fileProvider()
    const {id} = await provider.createCheckout(request())
    expect(await provider.complete(id, 'cancelled')).toMatchObject({status: 'cancelled'})
    expect(await provider.complete(id, 'paid')).toMatchObject({status: 'cancelled'})
    await expect(provider.retrieveCheckout(id)).resolves.toMatchObject({paymentStatus: 'unpaid', status: 'expired'})
  })

  it('survives a restart: the sessions are rows of the database, read back after it is closed and opened again', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'test-checkout-'))
    try {
      const first = await openPgliteDatabase(dataDir)
      const before = new TestCheckoutProvider(databaseSessions(first))
      const paidSession = await before.createCheckout(request())
      const openSession = await before.createCheckout(request({bookingId: 'other-booking', idempotencyKey: 'other-key'}))
      await before.complete(paidSession.id, 'paid')
      await first.close()

      const second = await openPgliteDatabase(dataDir)
      try {
        const after = new TestCheckoutProvider(databaseSessions(second))
        await expect(after.retrieveCheckout(paidSession.id)).resolves.toMatchObject({bookingId: BOOKING_ID, paymentStatus: 'paid', status: 'complete'})
        await expect(after.retrieveCheckout(openSession.id)).resolves.toMatchObject({bookingId: 'other-booking', paymentStatus: 'unpaid', status: 'open'})
        // The idempotency key is remembered across the restart too.
        await expect(after.createCheckout(request())).resolves.toEqual(paidSession)
      } finally {
        await second.close()
      }
    } finally {
      await rm(dataDir, {recursive: true, force: true})
    }
  }, 60_000)

  it('returns the same session for the same idempotency key, also for concurrent requests', async () => {
    const provider = fileProvider()
    const sessions = await Promise.all([
      provider.createCheckout(request()),
      provider.createCheckout(request()),
      provider.createCheckout(request()),
    ])
    expect(new Set(sessions.map((s) => s.id)).size).toBe(1)
    await expect(provider.createCheckout(request())).resolves.toEqual(sessions[0])

    const other = await provider.createCheckout(request({idempotencyKey: 'another-submission'}))
    expect(other.id).not.toBe(sessions[0].id)

    // Reusing a key for a different booking or amount is refused, as Stripe does.
    await expect(provider.createCheckout(request({amountCents: 99_999}))).rejects.toBeInstanceOf(PaymentProviderError)
  })

  it('keeps many concurrent sessions (no write is lost)', async () => {
    const provider = fileProvider()
    const created = await Promise.all(
      Array.from({length: 25}, (_, i) => provider.createCheckout(request({bookingId: `b-${i}`, idempotencyKey: `k-${i}`}))),
    )
    await Promise.all(created.slice(0, 10).map((s) => provider.complete(s.id, 'paid')))

    const reloaded = new TestCheckoutProvider(databaseSessions())
    for (const [i, session] of created.entries()) {
      await expect(reloaded.retrieveCheckout(session.id)).resolves.toMatchObject({
        bookingId: `b-${i}`,
        paymentStatus: i < 10 ? 'paid' : 'unpaid',
      })
    }
  })

  it('throws CheckoutNotFoundError for an unknown or malformed id; complete returns null', async () => {
    const provider = fileProvider()
    await expect(provider.retrieveCheckout(`test_cs_${'0'.repeat(32)}`)).rejects.toBeInstanceOf(CheckoutNotFoundError)
    await expect(provider.retrieveCheckout('../../etc/passwd')).rejects.toBeInstanceOf(CheckoutNotFoundError)
    await expect(provider.retrieveCheckout('cs_test_abc')).rejects.toBeInstanceOf(CheckoutNotFoundError)
    expect(await provider.complete('nope', 'paid')).toBeNull()
    expect(await provider.getSession('nope')).toBeNull()
  })

  it('validates the request like the Stripe adapter', async () => {
    const provider = new TestCheckoutProvider(createMemoryTestCheckoutSessions())
    await expect(provider.createCheckout(request({amountCents: 0}))).rejects.toBeInstanceOf(InvalidCheckoutRequestError)
    await expect(provider.createCheckout(request({successUrl: 'http://localhost:3000/success'}))).rejects.toBeInstanceOf(
      InvalidCheckoutRequestError,
    )
  })

  it('fills the success URL placeholder for the Pay redirect, and returns the cancel URL for Cancel', async () => {
    const provider = new TestCheckoutProvider(createMemoryTestCheckoutSessions())
    const {id} = await provider.createCheckout(request())
    const record = await provider.getSession(id)
    expect(record).not.toBeNull()
    expect(testCheckoutReturnUrl(record!, 'paid')).toBe(
      `http://localhost:3000/success?bookingId=${BOOKING_ID}&session_id=${id}`,
    )
    expect(testCheckoutReturnUrl(record!, 'cancelled')).toBe(`http://localhost:3000/cancel?bookingId=${BOOKING_ID}`)
  })

  it('accepts no webhook: parseWebhook refuses like a bad signature', async () => {
    const provider = new TestCheckoutProvider(createMemoryTestCheckoutSessions())
    await expect(provider.parseWebhook()).rejects.toBeInstanceOf(InvalidWebhookSignatureError)
  })
})

describe('test checkout in production mode', () => {
  const LOCAL = '127.0.0.1'
  const OTHER = '192.0.2.10'

  it('is allowed outside production, refused in production without TEST_CHECKOUT_ENABLED=true', () => {
    for (const client of [LOCAL, OTHER, 'unknown']) {
      expect(testCheckoutAllowed(client, {})).toBe(true)
      expect(testCheckoutAllowed(client, {NODE_ENV: 'development'})).toBe(true)
      expect(testCheckoutAllowed(client, {NODE_ENV: 'test'})).toBe(true)
      expect(testCheckoutAllowed(client, {NODE_ENV: 'production'})).toBe(false)
      expect(testCheckoutAllowed(client, {NODE_ENV: 'production', TEST_CHECKOUT_ENABLED: 'false'})).toBe(false)
      expect(testCheckoutAllowed(client, {NODE_ENV: 'production', TEST_CHECKOUT_ENABLED: ''})).toBe(false)
      expect(testCheckoutAllowed(client, {NODE_ENV: 'production', TEST_CHECKOUT_ENABLED: 'yes'})).toBe(false)
      // An explicit test or demo server: everyone who reaches it.
      expect(testCheckoutAllowed(client, {NODE_ENV: 'production', TEST_CHECKOUT_ENABLED: 'true'})).toBe(true)
      expect(testCheckoutAllowed(client, {NODE_ENV: 'production', TEST_CHECKOUT_ENABLED: '1'})).toBe(true)
    }
  })

  it('in production, on a loopback public address (`npm start`) serves clients on this machine only, never on a public one unless enabled', () => {
    for (const SITE_URL of ['http://localhost:3000', 'http://127.0.0.1:3100', 'http://[::1]:3000/']) {
      expect(testCheckoutReach({NODE_ENV: 'production', SITE_URL}), SITE_URL).toBe('this-machine')
      for (const client of ['127.0.0.1', '127.0.0.53', '::1']) expect(testCheckoutAllowed(client, {NODE_ENV: 'production', SITE_URL}), client).toBe(true)
      // The defect: `npm start` listened on every interface, and another machine booked and paid nothing.
      for (const client of ['192.0.2.10', '10.0.0.7', 'fd00::2', 'unknown']) expect(testCheckoutAllowed(client, {NODE_ENV: 'production', SITE_URL}), client).toBe(false)
    }
    for (const SITE_URL of ['https://www.cedar-river.example', 'http://localhost.cedar-river.example', 'http://127.0.0.1.nip.io', 'not a url']) {
      expect(testCheckoutReach({NODE_ENV: 'production', SITE_URL}), SITE_URL).toBe('nobody')
      expect(testCheckoutAllowed(LOCAL, {NODE_ENV: 'production', SITE_URL}), SITE_URL).toBe(false)
    }
    expect(testCheckoutAllowed(OTHER, {NODE_ENV: 'production', SITE_URL: 'https://www.cedar-river.example', TEST_CHECKOUT_ENABLED: 'true'})).toBe(true)
  })

  it('refuses another machine its page and actions, and its new payments, when it serves this machine only', () => {
    const env = {NODE_ENV: 'production', SITE_URL: 'http://localhost:3000'}
    expect(paymentProviderName(env)).toBe('test-checkout')
    expect(getTestCheckout(LOCAL, env)).toBe(getPaymentProvider(env))
    expect(getPaymentProviderFor(LOCAL, env)).toBe(getPaymentProvider(env))
    expect(getTestCheckout(OTHER, env)).toBeNull()
    expect(() => getPaymentProviderFor(OTHER, env)).toThrow(PaymentConfigurationError)
    expect(() => getPaymentProviderFor(OTHER, env)).toThrow(/this machine only/)
  })

  it('refuses to build the test checkout with a message naming TEST_CHECKOUT_ENABLED', () => {
    expect(() => testCheckoutProviderFromEnv({NODE_ENV: 'production'})).toThrow(
      PaymentConfigurationError,
    )
    expect(() => testCheckoutProviderFromEnv({NODE_ENV: 'production'})).toThrow(
      /TEST_CHECKOUT_ENABLED=true/,
    )
  })

  it('allows it with TEST_CHECKOUT_ENABLED=true', async () => {
    const provider = testCheckoutProviderFromEnv({NODE_ENV: 'production', TEST_CHECKOUT_ENABLED: 'true'}, databaseSessions())
    const {id} = await provider.createCheckout(request())
    await provider.complete(id, 'paid')
    await expect(provider.retrieveCheckout(id)).resolves.toMatchObject({paymentStatus: 'paid'})
  })
})

describe('getPaymentProvider', () => {
  it('chooses Stripe when STRIPE_SECRET_KEY is set, whatever the mode', () => {
    const env = {NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_test_selection', STRIPE_WEBHOOK_SECRET: 'whsec_x'}
    expect(paymentProviderName(env)).toBe('stripe')
    const provider = getPaymentProvider(env)
    expect(provider).toBeInstanceOf(StripePaymentProvider)
    expect(provider.name).toBe('stripe')
    expect(getPaymentProvider(env)).toBe(provider) // built once
    expect(getTestCheckout('127.0.0.1', env)).toBeNull()
  })

  it('chooses the test checkout with no provider configured outside production', () => {
    const env = {NODE_ENV: 'development'}
    expect(paymentProviderName(env)).toBe('test-checkout')
    expect(getPaymentProvider(env).name).toBe('test-checkout')
    expect(getTestCheckout('192.0.2.10', env)).toBe(getPaymentProvider(env))
    // A blank key is no key.
    expect(paymentProviderName({...env, STRIPE_SECRET_KEY: '  '})).toBe('test-checkout')
  })

  it('in production with neither Stripe nor TEST_CHECKOUT_ENABLED, throws a configuration error', () => {
    const env = {NODE_ENV: 'production'}
    expect(() => getPaymentProvider(env)).toThrow(PaymentConfigurationError)
    expect(() => getPaymentProvider(env)).toThrow(/No payment provider is configured.*TEST_CHECKOUT_ENABLED=true/)
    expect(getTestCheckout('127.0.0.1', env)).toBeNull()
    expect(getPaymentProvider({...env, TEST_CHECKOUT_ENABLED: 'true'}).name).toBe('test-checkout')
  })
})
