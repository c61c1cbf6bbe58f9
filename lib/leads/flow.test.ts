import {randomUUID} from 'node:crypto'
import {PGlite} from '@electric-sql/pglite'
import {beforeEach, describe, expect, it, vi} from 'vitest'
import {embeddedDatabaseForTests} from '../database/test-support/opened-for-tests'
import {unreachableDatabaseForTests} from '../database/test-support/opened-for-tests'
import {createSqlDatabaseFunctions} from '../database/sql-functions'
import {clearLeadsAndOutbox, PGLITE_SETUP_TIMEOUT} from '../database/test-support/temp-pglite'
import {isHoneypotFilled, submitLead, type LeadFlowDeps, type LeadResult} from './flow'
import {createLeadStore} from './store'
import {testAvailability} from '../booking/test-support/availability'
import {
  appointmentSubmission,
  contactSubmission,
  FIXED_NOW,
  fixedClock,
  LEAD_FORMS,
  quoteSubmission,
  VISIT_DATE,
  VISIT_STARTS_AT,
  VISIT_WINDOW,
} from './test-support/submissions'

/**
 * The lead flow on the embedded database (PGlite with the migrations of supabase/migrations): what
 * a visitor sends is validated, stored with its e-mails in one transaction, and only then answered.
 */

const db = embeddedDatabaseForTests()
const store = createLeadStore(createSqlDatabaseFunctions(db))
const log = {error: vi.fn()}
const afterStored = vi.fn()

// The database and the mail server are real: allow for a busy machine.
vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

beforeEach(async () => {
  await clearLeadsAndOutbox(db)
  log.error.mockReset()
  afterStored.mockReset()
})

function deps(overrides: Partial<LeadFlowDeps> = {}): LeadFlowDeps {
  return {store, now: fixedClock, newId: randomUUID, availability: testAvailability, afterStored, log, ...overrides}
}

async function rows(table: string): Promise<Record<string, unknown>[]> {
  return (await db.query<Record<string, unknown>>(`select * from public.${table} order by created_at`)).rows
}

async function outbox(): Promise<Record<string, unknown>[]> {
  return (await db.query<Record<string, unknown>>('select * from public.email_outbox order by event_key')).rows
}

async function storedCount(): Promise<number> {
  const {rows} = await db.query<{n: number}>(
    `select (select count(*) from public.quote_requests) + (select count(*) from public.contact_messages)
      + (select count(*) from public.appointments) + (select count(*) from public.email_outbox) as n`,
  )
  return Number(rows[0].n)
}

