import {randomUUID} from 'node:crypto'
import type {PGlite} from '@electric-sql/pglite'
import ICAL from 'ical.js'
import type {AddressObject, ParsedMail} from 'mailparser'
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {renderEmail} from '@/components/email/render'
import {checkoutDescription} from '../booking/flow'
import {bookingPaidFacts} from '../booking/stored'
import {createSqlBookingStore} from '../booking/store/sql-store'
import type {StoredBooking} from '../booking/store/store'
import {houseBooking} from '../booking/store/test-support/fixtures'
import {createSqlDatabaseFunctions} from '../database/sql-functions'
import {clearLeadsAndOutbox, closedPort, openTempPglite, PGLITE_SETUP_TIMEOUT} from '../database/test-support/temp-pglite'
import {submitLead, type LeadFlowDeps} from '../leads/flow'
import {createLeadStore} from '../leads/store'
import {testAvailability} from '../booking/test-support/availability'
import {appointmentSubmission, contactSubmission, fixedClock, quoteSubmission} from '../leads/test-support/submissions'
import {composeMail, type EmailCompany, type EmailWording} from './compose'
import {createOutboxStore} from './outbox'
import {eventEmails} from './queue'
import {createSmtpTransport} from './smtp-transport'
import {emailContentFromDataset} from './test-support/content'
import {startSmtpServer, type LocalSmtpServer, type ReceivedMail} from './test-support/smtp-server'
import type {MailTransport} from './transport'
import {createOutboxWorker, retryDelaySeconds, type OutboxWorkerOptions} from './worker'

/**
 * The e-mail outbox worker end to end: messages queued by the real lead flow and booking store in
 * the embedded database, composed with the content's wording, rendered by the React Email layout,
 * sent with nodemailer to a real SMTP server on loopback and parsed back with mailparser.
 */

const SITE_URL = 'https://cedar-river.example'

let database: Awaited<ReturnType<typeof openTempPglite>>
let db: PGlite
let smtp: LocalSmtpServer
let wording: EmailWording
let company: EmailCompany
const log = {error: vi.fn(), warn: vi.fn()}

// The database and the mail server are real: allow for a busy machine.
vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

beforeAll(async () => {
  database = await openTempPglite()
  db = database.db
  ;({wording, company} = await emailContentFromDataset())
  smtp = await startSmtpServer()
}, PGLITE_SETUP_TIMEOUT)

afterAll(async () => {
  await smtp?.close()
  await database?.close()
})

beforeEach(async () => {
  await clearLeadsAndOutbox(db, {bookings: true})
  smtp.received.length = 0
  log.error.mockReset()
  log.warn.mockReset()
})

function smtpTransport(port = smtp.port): MailTransport {
  return createSmtpTransport({host: '127.0.0.1', port, secure: false})
}

function worker(transport: MailTransport = smtpTransport(), options: Partial<OutboxWorkerOptions> = {}) {
  const functions = createSqlDatabaseFunctions(db)
  return createOutboxWorker({
    outbox: async () => createOutboxStore(functions),
    transport,
    compose: (message) => composeMail(message, {wording, company, siteUrl: SITE_URL, render: renderEmail}),
    options,
    log,
  })
}

function leadDeps(overrides: Partial<LeadFlowDeps> = {}): LeadFlowDeps {
  return {store: createLeadStore(createSqlDatabaseFunctions(db)), now: fixedClock, newId: randomUUID, availability: testAvailability, ...overrides}
}

async function submitted(result: Promise<{ok: boolean; id?: string}>): Promise<string> {
  const answer = await result
  if (!answer.ok || !answer.id) throw new Error(`Not stored: ${JSON.stringify(answer)}`)
  return answer.id
}

/**
 * A house booking priced as the form prices it: Regular Cleaning every other week, 3 bedrooms,
 * 2 bathrooms, 1 half bath, 1 den (spec §9: 92.01 + 3 × 17.53 + 2 × 21.91 + 13.15 + 21.91 = 223.48),
 * extras at $0, tip 15 % = 33.522 → 33.52, parking $10, save10 = $10 off → $257.00.
 */
