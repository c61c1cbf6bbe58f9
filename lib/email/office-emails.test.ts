import ICAL from 'ical.js'
import {beforeAll, describe, expect, it} from 'vitest'
import {renderEmail} from '@/components/email/render'
import {composeMail, type EmailCompany, type EmailWording, type ManageLinkFor} from './compose'
import type {OutboxMessage} from './outbox'
import {customerEmailOnly, type BookingMovedByOfficeFacts, type BookingPaidFacts} from './queue'
import {claimedMessage} from './test-support/claimed'
import {emailContentFromDataset} from './test-support/content'

/**
 * The customer's e-mails of the office's actions on a booking: a move by the office (its own words
 * from the E-mails document, the move's questions line and manage-link sentence, the calendar file
 * as a later version of the event, the next manage link) and a resent confirmation (the link of the
 * booking's current generation).
 */

const SITE_URL = 'https://cedar-river.example/'
let wording: EmailWording
let company: EmailCompany

beforeAll(async () => {
  ;({wording, company} = await emailContentFromDataset())
})

const moved: BookingMovedByOfficeFacts = {
  kind: 'booking_moved_by_office',
  id: '3f9a2b1c-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  reference: '3F9A-2B1C',
  industry: 'house',
  service: 'House Cleaning – Deep Cleaning',
  location: 'King County',
  customer: {firstName: 'Björn', lastName: 'Nguyen-Smith', email: 'bjorn@example.org', phone: '2065550199', address: '88 Main Ave S, Kent, WA 98032'},
  totalCents: 21917,
  fromDate: '2030-12-30',
  fromWindow: '08:00-10:00',
  changedAt: '2030-12-29T18:00:00.000Z',
  linkGeneration: 3,
  toDate: '2030-12-31',
  toWindow: '12:00-14:00',
  windowStartsAt: '2030-12-31T20:00:00.000Z',
  sequence: 2,
}

function message(facts: BookingMovedByOfficeFacts | BookingPaidFacts): OutboxMessage {
  const [queued] = customerEmailOnly(facts)
  return claimedMessage(queued, {id: '00000002-aaaa-4bbb-8ccc-0c1d2e3f4a5b', eventKey: `${facts.kind}:1:customer`, createdAt: '2030-12-29T18:00:01.000Z'})
}

const links: ManageLinkFor[] = []
const manageUrl = (booking: ManageLinkFor) => {
  links.push(booking)
  return `${SITE_URL}manage-booking/token-of-generation-${booking.linkGeneration}`
}

function flat(text: string): string {
  return text.replace(/\s+/g, ' ')
}

describe("the office's e-mails to the customer", () => {
  it('an office move is e-mailed to the customer only, never to the business (the office made it)', () => {
    expect(customerEmailOnly(moved).map((email) => [email.audience, email.template, email.to])).toEqual([['customer', 'booking_moved_by_office.customer', 'bjorn@example.org']])
  })

  it("a move by the office: the content's words with the new window, the move's questions line, the new manage link and the calendar file's next version", async () => {
    links.length = 0
    const mail = await composeMail(message(moved), {wording, company, siteUrl: SITE_URL, render: renderEmail, manageUrl})
    const w = wording.bookingMovedByOffice
    expect(w.subject).toContain('{slot}')
    expect(mail.subject).toBe(w.subject.replace('{reference}', '3F9A-2B1C').replace('{slot}', 'December 31, 2030, 12:00 PM – 2:00 PM'))
    const text = flat(mail.text)
    expect(text).toContain('December 31, 2030, 12:00 PM – 2:00 PM')
    expect(text).toContain('December 30, 2030, 8:00 AM – 10:00 AM')
    expect(text).toContain(flat(wording.bookingMoved.manageLinkText))
    expect(text).toContain('manage-booking/token-of-generation-3')
    expect(links).toEqual([{id: moved.id, windowStartsAt: moved.windowStartsAt, linkGeneration: 3}])
    // Different words from the customer's own move.
    expect(mail.subject).not.toBe(wording.bookingMoved.subject.replace('{reference}', '3F9A-2B1C').replace('{slot}', 'December 31, 2030, 12:00 PM – 2:00 PM'))

    const calendar = mail.attachments?.find((file) => file.filename.endsWith('.ics'))
    expect(calendar).toBeTruthy()
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(String(calendar?.content))).getFirstSubcomponent('vevent')!)
    expect(event.uid).toBe(`${moved.id}@cedar-river.example`)
    expect(event.sequence).toBe(2)
    expect(event.startDate.toJSDate().toISOString()).toBe('2030-12-31T20:00:00.000Z')
  })

  it("a resent confirmation carries the manage link of the booking's current generation", async () => {
    links.length = 0
    const confirmation: BookingPaidFacts = {
      kind: 'booking_paid',
      id: moved.id,
      reference: moved.reference,
      industry: 'house',
      service: moved.service,
      date: '2030-12-31',
      arrivalWindow: '12:00-14:00',
      windowStartsAt: '2030-12-31T20:00:00.000Z',
      location: 'King County',
      customer: moved.customer,
      details: [],
      notes: null,
      charges: [{label: 'Deep Cleaning', cents: 21917}],
      totalCents: 21917,
      paidAt: '2030-12-20T18:30:00.000Z',
      linkGeneration: 3,
    }
    const mail = await composeMail(message(confirmation), {wording, company, siteUrl: SITE_URL, render: renderEmail, manageUrl})
    expect(flat(mail.text)).toContain('manage-booking/token-of-generation-3')
    expect(links).toEqual([{id: moved.id, windowStartsAt: confirmation.windowStartsAt, linkGeneration: 3}])
  })
})
