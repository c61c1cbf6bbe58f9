import {randomBytes} from 'node:crypto'
import {mkdir, open, readFile, rename, unlink} from 'node:fs/promises'
import {dirname, join, resolve} from 'node:path'
import {isLoopbackSite} from '../site-url'
import {
  assertValidCheckoutRequest,
  CHECKOUT_SESSION_ID_PLACEHOLDER,
  CheckoutNotFoundError,
  InvalidWebhookSignatureError,
  PaymentConfigurationError,
  PaymentProviderError,
  type CheckoutDetails,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentCurrency,
  type PaymentEvent,
  type PaymentProvider,
} from './provider'

/**
 * The local test checkout (decisions.md): with no payment provider configured, the booking flow
 * runs end to end on a fresh machine. `createCheckout` records a session and sends the browser to
 * `/checkout/test/<id>`, a page that shows the summary and total, Pay and Cancel, and "test mode,
 * no card is charged". Pay/Cancel call `complete(id, 'paid' | 'cancelled')`, then the same fulfil
 * function as Stripe's success page confirms through `retrieveCheckout`.
 *
 * Refused in production mode (NODE_ENV=production, which `next start` sets) unless
 * TEST_CHECKOUT_ENABLED=true. It has no webhooks: `parseWebhook` refuses every call.
 *
 * Sessions live in a small table of their own (`TestCheckoutSessions`), independent of the booking
 * store: in memory, or in memory plus a JSON file written atomically (temp file + fsync + rename).
 */

export type TestCheckoutOutcome = 'paid' | 'cancelled'
export type TestCheckoutSessionStatus = 'open' | TestCheckoutOutcome

export interface TestCheckoutSessionRecord {
  /** `test_cs_` + 32 hex characters. */
  id: string
  bookingId: string
  amountCents: number
  currency: PaymentCurrency
  /** The line item, e.g. 'House Cleaning — Deep Cleaning'. */
  description: string
  /** As requested, still holding the `{CHECKOUT_SESSION_ID}` placeholder; see `testCheckoutReturnUrl`. */
  successUrl: string
  cancelUrl: string
  idempotencyKey: string
  status: TestCheckoutSessionStatus
  /** ISO timestamps. */
  createdAt: string
  completedAt: string | null
}

/** The test checkout's session table. */
export interface TestCheckoutSessions {
  /**
   * Stores a new session, unless one with the same `idempotencyKey` exists: then nothing is written
   * and that session is returned (as Stripe does for a repeated idempotency key). Resolves once the
   * session is durable.
   */
  save(record: TestCheckoutSessionRecord): Promise<TestCheckoutSessionRecord>
  get(id: string): Promise<TestCheckoutSessionRecord | null>
  /**
   * Moves an open session to `paid` or `cancelled` and returns it. The first outcome wins: a
   * finished session is returned unchanged (check `status`), so a repeated Pay is harmless and a
   * cancelled session cannot be paid afterwards. Null for an unknown id.
   */
  complete(id: string, outcome: TestCheckoutOutcome): Promise<TestCheckoutSessionRecord | null>
}

const TEST_SESSION_ID = /^test_cs_[0-9a-f]{32}$/

export function isTestCheckoutSessionId(id: unknown): id is string {
  return typeof id === 'string' && TEST_SESSION_ID.test(id)
}

function newTestSessionId(): string {
  return `test_cs_${randomBytes(16).toString('hex')}`
}

/**
 * Whether the test checkout may run: always outside production mode; in production mode
 * (NODE_ENV=production) only when the public address (SITE_URL) is loopback, as `npm start` on a
 * developer's machine sets it, or when the operator sets TEST_CHECKOUT_ENABLED=true (or 1) for a
 * test or demo server. A public deploy whose Stripe key is missing or misspelt takes no booking
 * rather than letting anyone mark bookings paid.
 */
export function testCheckoutAllowed(env: Record<string, string | undefined> = process.env): boolean {
  if (env.NODE_ENV !== 'production') return true
  const flag = env.TEST_CHECKOUT_ENABLED?.trim().toLowerCase()
  return flag === 'true' || flag === '1' || isLoopbackSite(env)
}

export const TEST_CHECKOUT_REFUSED_MESSAGE =
  'The local test checkout is refused in production mode (NODE_ENV=production) on a public address (SITE_URL): ' +
  'it lets bookings be marked paid without a card being charged. Set STRIPE_SECRET_KEY (and ' +
  'STRIPE_WEBHOOK_SECRET) to take real payments, or set TEST_CHECKOUT_ENABLED=true to allow the test ' +
  'checkout on a test or demo server.'

/** The page that shows a test session: `/checkout/test/<id>`. */
export function testCheckoutPath(sessionId: string): string {
  return `/checkout/test/${encodeURIComponent(sessionId)}`
}

/** Where the test checkout page sends the browser after Pay (success URL, placeholder filled) or Cancel. */
export function testCheckoutReturnUrl(record: TestCheckoutSessionRecord, outcome: TestCheckoutOutcome): string {
  return outcome === 'paid'
    ? record.successUrl.split(CHECKOUT_SESSION_ID_PLACEHOLDER).join(encodeURIComponent(record.id))
    : record.cancelUrl
}