async function paidHouseBooking(): Promise<StoredBooking> {
  const store = createSqlBookingStore(db)
  const {booking} = await store.createPending(houseBooking({amountCents: 25_700, discountCents: 1000}))
  const paidAt = new Date('2030-02-20T18:30:00.000Z')
  // As the booking flow confirms a payment: the booking paid and its e-mails queued together.
  const emails = eventEmails(bookingPaidFacts(booking, checkoutDescription(booking), paidAt))
  expect(await store.markPaid(booking.id, {sessionId: `cs_test_${randomUUID()}`, paidAt, emails})).toBe('changed')
  return booking
}

/** The booking's reference as the spec of the e-mail describes it: its id's first 8 hex digits, 4-4. */
function referenceOf(id: string): string {
  const hex = id.replaceAll('-', '').toUpperCase()
  return `${hex.slice(0, 4)}-${hex.slice(4, 8)}`
}

function flat(text: string | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ')
}

function address(field: AddressObject | AddressObject[] | undefined): string[] {
  return (Array.isArray(field) ? field : field ? [field] : []).flatMap((entry) => entry.value.map((value) => value.address ?? ''))
}

function findMail(predicate: (mail: ParsedMail) => boolean): ReceivedMail {
  const found = smtp.received.filter((received) => predicate(received.mail))
  if (found.length !== 1) throw new Error(`Expected one such e-mail, found ${found.length}: ${smtp.received.map((r) => r.mail.subject).join(' | ')}`)
  return found[0]
}

async function outboxRows(): Promise<Record<string, unknown>[]> {
  return (await db.query<Record<string, unknown>>(
    `select *, extract(epoch from next_attempt_at - now())::float8 as due_in_seconds from public.email_outbox order by event_key`,
  )).rows
}

async function makeAllDue(): Promise<void> {
  await db.query(`update public.email_outbox set next_attempt_at = now() - interval '1 second' where status = 'pending'`)
}

/** The real SMTP transport, held at its first message until `release()`. */
function heldTransport() {
  const smtpSend = smtpTransport()
  let reached!: () => void
  const sending = new Promise<void>((resolve) => (reached = resolve))
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  const transport: MailTransport = {
    description: smtpSend.description,
    async send(mail) {
      reached()
      await gate
      return smtpSend.send(mail)
    },
  }
  return {transport, sending, release}
}

