import {randomUUID} from 'node:crypto'
import {readFileSync, utimesSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {encodeSignatureHeader, SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import {expect, test} from './support/test'
import {ARRIVAL_WINDOW, closedDates, commercialBooking, futureDate, houseBooking} from './support/bookings'
import {killServer, ROOT} from './support/private-server'
import {addressOf, readInbox} from './support/smtp'
import {missingDeployTools, startDeployStack, type DeployStack} from './support/deploy-stack'

/**
 * The reference deployment of deploy/README.md, on loopback. Two production
 * servers (scripts/serve.ts from the suite's build) on one PostgreSQL server (through Supabase's Data
 * API) and one Redis, configured as deploy/env.example says (REDIS_URL, TRUSTED_PROXY_HOPS=1, SMTP),
 * behind nginx running deploy/nginx/'s configuration. What one server does, the other sees: content
 * refreshed by a publish, a client's rate limit, a window's places, the e-mail outbox; and losing a
 * process loses nothing acknowledged while nginx keeps answering from the other.
 */

const missing = missingDeployTools()

type Doc = {_id: string; _type: string; [key: string]: unknown}

/** The stack's own copy of the content (the servers read it; the suite's copy is left alone). */
function readDocument<T extends Doc>(file: string, id: string): T {
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .find((candidate) => candidate.includes(`"_id":"${id}"`))
  if (!line) throw new Error(`No document ${id} in ${file}`)
  return JSON.parse(line) as T
}

function writeDocument(file: string, doc: Doc): void {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => ((JSON.parse(line) as Doc)._id === doc._id ? JSON.stringify(doc) : line))
  writeFileSync(file, lines.join('\n') + '\n')
  const now = new Date()
  utimesSync(file, now, now)
}

/** The Availability document as committed in studio/dataset/. */
function committedAvailability(): Doc {
  return readDocument(join(ROOT, 'studio', 'dataset', 'production.ndjson'), 'availability')
}

/** Sanity's webhook for one published document, signed as Sanity signs it. */
async function notifyPublish(baseUrl: string, secret: string, doc: Doc): Promise<number> {
  const body = JSON.stringify({_id: doc._id, _type: doc._type, slug: null})
  const signature = await encodeSignatureHeader(body, Date.now(), secret)
  const response = await fetch(`${baseUrl}/api/revalidate`, {method: 'POST', body, headers: {'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: signature}})
  return response.status
}

async function pageText(url: string): Promise<string> {
  const html = await (await fetch(url)).text()
  return (/<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? '').replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&')
}

function quoteRequest(n: number): Record<string, unknown> {
  return {
    submissionKey: randomUUID(),
    firstName: 'Deploy',
    lastName: `Limit ${n}`,
    phone: '4255550142',
    email: `deploy.${n}.${randomUUID().slice(0, 8)}@example.com`,
    zipCode: '98057',
    termsAccepted: true,
    page: {path: '/roof-cleaning'},
  }
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {method: 'POST', headers: {'content-type': 'application/json', ...headers}, body: JSON.stringify(body)})
}

type Acknowledged = {bookingId: string; checkoutUrl: string}

/** Pays a booking through the test checkout, as the customer's Pay button does (through nginx). */
async function pay(stack: DeployStack, booking: Acknowledged): Promise<void> {
  const response = await fetch(`${stack.proxy.url}${new URL(booking.checkoutUrl).pathname}/pay`, {method: 'POST', redirect: 'manual'})
  expect(response.status, `paying ${booking.bookingId}`).toBe(303)
  const success = new URL(response.headers.get('location') as string)
  expect((await fetch(`${stack.proxy.url}${success.pathname}${success.search}`)).status).toBe(200)
}

/** Working days from 3 to 50 days ahead, in order: each its own date for one test. */
function workingDays(): string[] {
  const closed = closedDates()
  const days: string[] = []
  for (let ahead = 3; ahead <= 50; ahead++) {
    const date = new Date(Date.now() + ahead * 24 * 60 * 60 * 1000)
    const text = date.toISOString().slice(0, 10)
    if (date.getUTCDay() !== 0 && !closed.includes(text)) days.push(text)
  }
  return days
}

test.describe('the reference deployment: two servers, one database, one Redis, behind nginx', () => {
  test.skip(missing !== null, `Needs Debian's tools for the reference deployment, missing here: ${missing}`)
  // In order, in one worker, sharing one stack; not 'serial', so one failure does not hide the
  // others (Playwright starts a new worker, and with it a new stack, after a failure).
  test.describe.configure({mode: 'default'})
  test.setTimeout(60_000)
  let stack: DeployStack

  test.beforeAll(async () => {
    test.setTimeout(150_000)
    stack = await startDeployStack({
      processes: 2,
      // The committed places of each window (the suite's copy widens them to 200 for its many bookings).
      prepareContent: (file) => writeDocument(file, committedAvailability()),
    })
  })

  test.afterAll(async () => {
    await stack?.close()
  })

  test('nginx runs the repository configuration in front of both processes', async () => {
    const response = await fetch(`${stack.proxy.url}/`)
    expect(response.status).toBe(200)
    expect(response.headers.get('server')).toMatch(/^nginx/)
    // The edge's own policy (hashes of the page's inline scripts) reaches the visitor through nginx.
    expect(response.headers.get('content-security-policy')).toMatch(/script-src [^;]*'sha256-/)
    for (const server of stack.servers) expect((await fetch(`${server.baseUrl}/`)).status).toBe(200)
  })

  test('/api/health answers through nginx and from each process: the shared database is reachable', async () => {
    for (const url of [stack.proxy.url, ...stack.servers.map((server) => server.baseUrl)]) {
      const response = await fetch(`${url}/api/health`)
      expect(response.status, url).toBe(200)
      expect(await response.json(), url).toMatchObject({status: 'ok', database: 'ok'})
    }
  })

  test('a signed publish webhook to one server shows the change on both within 5 seconds', async () => {
    // A sentence of the refund policy (its last paragraph, which no other spec reads).
    type Legal = Doc & {refund: {body: {children: {text: string}[]}[]}}
    const legal = readDocument<Legal>(stack.datasetFile, 'legalPage')
    const original = structuredClone(legal)
    const sentence = (doc: Legal) => doc.refund.body.at(-1)!.children.at(-1)!
    const before = sentence(legal).text.trim()
    const secret = stack.env.SANITY_REVALIDATE_SECRET
    const showEverywhere = (text: string, timeout: number) =>
      expect
        .poll(async () => (await Promise.all(stack.servers.map((server) => pageText(`${server.baseUrl}/legal`)))).map((page) => page.includes(text)), {
          timeout,
          intervals: [100, 250],
        })
        .toEqual(stack.servers.map(() => true))
    // Both processes have the page cached before the publish.
    await showEverywhere(before, 10_000)
    try {
      sentence(legal).text = ` with your name and booking date (policy published ${new Date().toISOString()}).`
      writeDocument(stack.datasetFile, legal)
      expect(await notifyPublish(stack.servers[0].baseUrl, secret, legal)).toBe(200)
      const published = Date.now()
      await showEverywhere(sentence(legal).text.trim(), 5_000)
      expect(Date.now() - published).toBeLessThan(5_000)
    } finally {
      // Without REDIS_URL's shared cache the build's page cache on disk, which the suite's own server
      // reads too, would keep the edited page: put the original back on every process.
      writeDocument(stack.datasetFile, original)
      for (const server of stack.servers) await notifyPublish(server.baseUrl, secret, original)
      await showEverywhere(before, 20_000)
    }
  })

  test("one client's sixth quote request within a minute is refused, whichever process answers", async () => {
    // Through nginx (round robin over both processes): the client is 127.0.0.1 to both.
    for (let n = 1; n <= 5; n++) {
      const response = await post(`${stack.proxy.url}/api/quote-requests`, quoteRequest(n))
      expect(response.status, `quote request ${n}`).toBe(200)
    }
    const sixth = await post(`${stack.proxy.url}/api/quote-requests`, quoteRequest(6))
    expect(sixth.status).toBe(429)
    expect(sixth.headers.get('retry-after')).toMatch(/^\d+$/)
    // Each process on its own, reached as nginx reaches it for this client: both refuse.
    for (const server of stack.servers) {
      const response = await post(`${server.baseUrl}/api/quote-requests`, quoteRequest(7), {'x-forwarded-for': '127.0.0.1'})
      expect(response.status, `process on port ${server.port}`).toBe(429)
    }
    // The limit is this client's, not the site's: another address is still served.
    const other = await post(`${stack.servers[1].baseUrl}/api/quote-requests`, quoteRequest(8), {'x-forwarded-for': '198.51.100.21'})
    expect(other.status).toBe(200)
  })

  test('50 bookings racing for the 3 places of a window across both processes give exactly 3', async () => {
    // The indoor crews' 8–10 window holds 3 bookings (the dataset's Availability document).
    const date = futureDate(40)
    const answers = await Promise.all(
      Array.from({length: 50}, (_, n) =>
        post(`${stack.servers[n % 2].baseUrl}/api/bookings`, houseBooking({date, arrivalWindow: ARRIVAL_WINDOW, email: `race.${n}@example.com`})),
      ),
    )
    const bodies = await Promise.all(answers.map((response) => response.json() as Promise<{ok: boolean; fieldErrors?: Record<string, string>}>))
    expect(bodies.filter((body) => body.ok)).toHaveLength(3)
    // Every other one is told the window is full (not a server error, not a rate limit).
    expect(bodies.filter((body) => !body.ok).map((body) => body.fieldErrors?.arrivalWindow)).toEqual(Array(47).fill('windowFull'))
    const {rows} = await stack.database.pool.query<{n: number}>(
      `select count(*)::int as n from public.bookings where date = $1 and arrival_window = $2 and service_family = 'indoor' and payment_status in ('pending', 'paid')`,
      [date, ARRIVAL_WINDOW],
    )
    expect(rows[0].n).toBe(3)
  })

  test('each e-mail goes out once, though both processes send from the one outbox', async () => {
    // Two paid bookings and two quote requests, half on each process: eight messages in all.
    const days = workingDays()
    const bookings: Acknowledged[] = []
    for (const [n, server] of stack.servers.entries()) {
      const response = await post(`${server.baseUrl}/api/bookings`, commercialBooking({date: days[n + 1], email: `once.${n}@example.com`}))
      expect(response.status).toBe(200)
      bookings.push((await response.json()) as Acknowledged)
      const quote = await post(`${server.baseUrl}/api/quote-requests`, quoteRequest(100 + n), {'x-forwarded-for': `198.51.100.${30 + n}`})
      expect(quote.status).toBe(200)
    }
    for (const booking of bookings) await pay(stack, booking)

    // Once the outbox has nothing left to send, every message it recorded as sent is in the inbox
    // exactly once (a second send would carry the same Message-ID).
    await expect
      .poll(async () => (await stack.database.pool.query<{n: number}>(`select count(*)::int as n from public.email_outbox where status <> 'sent'`)).rows[0].n, {
        timeout: 20_000,
        intervals: [250, 500],
      })
      .toBe(0)
    const {rows: sent} = await stack.database.pool.query<{message_id: string}>(`select message_id from public.email_outbox`)
    const inbox = await readInbox(stack.inbox)
    // Each customer got one confirmation.
    for (const address of ['once.0@example.com', 'once.1@example.com']) expect(inbox.filter((mail) => addressOf(mail.to) === address), address).toHaveLength(1)
    const ids = inbox.map((mail) => mail.messageId)
    expect(ids).toHaveLength(new Set(ids).size)
    expect([...ids].sort()).toEqual(sent.map((row) => row.message_id).sort())
  })

  test('killing one process (SIGKILL) under traffic loses no acknowledged booking, and nginx keeps answering', async () => {
    // Every booking asks for a window of its own (house crews: 4 windows a day), so each can succeed.
    const slots = workingDays()
      .slice(10)
      .flatMap((date) => ['08:00-10:00', '10:00-12:00', '12:00-14:00', '14:00-16:00'].map((arrivalWindow) => ({date, arrivalWindow})))
    const acknowledged: Acknowledged[] = []
    const pageStatuses: number[] = []
    let killedAt = -1
    const victim = stack.servers[0]
    const bookingClient = async () => {
      while (slots.length > 0 && (killedAt < 0 || acknowledged.length < killedAt + 12)) {
        const slot = slots.shift()!
        try {
          const response = await post(`${stack.proxy.url}/api/bookings`, houseBooking({...slot, email: `traffic.${randomUUID().slice(0, 6)}@example.com`}))
          if (response.status === 200) acknowledged.push((await response.json()) as Acknowledged)
        } catch {
          // A connection nginx dropped: not acknowledged.
        }
        if (killedAt < 0 && acknowledged.length >= 8) {
          killedAt = acknowledged.length
          await killServer(victim.child, 'SIGKILL')
        }
      }
    }
    const pageClient = async () => {
      while (killedAt < 0 || acknowledged.length < killedAt + 12) {
        if (slots.length === 0) return
        pageStatuses.push((await fetch(`${stack.proxy.url}/contact`)).status)
      }
    }
    await Promise.all([bookingClient(), bookingClient(), bookingClient(), bookingClient(), pageClient()])
    expect(victim.child.signalCode).toBe('SIGKILL')
    expect(acknowledged.length, 'bookings acknowledged after the kill').toBeGreaterThanOrEqual(killedAt + 12)

    // Every acknowledged booking is in the database.
    const ids = acknowledged.map((booking) => booking.bookingId)
    const {rows} = await stack.database.pool.query<{id: string}>(`select id from public.bookings where id = any($1::uuid[])`, [ids])
    expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort())
    // Pages went on being served through nginx, and still are, from the process left.
    expect(pageStatuses.length).toBeGreaterThan(0)
    expect(pageStatuses.filter((status) => status !== 200)).toEqual([])
    for (let n = 0; n < 6; n++) expect((await fetch(`${stack.proxy.url}/`)).status).toBe(200)
    await pay(stack, acknowledged[acknowledged.length - 1])
  })
})