export class TestCheckoutProvider implements PaymentProvider {
  readonly name = 'test-checkout' as const

  constructor(readonly sessions: TestCheckoutSessions) {}

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    assertValidCheckoutRequest(request)
    const record: TestCheckoutSessionRecord = {
      id: newTestSessionId(),
      bookingId: request.bookingId,
      amountCents: request.amountCents,
      currency: request.currency,
      description: request.description,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      idempotencyKey: request.idempotencyKey,
      status: 'open',
      createdAt: new Date().toISOString(),
      completedAt: null,
    }
    const stored = await this.sessions.save(record)
    if (stored.id !== record.id && (stored.bookingId !== record.bookingId || stored.amountCents !== record.amountCents)) {
      // Stripe answers the same way when a key is reused with other parameters.
      throw new PaymentProviderError(
        'test-checkout',
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        {statusCode: 400, code: 'idempotency_key_in_use'},
      )
    }
    return {id: stored.id, url: testCheckoutPath(stored.id)}
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutDetails> {
    const record = isTestCheckoutSessionId(sessionId) ? await this.sessions.get(sessionId) : null
    if (!record) throw new CheckoutNotFoundError('test-checkout', String(sessionId))
    return testCheckoutDetails(record)
  }

  /** The test checkout has no webhooks: every call is refused like a bad signature (answer 400). */
  async parseWebhook(): Promise<PaymentEvent> {
    throw new InvalidWebhookSignatureError(
      'No webhook is accepted: the local test checkout is active and has no webhooks (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for Stripe)',
    )
  }

  /** The session for the test checkout page (summary, total, return URLs); null if unknown or malformed. */
  async getSession(sessionId: string): Promise<TestCheckoutSessionRecord | null> {
    return isTestCheckoutSessionId(sessionId) ? this.sessions.get(sessionId) : null
  }

  /** Pay or Cancel on the test checkout page; see `TestCheckoutSessions.complete`. */
  async complete(sessionId: string, outcome: TestCheckoutOutcome): Promise<TestCheckoutSessionRecord | null> {
    return isTestCheckoutSessionId(sessionId) ? this.sessions.complete(sessionId, outcome) : null
  }
}

/**
 * How a test session reads through `retrieveCheckout`: open → open/unpaid, paid → complete/paid,
 * cancelled → expired/unpaid (a cancelled test session can never be paid, like an expired Stripe one).
 */
export function testCheckoutDetails(record: TestCheckoutSessionRecord): CheckoutDetails {
  return {
    id: record.id,
    bookingId: record.bookingId,
    paymentStatus: record.status === 'paid' ? 'paid' : 'unpaid',
    status: record.status === 'paid' ? 'complete' : record.status === 'cancelled' ? 'expired' : 'open',
    amountTotalCents: record.amountCents,
    currency: record.currency,
  }
}

/**
 * Builds the test checkout from the environment, or throws `PaymentConfigurationError` with
 * `TEST_CHECKOUT_REFUSED_MESSAGE` when it is refused. Sessions are kept in
 * `<BOOKINGS_DATA_DIR or ./.data>/test-checkout.json`.
 */
export function testCheckoutProviderFromEnv(env: Record<string, string | undefined> = process.env): TestCheckoutProvider {
  if (!testCheckoutAllowed(env)) throw new PaymentConfigurationError(TEST_CHECKOUT_REFUSED_MESSAGE)
  return new TestCheckoutProvider(fileTestCheckoutSessions(testCheckoutFilePath(env)))
}

export function testCheckoutFilePath(env: Record<string, string | undefined> = process.env): string {
  return resolve(env.BOOKINGS_DATA_DIR?.trim() || '.data', 'test-checkout.json')
}

/** Sessions in this process only. */
export function createMemoryTestCheckoutSessions(): TestCheckoutSessions {
  return new SessionTable(null)
}

/**
 * Sessions in memory, persisted to `filePath` (JSON) after every change: written to a temp file,
 * fsynced, renamed over the old file, so a crash leaves either the old or the new table. Changes
 * made while a write is in flight share the next write. One instance per file per process (kept
 * on globalThis, so every route bundle of the Next server shares it); the file is meant for one
 * server process.
 */
export function fileTestCheckoutSessions(filePath: string): TestCheckoutSessions {
  const path = resolve(filePath)
  const registry = globalRegistry()
  let table = registry.get(path)
  if (!table) {
    table = new SessionTable(path)
    registry.set(path, table)
  }
  return table
}

/** Opens `filePath` afresh, as a restarted process would (tests; also drops the shared instance). */
export function reloadFileTestCheckoutSessions(filePath: string): TestCheckoutSessions {
  globalRegistry().delete(resolve(filePath))
  return fileTestCheckoutSessions(filePath)
}

const REGISTRY_KEY = Symbol.for('renton-cleaning.payments.testCheckoutSessions')