describe('delivery', () => {
  it('sends every queued message once, records it as sent, and sends nothing more on the next run', async () => {
    await submitted(submitLead('quoteRequest', quoteSubmission(), leadDeps()))
    await submitted(submitLead('contactMessage', contactSubmission(), leadDeps()))
    await submitted(submitLead('appointment', appointmentSubmission(), leadDeps()))
    await paidHouseBooking()

    const w = worker()
    // quote 2, contact 2, estimate request 2, paid booking 2.
    expect(await w.drain()).toEqual({sent: 8, retried: 0, failed: 0})
    expect(smtp.received).toHaveLength(8)
    expect(await w.drain()).toEqual({sent: 0, retried: 0, failed: 0})
    expect(smtp.received).toHaveLength(8)

    const rows = await outboxRows()
    expect(rows.every((row) => row.status === 'sent' && row.sent_at instanceof Date && row.attempts === 1)).toBe(true)
    expect(rows.map((row) => row.message_id).sort()).toEqual(smtp.received.map((received) => received.mail.messageId).sort())
    expect(new Set(smtp.received.map((received) => received.mail.messageId)).size).toBe(8)
    expect(log.error).not.toHaveBeenCalled()
  })

  it("quote request: the business gets every field and the page, answering goes to the customer; the customer an acknowledgement", async () => {
    await submitted(submitLead('quoteRequest', quoteSubmission(), leadDeps()))
    expect(await worker().drain()).toMatchObject({sent: 2})

    const business = findMail((mail) => address(mail.to).includes(company.email))
    expect(business.envelope.to).toEqual([company.email])
    expect(address(business.mail.replyTo)).toEqual(['ada.ohara@example.com'])
    expect(address(business.mail.from)).toEqual([company.email])
    expect(business.mail.subject).toBe("New quote request: Roof Cleaning from Ada O'Hara")
    const text = flat(business.mail.text)
    for (const value of [
      'Ada',
      "O'Hara",
      '(425) 555-0142',
      'ada.ohara@example.com',
      '98056',
      '2400',
      'Moss removal on the north side, and the downspouts; gutters too — ✓ Ünïcödé',
      'A friend or neighbor',
      'Roof Cleaning',
      `${SITE_URL}/roof-cleaning`,
      'January 10, 2027',
    ]) {
      expect(text).toContain(value)
    }
    expect(business.mail.html).toContain('ada.ohara@example.com')
    expect(business.mail.html).toContain('Ünïcödé')

    const customer = findMail((mail) => address(mail.to).includes('ada.ohara@example.com'))
    expect(customer.envelope.to).toEqual(['ada.ohara@example.com'])
    expect(address(customer.mail.replyTo)).toEqual([company.email])
    expect(customer.mail.subject).toBe('We received your quote request')
    const customerText = flat(customer.mail.text)
    // The heading (upper case in the plain-text part, as headings are).
    expect(customer.mail.html).toContain('Thanks for your request, Ada')
    expect(customerText).toMatch(/Thanks for your request, Ada/i)
    // A reference instead of what was typed (the address is nobody's confirmed one).
    expect(customerText).toMatch(/reference [0-9A-F]{4}-[0-9A-F]{4}/)
    for (const typed of ["O'Hara", 'Moss removal', 'A friend or neighbor', '2400', '98056', 'Roof Cleaning']) expect(customerText).not.toContain(typed)
    expect(customerText).toContain('within one business day')
    expect(customerText).toContain(company.phone)
    // Nothing of the business's view (the page address) in the customer's mail.
    expect(customerText).not.toContain(`${SITE_URL}/roof-cleaning`)
  })

  it('contact message: the business gets the message with its lines, the customer an acknowledgement', async () => {
    await submitted(submitLead('contactMessage', contactSubmission(), leadDeps()))
    await worker().drain()
    const business = findMail((mail) => address(mail.to).includes(company.email))
    expect(business.mail.subject).toBe('New message from Grace Hopper')
    expect(address(business.mail.replyTo)).toEqual(['grace@example.net'])
    expect(business.mail.text).toMatch(/Do you clean/)
    expect(flat(business.mail.text)).toContain('boat decks? Thanks, "G"; 100% sure')
    expect(flat(business.mail.text)).toContain('(206) 555-0199')
    expect(flat(business.mail.text)).toContain(`${SITE_URL}/contact`)

    const customer = findMail((mail) => address(mail.to).includes('grace@example.net'))
    expect(customer.mail.subject).toBe('We received your message')
    expect(customer.mail.html).toContain('Thanks for getting in touch, Grace')
    // The company's name ends with a full stop: the sentence still ends with one, not two.
    expect(company.companyName).toBe('Cedar River Cleaning Co.')
    expect(flat(customer.mail.text)).toContain('Your message has reached our team at Cedar River Cleaning Co. ')
    expect(customer.mail.text).not.toContain('Co..')
  })

  it('in-home estimate request: the business gets every field (answering goes to the customer); the customer an acknowledgement that repeats nothing typed', async () => {
    await submitted(submitLead('appointment', appointmentSubmission(), leadDeps()))
    expect(await worker().drain()).toEqual({sent: 2, retried: 0, failed: 0})

    const business = findMail((mail) => address(mail.to).includes(company.email))
    expect(address(business.mail.replyTo)).toEqual(['katherine.johnson@example.org'])
    expect(business.mail.subject).toBe('New in-home estimate request: Post-construction cleaning from Katherine Johnson')
    const text = flat(business.mail.text)
    for (const value of [
      'Katherine Johnson',
      '(425) 555-0100',
      'katherine.johnson@example.org',
      '1200 Lake Washington Blvd N, Apt 4, 98056',
      'Post-construction cleaning',
      'February 3, 2027',
      '9:00 AM – 11:00 AM',
      'Video walk-through',
      'New drywall dust in every room; the gate code is 1234.',
      `${SITE_URL}/appointment`,
    ]) {
      expect(text).toContain(value)
    }
    expect(text).not.toMatch(/patient|doctor|gender/i)

    const customer = findMail((mail) => address(mail.to).includes('katherine.johnson@example.org'))
    expect(customer.envelope.to).toEqual(['katherine.johnson@example.org'])
    expect(address(customer.mail.replyTo)).toEqual([company.email])
    expect(customer.mail.subject).toBe(wording.estimateRequestReceived.subject)
    const customerText = flat(customer.mail.text)
    // What the site offered, and what happens next: the office calls to confirm the time.
    expect(customerText).toContain('February 3, 2027, 9:00 AM – 11:00 AM')
    expect(customerText).toContain('call you')
    expect(customerText).toContain(company.phone)
    // Sent to an address nobody has confirmed: nothing the visitor typed comes back in it.
    for (const typed of ['Katherine', 'Johnson', '555-0100', 'Lake Washington', '98056', 'drywall', 'gate code', 'Post-construction']) {
      expect(customerText).not.toContain(typed)
      expect(customer.mail.html).not.toContain(typed)
    }
  })

  it('an appointment request of the earlier form, queued before the site changed, is still sent to the business', async () => {
    await db.query(
      `insert into public.email_outbox (event_key, template, to_address, reply_to, payload) values ($1, 'appointment.business', null, null, $2)`,
      [
        `appointment:${randomUUID()}:business`,
        JSON.stringify({
          kind: 'appointment',
          id: randomUUID(),
          patientName: 'Katherine Johnson',
          patientPhone: '4255550100',
          patientGender: 'private',
          appointmentTime: '2027-02-03T18:30:00.000Z',
          appointmentLocal: '2027-02-03T10:30',
          preferredMode: 'video',
          pagePath: '/appointment',
          submittedAt: '2027-01-10T20:00:00.000Z',
        }),
      ],
    )
    expect(await worker().drain()).toEqual({sent: 1, retried: 0, failed: 0})
    const [only] = smtp.received
    expect(only.envelope.to).toEqual([company.email])
    expect(only.mail.subject).toBe('Appointment request from Katherine Johnson (earlier form)')
    expect(flat(only.mail.text)).toContain('February 3, 2027 at 10:30 AM')
  })

  it('paid booking: the customer confirmation has the reference, service, date, address, every charge, the total, the phone, the 24-hour notice and a calendar file', async () => {
    const booking = await paidHouseBooking()
    await worker().drain()
    const reference = referenceOf(booking.id)
    const customer = findMail((mail) => address(mail.to).includes('ada.ohara@example.com'))
    expect(customer.mail.subject).toBe(`Your booking is confirmed: House Cleaning – Regular Cleaning, Every Other Week (${reference})`)
    const text = flat(customer.mail.text)
    for (const value of [
      reference,
      'House Cleaning – Regular Cleaning, Every Other Week',
      'February 28, 2030',
      '1200 Lake Washington Blvd N, Renton, WA 98056',
      // every charge (spec §9 rates, every other week) and the total
      '$92.01',
      '$52.59',
      '$43.82',
      '$13.15',
      '$21.91',
      '$33.52',
      '$10.00',
      'save10',
      '$257.00',
      company.phone,
      '24 hours',
    ]) {
      expect(text).toContain(value)
    }
    expect(text).toMatch(/Tip \(15%\)\s+\$33\.52/)
    expect(text).toMatch(/Parking\s+\$10\.00/)
    expect(text).toMatch(/Total paid\s+\$257\.00/)
    expect(text).toContain('Thank you, Ada!')

    const [calendar, ...others] = customer.mail.attachments
    expect(others).toHaveLength(0)
    expect(calendar.contentType).toBe('text/calendar')
    expect(calendar.filename).toBe(`booking-${reference}.ics`)
    const vevent = new ICAL.Component(ICAL.parse(calendar.content.toString('utf8'))).getFirstSubcomponent('vevent')
    if (!vevent) throw new Error('No VEVENT in the calendar file')
    const start = vevent.getFirstPropertyValue('dtstart') as ICAL.Time
    expect(start.isDate).toBe(true)
    expect(start.toString()).toBe('2030-02-28')
    expect((vevent.getFirstPropertyValue('dtend') as ICAL.Time).toString()).toBe('2030-03-01')
    expect(vevent.getFirstPropertyValue('summary')).toBe(`House Cleaning – Regular Cleaning, Every Other Week (${company.companyName})`)
    expect(vevent.getFirstPropertyValue('uid')).toBe(`${booking.id}@cedar-river.example`)
    expect(vevent.getFirstPropertyValue('location')).toBe('1200 Lake Washington Blvd N, Renton, WA 98056')
    expect(vevent.getFirstPropertyValue('description')).toContain(reference)
    expect(vevent.getFirstPropertyValue('description')).toContain('24 hours')

    const business = findMail((mail) => address(mail.to).includes(company.email))
    expect(business.mail.subject).toBe(`Paid booking ${reference}: House Cleaning – Regular Cleaning, Every Other Week for Ada O'Hara`)
    expect(address(business.mail.replyTo)).toEqual(['ada.ohara@example.com'])
    expect(business.mail.attachments).toHaveLength(0)
    const businessText = flat(business.mail.text)
    for (const value of ['(425) 555-0142', 'ada.ohara@example.com', 'Needs Extra Attention', 'Paid Parking Available Nearby', 'Gate code 4321', '$257.00', 'Blinds × 2']) {
      expect(businessText).toContain(value)
    }
  })

  it('two workers (two server processes on one database) draining at once send each message once', async () => {
    for (let i = 0; i < 6; i++) await submitted(submitLead('contactMessage', contactSubmission({name: `Person ${i} Smith`}), leadDeps()))
    const results = await Promise.all([worker(smtpTransport(), {batchSize: 2}).drain(), worker(smtpTransport(), {batchSize: 2}).drain()])
    expect(results[0].sent + results[1].sent).toBe(12)
    expect(smtp.received).toHaveLength(12)
    expect(new Set(smtp.received.map((received) => received.mail.messageId)).size).toBe(12)
  })
})

