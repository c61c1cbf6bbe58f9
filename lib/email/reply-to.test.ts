import {randomUUID} from 'node:crypto'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {renderEmail} from '@/components/email/render'
import {leadFacts} from '../leads/flow'
import {createLeadSchemas, LEAD_MESSAGE_KEYS_AS_TEXT, type LeadKind} from '../leads/schemas'
import type {StoredLeadInput} from '../leads/store'
import {appointmentSubmission, contactSubmission, quoteSubmission} from '../leads/test-support/submissions'
import {composeMail, type EmailCompany, type EmailWording} from './compose'
import {eventEmails, type CustomerEventFacts as EventFacts, type EmailTemplate} from './queue'
import {createSmtpTransport} from './smtp-transport'
import {emailContentFromDataset} from './test-support/content'
import {startSmtpServer, type LocalSmtpServer} from './test-support/smtp-server'

/**
 * Who an answer reaches: the raw Reply-To header of every kind of e-mail the site sends, as it
 * leaves the real SMTP transport (nodemailer) and arrives at a real SMTP server on loopback. The
 * business's notices answer to the customer (the office presses Reply); the customer's e-mails
 * answer to the business, or carry no Reply-To (answers then go to the From address, the business).
 */

const SITE_URL = 'https://cedar-river.example'
const CUSTOMER = {firstName: 'Ada', lastName: "O'Hara", email: 'ada.ohara@example.com', phone: '4255550142', address: '1200 Lake Washington Blvd N, Renton, WA 98056'}

let smtp: LocalSmtpServer
let wording: EmailWording
let company: EmailCompany

vi.setConfig({testTimeout: 60_000})

beforeAll(async () => {
  ;({wording, company} = await emailContentFromDataset())
  smtp = await startSmtpServer()
})

afterAll(async () => {
  await smtp?.close()
})

/** A lead's facts as the lead flow makes them from what the form sends. */
function leadEvent<K extends LeadKind>(kind: K, input: Record<string, unknown>): EventFacts {
  const schema = createLeadSchemas(LEAD_MESSAGE_KEYS_AS_TEXT)[`${kind}Schema`]
  const lead = {...(schema.parse(input) as object), id: randomUUID(), submittedAt: new Date('2027-01-10T20:00:00Z')} as StoredLeadInput<K>
  return leadFacts(kind, lead)
}

const booking = {
  id: randomUUID(),
  reference: '3F9A-2B1C',
  industry: 'house',
  service: 'House Cleaning – Regular Cleaning, Weekly',
  location: 'King County',
  customer: CUSTOMER,
  totalCents: 25_700,
} as const

/** Every event the site e-mails about, each with the customer address its form took. */
const EVENTS: {facts: EventFacts; customer: string}[] = [
  {facts: leadEvent('quoteRequest', quoteSubmission()), customer: 'ada.ohara@example.com'},
  {facts: leadEvent('contactMessage', contactSubmission()), customer: 'grace@example.net'},
  {facts: leadEvent('appointment', appointmentSubmission()), customer: 'katherine.johnson@example.org'},
  {
    facts: {
      kind: 'booking_paid',
      ...booking,
      date: '2030-02-28',
      arrivalWindow: '08:00-10:00',
      windowStartsAt: '2030-02-28T16:00:00.000Z',
      details: [{label: 'Bedrooms', value: '3'}],
      notes: null,
      charges: [{label: 'Regular Cleaning', cents: 25_700}],
      paidAt: '2030-02-20T18:30:00.000Z',
    },
    customer: CUSTOMER.email,
  },
  {
    facts: {
      kind: 'booking_rescheduled',
      ...booking,
      fromDate: '2030-02-28',
      fromWindow: '08:00-10:00',
      toDate: '2030-03-01',
      toWindow: '10:00-12:00',
      windowStartsAt: '2030-03-01T18:00:00.000Z',
      sequence: 1,
      changedAt: '2030-02-21T18:30:00.000Z',
    },
    customer: CUSTOMER.email,
  },
  {
    facts: {kind: 'booking_cancellation_requested', ...booking, fromDate: '2030-02-28', fromWindow: '08:00-10:00', changedAt: '2030-02-21T18:30:00.000Z'},
    customer: CUSTOMER.email,
  },
]

/** The header's value as it came over SMTP: unfolded, undecoded, every occurrence. */
function rawHeaders(raw: string, name: string): string[] {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ')
  return head
    .split(/\r?\n/)
    .filter((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    .map((line) => line.slice(name.length + 1).trim())
}

/** The bare addresses of a raw address header ('"Name" <a@b.c>, d@e.f' → ['a@b.c', 'd@e.f']). */
function addresses(value: string): string[] {
  return [...value.matchAll(/<([^<>\s]+@[^<>\s]+)>|(?:^|,\s*)([^\s<>",]+@[^\s<>",]+)/g)].map((match) => (match[1] ?? match[2]).toLowerCase())
}

describe('the Reply-To header of every e-mail the site sends (raw, through SMTP)', () => {
  it('business notices answer to the customer; customer e-mails to the business or not at all', async () => {
    const transport = createSmtpTransport({host: '127.0.0.1', port: smtp.port, secure: false})
    const seen: {template: EmailTemplate; replyTo: string[]}[] = []
    for (const {facts, customer} of EVENTS) {
      for (const email of eventEmails(facts)) {
        const id = randomUUID()
        const mail = await composeMail(
          {id, eventKey: `${facts.kind}:${facts.id}:${email.audience}`, template: email.template, to: email.to, replyTo: email.replyTo, payload: email.payload, attempts: 1, lockToken: randomUUID(), createdAt: new Date().toISOString()},
          {wording, company, siteUrl: SITE_URL, render: renderEmail, manageUrl: () => `${SITE_URL}/manage/token`},
        )
        await transport.send(mail)
        const received = smtp.received.find((candidate) => candidate.mail.messageId === `<${id}@cedar-river.example>`)
        if (!received) throw new Error(`${email.template} did not arrive`)
        const replyTo = rawHeaders(received.raw, 'Reply-To')
        expect(replyTo.length, `${email.template}: at most one Reply-To header`).toBeLessThanOrEqual(1)
        const answerTo = replyTo.flatMap(addresses)
        if (email.audience === 'business') {
          expect(received.envelope.to, email.template).toEqual([company.email])
          expect(answerTo, `${email.template} answers to the customer`).toEqual([customer])
        } else {
          expect(received.envelope.to, email.template).toEqual([customer])
          // None, or the business's own address: never the customer's, never a third party's.
          expect(answerTo.every((address) => address === company.email.toLowerCase()), `${email.template}: ${replyTo.join(' | ')}`).toBe(true)
        }
        seen.push({template: email.template, replyTo})
      }
    }
    // Every kind of e-mail, both sides: nothing the site sends escaped the check.
    expect(seen.map((entry) => entry.template).sort()).toEqual(
      [
        'quote_request.business',
        'quote_request.customer',
        'contact_message.business',
        'contact_message.customer',
        'estimate_request.business',
        'estimate_request.customer',
        'booking_paid.business',
        'booking_paid.customer',
        'booking_rescheduled.business',
        'booking_rescheduled.customer',
        'booking_cancellation_requested.business',
        'booking_cancellation_requested.customer',
      ].sort(),
    )
  })
})
