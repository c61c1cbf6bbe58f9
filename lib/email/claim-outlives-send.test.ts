import type {PGlite} from '@electric-sql/pglite'
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {renderEmail} from '@/components/email/render'
import {queueContactMessage} from './test-support/queued'
import type {Every} from '../claim-loop'
import {createSqlDatabaseFunctions} from '../database/sql-functions'
import {clearLeadsAndOutbox, openTempPglite, PGLITE_SETUP_TIMEOUT} from '../database/test-support/temp-pglite'
import {composeMail, type EmailCompany, type EmailWording} from './compose'
import {createOutboxStore, type OutboxMessage} from './outbox'
import {emailContentFromDataset} from './test-support/content'
import type {MailTransport, OutgoingMail} from './transport'
import {createOutboxWorker} from './worker'

/**
 * A customer never gets an e-mail twice, however slow the mail server or the machine: two workers
 * (two processes) on one database, a send or a composition that takes longer than the lease. The
 * clock is the test's (the database functions take it), the renewals run when the test says (a
 * process's timer firing), and the slow send is a promise the test resolves: nothing waits in real time.
 */

const SITE_URL = 'https://cedar-river.example'
const LEASE_SECONDS = 30

let database: Awaited<ReturnType<typeof openTempPglite>>
let db: PGlite
let wording: EmailWording
let company: EmailCompany
const log = {error: vi.fn(), warn: vi.fn()}

vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

beforeAll(async () => {
  database = await openTempPglite()
  db = database.db
  ;({wording, company} = await emailContentFromDataset())
}, PGLITE_SETUP_TIMEOUT)

afterAll(async () => {
  await database?.close()
})

beforeEach(async () => {
  await clearLeadsAndOutbox(db, {bookings: true})
  log.error.mockReset()
  log.warn.mockReset()
})

/** The test's clock, a second after the messages were queued (so they are due). */
function testClock() {
  let at = Date.now() + 1000
  return {now: () => new Date(at), advance: (seconds: number) => (at += seconds * 1000)}
}

/** A process's timers that fire when the test says so; `fire` waits for what they started. */
function testTimers() {
  const runs = new Set<() => Promise<unknown>>()
  const every: Every = (_ms, run) => {
    runs.add(run)
    return () => runs.delete(run)
  }
  return {every, fire: () => Promise.all([...runs].map((run) => run()))}
}

/** A mail server that takes as long as the test says with the first message, and records every one it accepts. */
function slowFirstSend() {
  const accepted: string[] = []
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let started!: () => void
  const firstStarted = new Promise<void>((resolve) => (started = resolve))
  let sends = 0
  const transport: MailTransport = {
    description: 'slow test SMTP',
    async send(mail: OutgoingMail) {
      if (sends++ === 0) {
        started()
        await released
      }
      accepted.push(mail.messageId)
      return {messageId: mail.messageId}
    },
  }
  return {transport, accepted, firstStarted, release}
}

function worker(options: {transport: MailTransport; now: () => Date; every: Every; compose?: (message: OutboxMessage) => Promise<OutgoingMail>}) {
  const functions = createSqlDatabaseFunctions(db)
  return createOutboxWorker({
    outbox: async () => createOutboxStore(functions),
    transport: options.transport,
    compose: options.compose ?? ((message) => composeMail(message, {wording, company, siteUrl: SITE_URL, render: renderEmail})),
    options: {leaseSeconds: LEASE_SECONDS, batchSize: 1},
    now: options.now,
    every: options.every,
    log,
  })
}

async function sentRows(): Promise<{message_id: string | null; status: string}[]> {
  return (await db.query<{message_id: string | null; status: string}>('select message_id, status from public.email_outbox order by event_key')).rows
}

describe('a claim outlives its send', () => {
  it('a send slower than the lease: the claim is renewed meanwhile, so a second worker never sends the message again', async () => {
    await queueContactMessage(db)
    const clock = testClock()
    const slow = slowFirstSend()
    const timersA = testTimers()
    const a = worker({transport: slow.transport, now: clock.now, every: timersA.every})
    const b = worker({transport: slow.transport, now: clock.now, every: testTimers().every})

    const drainingA = a.drain()
    await slow.firstStarted
    // The mail server is slow: 20 s, then 45 s after the claim (past its 30 s lease), A's timer renews it.
    clock.advance(20)
    await timersA.fire()
    clock.advance(25)
    await timersA.fire()
    // B looks now: it sends the other message and leaves A's alone.
    expect(await b.drain()).toEqual({sent: 1, retried: 0, failed: 0})

    slow.release()
    expect(await drainingA).toEqual({sent: 1, retried: 0, failed: 0})
    expect(slow.accepted).toHaveLength(2)
    expect(new Set(slow.accepted).size).toBe(2)
    const rows = await sentRows()
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent'])
    expect(rows.map((row) => row.message_id).sort()).toEqual([...slow.accepted].sort())
    expect(log.warn).not.toHaveBeenCalled()
  })

  it('a process that stalls past its lease before the send: the message goes out once, from the worker that claimed it since', async () => {
    await queueContactMessage(db)
    const clock = testClock()
    const slow = slowFirstSend()
    slow.release()
    let resume!: () => void
    const stalled = new Promise<void>((resolve) => (resume = resolve))
    let composing!: () => void
    const composingStarted = new Promise<void>((resolve) => (composing = resolve))
    const compose = (message: OutboxMessage) => composeMail(message, {wording, company, siteUrl: SITE_URL, render: renderEmail})
    // A freezes while composing its first message (no timer of its fires): 40 s, more than the lease.
    let first = true
    const a = worker({
      transport: slow.transport,
      now: clock.now,
      every: testTimers().every,
      compose: async (message) => {
        if (first) {
          first = false
          composing()
          await stalled
        }
        return compose(message)
      },
    })
    const b = worker({transport: slow.transport, now: clock.now, every: testTimers().every})

    const drainingA = a.drain()
    await composingStarted
    clock.advance(40)
    expect(await b.drain()).toEqual({sent: 2, retried: 0, failed: 0})
    resume()
    // A's claim is lost: it does not send; it goes on and finds nothing more due.
    expect(await drainingA).toEqual({sent: 0, retried: 0, failed: 0})
    expect(slow.accepted).toHaveLength(2)
    expect(new Set(slow.accepted).size).toBe(2)
    expect((await sentRows()).map((row) => row.status)).toEqual(['sent', 'sent'])
    expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/ran out before its send/))
  })

  it('the Message-ID is the outbox message\'s own: the same on every attempt', async () => {
    await queueContactMessage(db)
    const clock = testClock()
    const functions = createSqlDatabaseFunctions(db)
    const outbox = createOutboxStore(functions)
    const [message] = await outbox.claim(1, LEASE_SECONDS, clock.now())
    const once = await composeMail(message, {wording, company, siteUrl: SITE_URL, render: renderEmail})
    clock.advance(LEASE_SECONDS + 1)
    const [again] = await outbox.claim(1, LEASE_SECONDS, clock.now())
    expect(again.id).toBe(message.id)
    expect(again.lockToken).not.toBe(message.lockToken)
    expect((await composeMail(again, {wording, company, siteUrl: SITE_URL, render: renderEmail})).messageId).toBe(once.messageId)
  })
})