describe('failures and retries', () => {
  it('with SMTP down: the failure is recorded with back-off and nothing is lost; once SMTP is back and the retry is due, it goes out exactly once', async () => {
    const port = await closedPort()
    await submitted(submitLead('quoteRequest', quoteSubmission(), leadDeps()))
    const w = worker(smtpTransport(port), {retryBaseSeconds: 30})

    expect(await w.drain()).toEqual({sent: 0, retried: 2, failed: 0})
    let rows = await outboxRows()
    expect(rows).toHaveLength(2)
    for (const row of rows) {
      expect(row).toMatchObject({status: 'pending', attempts: 1, lock_token: null, sent_at: null})
      expect(String(row.last_error)).toMatch(/ECONNREFUSED/)
      // Retry in retryBaseSeconds after the first failure.
      expect(row.due_in_seconds).toBeGreaterThan(15)
      expect(row.due_in_seconds).toBeLessThanOrEqual(30)
    }
    expect(log.warn).toHaveBeenCalledTimes(2)
    // Not due yet: a run now sends nothing and counts no attempt.
    expect(await w.drain()).toEqual({sent: 0, retried: 0, failed: 0})

    const back = await startSmtpServer({port})
    try {
      expect(await w.drain()).toEqual({sent: 0, retried: 0, failed: 0})
      expect(back.received).toHaveLength(0)
      await makeAllDue()
      expect(await w.drain()).toEqual({sent: 2, retried: 0, failed: 0})
      expect(await w.drain()).toEqual({sent: 0, retried: 0, failed: 0})
      expect(back.received.map((received) => received.mail.subject).sort()).toEqual(['New quote request: Roof Cleaning from Ada O\'Hara', 'We received your quote request'])
      rows = await outboxRows()
      expect(rows.map((row) => [row.status, row.attempts])).toEqual([
        ['sent', 2],
        ['sent', 2],
      ])
    } finally {
      await back.close()
    }
  })

  it('backs off more after each failure', async () => {
    const port = await closedPort()
    await submitted(submitLead('appointment', appointmentSubmission(), leadDeps()))
    const w = worker(smtpTransport(port), {retryBaseSeconds: 30, retryMaxSeconds: 3600})
    for (const expected of [30, 60, 120]) {
      await makeAllDue()
      expect(await w.drain()).toEqual({sent: 0, retried: 2, failed: 0})
      for (const row of await outboxRows()) {
        expect(row.due_in_seconds).toBeGreaterThan(expected - 15)
        expect(row.due_in_seconds).toBeLessThanOrEqual(expected)
      }
    }
  })

  it('gives a message up after maxAttempts: failed, logged, never sent later', async () => {
    const port = await closedPort()
    await submitted(submitLead('appointment', appointmentSubmission(), leadDeps()))
    const w = worker(smtpTransport(port), {maxAttempts: 2})
    expect(await w.drain()).toEqual({sent: 0, retried: 2, failed: 0})
    await makeAllDue()
    expect(await w.drain()).toEqual({sent: 0, retried: 0, failed: 2})
    for (const row of await outboxRows()) expect(row).toMatchObject({status: 'failed', attempts: 2})
    expect(log.error).toHaveBeenCalledWith(expect.stringMatching(/given up/))

    const back = await startSmtpServer({port})
    try {
      await makeAllDue()
      expect(await w.drain()).toEqual({sent: 0, retried: 0, failed: 0})
      expect(back.received).toHaveLength(0)
    } finally {
      await back.close()
    }
  })

  it('a recipient the SMTP server refuses is retried with the reply recorded; the other message goes out', async () => {
    const picky = await startSmtpServer({refuseRecipient: (to) => (to === 'ada.ohara@example.com' ? {code: 550, message: 'No such user here'} : null)})
    try {
      await submitted(submitLead('quoteRequest', quoteSubmission(), leadDeps()))
      expect(await worker(smtpTransport(picky.port)).drain()).toEqual({sent: 1, retried: 1, failed: 0})
      expect(picky.received.map((received) => received.envelope.to)).toEqual([[company.email]])
      const customer = (await outboxRows()).find((row) => row.to_address === 'ada.ohara@example.com')
      expect(customer).toMatchObject({status: 'pending', attempts: 1})
      expect(String(customer?.last_error)).toMatch(/550/)
      expect(String(customer?.last_error)).toMatch(/No such user here/)
    } finally {
      await picky.close()
    }
  })

  it('a server killed after claiming, before sending: the message goes out once its claim runs out', async () => {
    await submitted(submitLead('contactMessage', contactSubmission(), leadDeps()))
    // The dead worker's claim (it never sent nor recorded anything).
    const claimed = await createOutboxStore(createSqlDatabaseFunctions(db)).claim(10, 120)
    expect(claimed).toHaveLength(2)

    const restarted = worker()
    expect(await restarted.drain()).toEqual({sent: 0, retried: 0, failed: 0})
    expect(smtp.received).toHaveLength(0)

    await db.query(`update public.email_outbox set locked_until = now() - interval '1 second'`)
    expect(await restarted.drain()).toEqual({sent: 2, retried: 0, failed: 0})
    expect(smtp.received).toHaveLength(2)
    expect((await outboxRows()).map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ])
  })

  it('a message that cannot be composed is retried without holding up the others', async () => {
    await submitted(submitLead('contactMessage', contactSubmission(), leadDeps()))
    // A customer message for an appointment of the earlier form, which had no customer address: composeMail refuses it.
    await db.query(
      `insert into public.email_outbox (event_key, template, to_address, payload)
       values ('appointment:broken', 'appointment.customer', 'nobody@example.com', $1)`,
      [JSON.stringify({kind: 'appointment', id: randomUUID(), patientName: 'Katherine Johnson', patientPhone: '4255550100', patientGender: 'private', appointmentTime: '2027-02-03T18:30:00.000Z', appointmentLocal: '2027-02-03T10:30', preferredMode: 'video', pagePath: '/appointment', submittedAt: '2027-01-10T20:00:00.000Z'})],
    )
    expect(await worker().drain()).toEqual({sent: 2, retried: 1, failed: 0})
    const broken = (await outboxRows()).find((row) => String(row.event_key).endsWith(':broken'))
    expect(broken).toMatchObject({status: 'pending', attempts: 1})
    expect(String(broken?.last_error)).toMatch(/No customer e-mail/)
  })
})