function expectStored(result: LeadResult): string {
  if (!result.ok) throw new Error(`Expected the submission to be stored, got ${JSON.stringify(result)}`)
  return result.id
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('a valid submission is stored with every field and its page, and its e-mails are queued', () => {
  it('quote request: the business is told (answers go to the customer) and the customer is acknowledged', async () => {
    const input = quoteSubmission()
    const id = expectStored(await submitLead('quoteRequest', input, deps()))
    expect(id).toMatch(UUID)

    const [row, ...others] = await rows('quote_requests')
    expect(others).toHaveLength(0)
    expect(row).toEqual({
      id,
      submission_key: input.submissionKey,
      first_name: 'Ada',
      last_name: "O'Hara",
      phone: '4255550142',
      email: 'ada.ohara@example.com',
      zip_code: '98056',
      square_footage: 2400,
      desired_services: 'Moss removal on the north side,\nand the downspouts; gutters too — ✓ Ünïcödé',
      heard_about_us: 'A friend or neighbor',
      terms_accepted_at: FIXED_NOW,
      page_path: '/roof-cleaning',
      page_title: 'Roof Cleaning',
      created_at: expect.any(Date),
    })

    const facts = {
      kind: 'quote_request',
      id,
      firstName: 'Ada',
      lastName: "O'Hara",
      phone: '4255550142',
      email: 'ada.ohara@example.com',
      zipCode: '98056',
      squareFootage: 2400,
      desiredServices: 'Moss removal on the north side,\nand the downspouts; gutters too — ✓ Ünïcödé',
      heardAboutUs: 'A friend or neighbor',
      pagePath: '/roof-cleaning',
      pageTitle: 'Roof Cleaning',
      submittedAt: '2027-01-10T20:00:00.000Z',
    }
    expect(await outbox()).toEqual([
      expect.objectContaining({
        event_key: `quote_request:${id}:business`,
        template: 'quote_request.business',
        to_address: null,
        reply_to: 'ada.ohara@example.com',
        payload: facts,
        status: 'pending',
        attempts: 0,
        sent_at: null,
      }),
      expect.objectContaining({
        event_key: `quote_request:${id}:customer`,
        template: 'quote_request.customer',
        to_address: 'ada.ohara@example.com',
        reply_to: null,
        payload: facts,
        status: 'pending',
        attempts: 0,
      }),
    ])
    expect(afterStored).toHaveBeenCalledTimes(1)
  })

  it('quote request with the optional fields left empty: stored as null', async () => {
    const input = quoteSubmission({squareFootage: '', desiredServices: '  ', heardAboutUs: undefined, page: {path: '/commercial-cleaning'}})
    const id = expectStored(await submitLead('quoteRequest', input, deps()))
    const [row] = await rows('quote_requests')
    expect(row).toMatchObject({id, square_footage: null, desired_services: null, heard_about_us: null, page_path: '/commercial-cleaning', page_title: null})
    const [business] = await outbox()
    expect(business.payload).toMatchObject({squareFootage: null, desiredServices: null, heardAboutUs: null, pageTitle: null})
  })

  it('contact message from the home page and from the contact page', async () => {
    const fromHome = contactSubmission({page: {path: '/'}, name: 'Ann Lee', email: 'ann@example.com', phone: '425 555 0111', message: 'Hello from home'})
    const fromContact = contactSubmission()
    const homeId = expectStored(await submitLead('contactMessage', fromHome, deps({now: () => new Date('2027-01-10T20:00:00Z')})))
    const contactId = expectStored(await submitLead('contactMessage', fromContact, deps({now: () => new Date('2027-01-10T20:05:00Z')})))

    expect(await rows('contact_messages')).toEqual([
      {
        id: homeId,
        submission_key: fromHome.submissionKey,
        name: 'Ann Lee',
        email: 'ann@example.com',
        phone: '4255550111',
        message: 'Hello from home',
        page_path: '/',
        created_at: expect.any(Date),
      },
      {
        id: contactId,
        submission_key: fromContact.submissionKey,
        name: 'Grace Hopper',
        email: 'grace@example.net',
        phone: '2065550199',
        message: 'Do you clean\r\nboat decks?\n\tThanks, "G"; 100% sure',
        page_path: '/contact',
        created_at: expect.any(Date),
      },
    ])

    const queued = (await outbox()).filter((row) => String(row.event_key).startsWith(`contact_message:${contactId}:`))
    const facts = {
      kind: 'contact_message',
      id: contactId,
      name: 'Grace Hopper',
      email: 'grace@example.net',
      phone: '2065550199',
      message: 'Do you clean\r\nboat decks?\n\tThanks, "G"; 100% sure',
      pagePath: '/contact',
      submittedAt: '2027-01-10T20:05:00.000Z',
    }
    expect(queued).toEqual([
      expect.objectContaining({template: 'contact_message.business', to_address: null, reply_to: 'grace@example.net', payload: facts}),
      expect.objectContaining({template: 'contact_message.customer', to_address: 'grace@example.net', reply_to: null, payload: facts}),
    ])
    expect(await outbox()).toHaveLength(4)
  })

  it('in-home estimate request: stored with every field; the business is told (answers go to the customer) and the customer is acknowledged', async () => {
    const input = appointmentSubmission()
    const id = expectStored(await submitLead('appointment', input, deps()))
    expect(await rows('appointments')).toEqual([
      expect.objectContaining({
        id,
        submission_key: input.submissionKey,
        full_name: 'Katherine Johnson',
        phone: '4255550100',
        email: 'katherine.johnson@example.org',
        address: '1200 Lake Washington Blvd N, Apt 4',
        zip_code: '98056',
        service: 'Post-construction cleaning',
        visit_date: new Date(`${VISIT_DATE}T00:00:00Z`),
        visit_window: VISIT_WINDOW,
        visit_starts_at: new Date(VISIT_STARTS_AT),
        walkthrough: 'video',
        notes: 'New drywall dust in every room;\nthe gate code is 1234.',
        page_path: '/appointment',
        // The earlier health form's fields stay empty for a new request.
        patient_name: null,
        patient_gender: null,
      }),
    ])
    const facts = {
      kind: 'estimate_request',
      id,
      fullName: 'Katherine Johnson',
      phone: '4255550100',
      email: 'katherine.johnson@example.org',
      address: '1200 Lake Washington Blvd N, Apt 4',
      zipCode: '98056',
      service: 'Post-construction cleaning',
      visitDate: VISIT_DATE,
      visitWindow: VISIT_WINDOW,
      walkthrough: 'video',
      notes: 'New drywall dust in every room;\nthe gate code is 1234.',
      pagePath: '/appointment',
      submittedAt: '2027-01-10T20:00:00.000Z',
    }
    expect(await outbox()).toEqual([
      expect.objectContaining({event_key: `estimate_request:${id}:business`, template: 'estimate_request.business', to_address: null, reply_to: 'katherine.johnson@example.org', payload: facts}),
      expect.objectContaining({event_key: `estimate_request:${id}:customer`, template: 'estimate_request.customer', to_address: 'katherine.johnson@example.org', reply_to: null, payload: facts}),
    ])
  })

  it('in-home estimate request: a day or window the estimate crew does not offer is refused beside its field, and nothing is stored', async () => {
    // A Sunday (no working day), a day before the lead time, a day past the horizon, a window the day does not have.
    for (const [overrides, fieldErrors] of [
      [{visitDate: '2027-02-07'}, {visitDate: 'visitDateUnavailable'}],
      [{visitDate: '2027-01-10'}, {visitDate: 'visitDateUnavailable'}],
      [{visitDate: '2027-06-02'}, {visitDate: 'visitDateUnavailable'}],
      [{visitWindow: '07:00-09:00'}, {visitWindow: 'visitWindowUnavailable'}],
    ] as const) {
      expect(await submitLead('appointment', appointmentSubmission(overrides), deps())).toEqual({ok: false, kind: 'validation', fieldErrors})
    }
    expect(await storedCount()).toBe(0)
  })
})

describe('the honeypot', () => {
  it.each([
    ['quoteRequest', quoteSubmission],
    ['contactMessage', contactSubmission],
    ['appointment', appointmentSubmission],
  ] as const)("refuses a %s whose hidden 'website' field is filled in, and stores nothing", async (kind, make) => {
    for (const website of ['https://spam.example', ' ', 'x']) {
      expect(await submitLead(kind, make({website}), deps())).toEqual({ok: false, kind: 'spam'})
    }
    // Filled in and invalid besides: still spam, so a bot learns nothing about the fields.
    expect(await submitLead(kind, {website: 'https://spam.example'}, deps())).toEqual({ok: false, kind: 'spam'})
    expect(await storedCount()).toBe(0)
    expect(afterStored).not.toHaveBeenCalled()
  })

  it('counts only a value as filled: missing, null and empty are a person', () => {
    expect(isHoneypotFilled({website: ''})).toBe(false)
    expect(isHoneypotFilled({website: null})).toBe(false)
    expect(isHoneypotFilled({})).toBe(false)
    expect(isHoneypotFilled(null)).toBe(false)
    expect(isHoneypotFilled('website')).toBe(false)
    expect(isHoneypotFilled({website: 'a'})).toBe(true)
    expect(isHoneypotFilled({website: 0})).toBe(true)
  })
})

describe('invalid input', () => {
  it('answers the message key of each field and stores nothing', async () => {
    expect(await submitLead('quoteRequest', quoteSubmission({firstName: '', phone: '555-0142', termsAccepted: false}), deps())).toEqual({
      ok: false,
      kind: 'validation',
      fieldErrors: {firstName: 'firstNameRequired', phone: 'phoneInvalid', termsAccepted: 'termsRequired'},
    })
    expect(await submitLead('contactMessage', contactSubmission({email: 'grace@', message: ''}), deps())).toEqual({
      ok: false,
      kind: 'validation',
      fieldErrors: {email: 'emailInvalid', message: 'messageRequired'},
    })
    expect(await submitLead('appointment', appointmentSubmission({fullName: '', address: ' ', walkthrough: 'phone'}), deps())).toEqual({
      ok: false,
      kind: 'validation',
      fieldErrors: {fullName: 'nameRequired', address: 'addressRequired', walkthrough: 'walkthroughRequired'},
    })
    expect(await storedCount()).toBe(0)
    expect(afterStored).not.toHaveBeenCalled()
  })
})

describe('the same submission twice', () => {
  it.each(LEAD_FORMS)('%s: one row, one set of e-mails, the same id', async (kind, make, table, emails) => {
    const input = make()
    const first = expectStored(await submitLead(kind, input, deps()))
    // A retry after a lost answer, a double click: same submission key (and a new server id).
    const second = expectStored(await submitLead(kind, {...input}, deps({now: () => new Date('2027-01-10T20:01:00Z')})))
    expect(second).toBe(first)
    expect(await rows(table)).toHaveLength(1)
    expect(await outbox()).toHaveLength(emails)
    expect(afterStored).toHaveBeenCalledTimes(1)
  })

  it('five at once store one', async () => {
    const input = quoteSubmission()
    const results = await Promise.all(Array.from({length: 5}, () => submitLead('quoteRequest', {...input}, deps())))
    expect(new Set(results.map(expectStored)).size).toBe(1)
    expect(await rows('quote_requests')).toHaveLength(1)
    expect(await outbox()).toHaveLength(2)
  })

  it('two different submissions are two', async () => {
    const a = expectStored(await submitLead('contactMessage', contactSubmission(), deps()))
    const b = expectStored(await submitLead('contactMessage', contactSubmission(), deps()))
    expect(a).not.toBe(b)
    expect(await rows('contact_messages')).toHaveLength(2)
    expect(await outbox()).toHaveLength(4)
  })
})

describe('the database unavailable', () => {
  const deadDatabase = unreachableDatabaseForTests()

  it("answers 'unavailable' and logs why; the same submission is stored once the database is back", async () => {
    const unreachable = createLeadStore(createSqlDatabaseFunctions(deadDatabase))
    const input = quoteSubmission()
    expect(await submitLead('quoteRequest', input, deps({store: unreachable}))).toEqual({ok: false, kind: 'unavailable'})
    expect(log.error).toHaveBeenCalledTimes(1)
    expect(String(log.error.mock.calls[0][1])).toMatch(/ECONNREFUSED|connect/i)
    expect(afterStored).not.toHaveBeenCalled()

    // The visitor kept what they typed and sends it again.
    const id = expectStored(await submitLead('quoteRequest', input, deps()))
    expect((await rows('quote_requests')).map((row) => row.id)).toEqual([id])
    expect(await outbox()).toHaveLength(2)
  })

  it("answers 'unavailable' when the embedded database was closed", async () => {
    // In memory: no data directory to clean up, and closed before use anyway.
    const other = await PGlite.create()
    const closedStore = createLeadStore(createSqlDatabaseFunctions(other))
    await other.close()
    expect(await submitLead('contactMessage', contactSubmission(), deps({store: closedStore}))).toEqual({ok: false, kind: 'unavailable'})
    expect(await submitLead('appointment', appointmentSubmission(), deps({store: closedStore}))).toEqual({ok: false, kind: 'unavailable'})
    expect(log.error).toHaveBeenCalledTimes(2)
  }, PGLITE_SETUP_TIMEOUT)
})