function globalRegistry(): Map<string, SessionTable> {
  const holder = globalThis as typeof globalThis & {[REGISTRY_KEY]?: Map<string, SessionTable>}
  holder[REGISTRY_KEY] ??= new Map()
  return holder[REGISTRY_KEY]
}

/** Sessions older than this are dropped when the table is loaded (a test checkout is not an archive). */
const RETENTION_MS = 30 * 24 * 60 * 60 * 1000

interface FileFormat {
  version: 1
  sessions: TestCheckoutSessionRecord[]
}

class SessionTable implements TestCheckoutSessions {
  private byId = new Map<string, TestCheckoutSessionRecord>()
  private byKey = new Map<string, string>()
  private loaded: Promise<void> | null = null
  private flushing = false
  private waiters: Array<{resolve: () => void; reject: (error: unknown) => void}> = []

  constructor(private readonly filePath: string | null) {}

  async save(record: TestCheckoutSessionRecord): Promise<TestCheckoutSessionRecord> {
    await this.load()
    const existingId = this.byKey.get(record.idempotencyKey)
    const existing = existingId ? this.byId.get(existingId) : undefined
    if (existing) {
      // The first save may still be writing: answer once it is durable.
      await this.persist()
      return {...existing}
    }
    if (this.byId.has(record.id)) throw new Error(`Test checkout session ${record.id} already exists`)
    const stored = {...record}
    this.insert(stored)
    try {
      await this.persist()
    } catch (error) {
      if (this.byId.get(stored.id) === stored) {
        this.byId.delete(stored.id)
        this.byKey.delete(stored.idempotencyKey)
      }
      throw error
    }
    return {...stored}
  }

  async get(id: string): Promise<TestCheckoutSessionRecord | null> {
    await this.load()
    const record = this.byId.get(id)
    return record ? {...record} : null
  }

  async complete(id: string, outcome: TestCheckoutOutcome): Promise<TestCheckoutSessionRecord | null> {
    await this.load()
    const record = this.byId.get(id)
    if (!record) return null
    if (record.status !== 'open') {
      await this.persist()
      return {...record}
    }
    record.status = outcome
    record.completedAt = new Date().toISOString()
    try {
      await this.persist()
    } catch (error) {
      record.status = 'open'
      record.completedAt = null
      throw error
    }
    return {...record}
  }

  private insert(record: TestCheckoutSessionRecord): void {
    this.byId.set(record.id, record)
    this.byKey.set(record.idempotencyKey, record.id)
  }

  private load(): Promise<void> {
    this.loaded ??= this.readFile().catch((error: unknown) => {
      this.loaded = null // try again on the next call
      throw error
    })
    return this.loaded
  }

  private async readFile(): Promise<void> {
    if (!this.filePath) return
    let text: string
    try {
      text = await readFile(this.filePath, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    let data: FileFormat
    try {
      data = JSON.parse(text) as FileFormat
    } catch (error) {
      // Never overwrite a table we cannot read.
      throw new Error(`Test checkout sessions file ${this.filePath} is not valid JSON`, {cause: error})
    }
    if (data?.version !== 1 || !Array.isArray(data.sessions)) {
      throw new Error(`Test checkout sessions file ${this.filePath} has an unknown format`)
    }
    const cutoff = Date.now() - RETENTION_MS
    for (const record of data.sessions) {
      if (!isTestCheckoutSessionId(record?.id) || typeof record.idempotencyKey !== 'string') continue
      if (Date.parse(record.createdAt) < cutoff) continue
      this.insert(record)
    }
  }

  /** Resolves when a write that started after this call has reached the disk. */
  private persist(): Promise<void> {
    if (!this.filePath) return Promise.resolve()
    return new Promise((resolvePersist, rejectPersist) => {
      this.waiters.push({resolve: resolvePersist, reject: rejectPersist})
      if (!this.flushing) void this.flush()
    })
  }

  private async flush(): Promise<void> {
    this.flushing = true
    try {
      while (this.waiters.length > 0) {
        const batch = this.waiters.splice(0)
        try {
          await this.writeFile()
          for (const waiter of batch) waiter.resolve()
        } catch (error) {
          for (const waiter of batch) waiter.reject(error)
        }
      }
    } finally {
      this.flushing = false
    }
  }

  private async writeFile(): Promise<void> {
    const filePath = this.filePath as string
    const data: FileFormat = {version: 1, sessions: [...this.byId.values()]}
    const directory = dirname(filePath)
    await mkdir(directory, {recursive: true})
    const temp = join(directory, `.test-checkout.${process.pid}.${randomBytes(6).toString('hex')}.tmp`)
    try {
      const handle = await open(temp, 'w', 0o600)
      try {
        await handle.writeFile(JSON.stringify(data, null, 1) + '\n', 'utf8')
        await handle.sync()
      } finally {
        await handle.close()
      }
      await rename(temp, filePath)
    } catch (error) {
      await unlink(temp).catch(() => {})
      throw error
    }
    // Make the rename itself durable (best effort: not every platform can fsync a directory).
    try {
      const dir = await open(directory, 'r')
      try {
        await dir.sync()
      } finally {
        await dir.close()
      }
    } catch {
      // ignore
    }
  }
}