describe('running in the server', () => {
  it('start() sends what was queued before the start (after a restart), and kick() what is queued later', async () => {
    await submitted(submitLead('contactMessage', contactSubmission(), leadDeps()))
    const w = worker(smtpTransport(), {pollMs: 60_000})
    w.start()
    try {
      await vi.waitFor(() => expect(smtp.received).toHaveLength(2), {timeout: 30_000, interval: 20})
      // A submission stored while the worker runs wakes it (the flow's afterStored).
      await submitted(submitLead('appointment', appointmentSubmission(), leadDeps({afterStored: () => w.kick()})))
      await vi.waitFor(() => expect(smtp.received).toHaveLength(4), {timeout: 30_000, interval: 20})
      expect(smtp.received.map((received) => received.mail.subject)).toContain('New in-home estimate request: Post-construction cleaning from Katherine Johnson')
    } finally {
      w.stop()
    }
    await vi.waitFor(async () => expect((await outboxRows()).every((row) => row.status === 'sent')).toBe(true), {timeout: 30_000, interval: 20})
  })

  it('drain() while a run is under way waits for it and runs once more, so nothing queued meanwhile is left behind', async () => {
    await submitted(submitLead('contactMessage', contactSubmission(), leadDeps()))
    // Held at its first message until the test has stored another submission.
    const {transport, sending, release} = heldTransport()
    const w = worker(transport)
    const first = w.drain()
    await sending
    await submitted(submitLead('appointment', appointmentSubmission(), leadDeps()))
    const second = w.drain()
    release()
    const [a, b] = await Promise.all([first, second])
    expect(a).toBe(b)
    expect(a).toEqual({sent: 4, retried: 0, failed: 0})
    expect(smtp.received).toHaveLength(4)
  })
})

describe('stopping with the server (SIGTERM)', () => {
  it('finishes the message being sent, hands back the rest of its claims, and another process sends them at once', async () => {
    await submitted(submitLead('contactMessage', contactSubmission(), leadDeps()))
    await submitted(submitLead('quoteRequest', quoteSubmission(), leadDeps()))
    const held = heldTransport()
    const stopping = worker(held.transport, {batchSize: 4})
    const run = stopping.drain()
    await held.sending
    // All four are claimed by the stopping process; one is on its way to the mail server.
    expect((await outboxRows()).every((row) => row.lock_token !== null)).toBe(true)
    const shutdown = stopping.shutdown(10_000)
    held.release()
    expect(await shutdown).toEqual({released: 3, sendStillUnderWay: false})
    expect(await run).toEqual({sent: 1, retried: 0, failed: 0})
    const rows = await outboxRows()
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(1)
    const handedBack = rows.filter((row) => row.status === 'pending')
    expect(handedBack).toHaveLength(3)
    for (const row of handedBack) expect(row).toMatchObject({lock_token: null, locked_until: null, attempts: 0})
    // Another server process, long before the 120 s lease would have run out.
    expect(await worker().drain()).toEqual({sent: 3, retried: 0, failed: 0})
    expect(smtp.received).toHaveLength(4)
    expect(new Set(smtp.received.map((received) => received.mail.messageId)).size).toBe(4)
  })

  it('a send still under way when the grace ends keeps its claim (it may have reached the mail server); the others are handed back', async () => {
    await submitted(submitLead('contactMessage', contactSubmission(), leadDeps()))
    const held = heldTransport()
    const stopping = worker(held.transport, {batchSize: 3})
    const run = stopping.drain()
    await held.sending
    expect(await stopping.shutdown(50)).toEqual({released: 1, sendStillUnderWay: true})
    const rows = await outboxRows()
    expect(rows.filter((row) => row.lock_token !== null)).toHaveLength(1)
    expect(rows.filter((row) => row.lock_token === null && row.status === 'pending')).toHaveLength(1)
    held.release()
    await run
  })

  it('claims nothing once stopped: a wake-up or a drain after the shutdown leaves the outbox to the other processes', async () => {
    const stopping = worker()
    expect(await stopping.shutdown()).toEqual({released: 0, sendStillUnderWay: false})
    await submitted(submitLead('contactMessage', contactSubmission(), leadDeps()))
    stopping.kick()
    expect(await stopping.drain()).toEqual({sent: 0, retried: 0, failed: 0})
    expect((await outboxRows()).map((row) => [row.status, row.lock_token, row.attempts])).toEqual([
      ['pending', null, 0],
      ['pending', null, 0],
    ])
    expect(smtp.received).toHaveLength(0)
  })
})

describe('retryDelaySeconds', () => {
  const options = {retryBaseSeconds: 30, retryMaxSeconds: 3600}

  it('starts at the base and doubles with each attempt', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((attempts) => retryDelaySeconds(attempts, options))).toEqual([30, 60, 120, 240, 480, 960, 1920])
  })

  it('stops at the maximum', () => {
    expect(retryDelaySeconds(8, options)).toBe(3600) // 3840 capped
    expect(retryDelaySeconds(20, options)).toBe(3600)
    expect(retryDelaySeconds(1000, options)).toBe(3600)
  })

  it('is at least a second, also for a base below one or no attempt yet', () => {
    expect(retryDelaySeconds(1, {retryBaseSeconds: 0.2, retryMaxSeconds: 10})).toBe(1)
    expect(retryDelaySeconds(0, options)).toBe(30)
  })
})

describe('settings from the environment', () => {
  it('works with a lease given in fractions of a second (EMAIL_OUTBOX_LEASE_SECONDS=0.5)', async () => {
    await submitted(submitLead('appointment', appointmentSubmission(), leadDeps()))
    expect(await worker(smtpTransport(), {leaseSeconds: 0.5, retryBaseSeconds: 0.5}).drain()).toEqual({sent: 2, retried: 0, failed: 0})
    expect(smtp.received).toHaveLength(2)
    expect(log.error).not.toHaveBeenCalled()
  })
})
