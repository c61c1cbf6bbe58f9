import {beforeAll, describe, expect, it} from 'vitest'
import {renderEmail} from '@/components/email/render'
import {composeMail, type EmailCompany, type EmailWording} from './compose'
import type {OutboxMessage} from './outbox'
import {eventEmails, type BookingPaidFacts, type CustomerEventFacts} from './queue'
import {claimedMessage} from './test-support/claimed'
import {emailContentFromDataset} from './test-support/content'
import {addressWithZip} from './view-parts'

/**
 * The e-mails say what is true: the texts on the day are promised only to a customer who agreed to
 * texts; every e-mail to the business links to what it is about in the office (booking, lead or
 * plan); the estimate request's address carries its ZIP once.
 */

const SITE_URL = 'https://cedar-river.example/'
let wording: EmailWording
let company: EmailCompany

beforeAll(async () => {
  ;({wording, company} = await emailContentFromDataset())
})

function message(facts: CustomerEventFacts, audience: 'business' | 'customer'): OutboxMessage {
  const queued = eventEmails(facts).find((email) => email.audience === audience)
  if (!queued) throw new Error(`No ${audience} e-mail for ${facts.kind}`)
  return claimedMessage(queued, {id: '00000001-aaaa-4bbb-8ccc-000000000001', eventKey: `${facts.kind}:${facts.id}:${audience}`, createdAt: '2030-12-20T18:30:01.000Z'})
}

function compose(facts: CustomerEventFacts, audience: 'business' | 'customer') {
  return composeMail(message(facts, audience), {wording, company, siteUrl: SITE_URL, render: renderEmail})
}

const customer = {firstName: 'Björn', lastName: 'Nguyen-Smith', email: 'bjorn@example.org', phone: '2065550199', address: '88 Main Ave S, Kent, WA 98032'}
const BOOKING = '3f9a2b1c-5d6e-4f70-8a9b-0c1d2e3f4a5b'
const PLAN = '5e6f7a8b-1111-4222-8333-444455556666'
const LEAD = 'a1b2c3d4-0000-4000-8000-000000000004'
const at = '2030-12-20T18:30:00.000Z'

const paid: BookingPaidFacts = {
  kind: 'booking_paid',
  id: BOOKING,
  reference: '3F9A-2B1C',
  industry: 'carpet',
  service: 'Carpet Cleaning – Every 6 Months',
  date: '2030-12-31',
  location: 'King County',
  customer,
  details: [{label: 'Rooms', value: '2'}],
  notes: null,
  charges: [{label: 'Rooms: 2 × $47.00', cents: 9400}],
  totalCents: 9400,
  paidAt: at,
}

const change = {id: BOOKING, reference: '3F9A-2B1C', industry: 'carpet' as const, service: paid.service, location: 'King County', customer, totalCents: 9400, fromDate: '2030-12-31', fromWindow: '08:00-10:00', changedAt: at}
const visitCharge = {
  id: BOOKING,
  planId: PLAN,
  reference: '3F9A-2B1C',
  industry: 'house' as const,
  service: 'House Cleaning – Regular Cleaning, Weekly',
  visit: 3,
  date: '2031-01-07',
  arrivalWindow: '08:00-10:00',
  windowStartsAt: '2031-01-07T16:00:00.000Z',
  location: 'King County',
  customer,
  totalCents: 15000,
  cardLabel: 'Visa ending 4242',
  linkGeneration: 0,
}
const planVisit = {id: PLAN, visit: 4, reference: '3F9A-2B1C', industry: 'house' as const, service: visitCharge.service, customer, usualDate: '2031-01-14', usualWindow: '08:00-10:00', totalCents: 15000}

/** One event of every kind the business may be e-mailed about, with where the office keeps it. */
const EVERY_KIND: {[K in CustomerEventFacts['kind']]: {facts: Extract<CustomerEventFacts, {kind: K}>; path: string}} = {
  quote_request: {
    facts: {kind: 'quote_request', id: LEAD, firstName: 'Ada', lastName: 'Hara', phone: '4255550142', email: 'ada@example.com', zipCode: '98056', squareFootage: null, desiredServices: null, heardAboutUs: null, pagePath: '/roof-cleaning', pageTitle: 'Roof Cleaning', submittedAt: at},
    path: `/office/leads/quote-request/${LEAD}`,
  },
  contact_message: {facts: {kind: 'contact_message', id: LEAD, name: 'Grace Hopper', email: 'grace@example.net', phone: '2065550199', message: 'Hello', pagePath: '/', submittedAt: at}, path: `/office/leads/contact-message/${LEAD}`},
  estimate_request: {
    facts: {kind: 'estimate_request', id: LEAD, fullName: 'Katherine Johnson', phone: '4255550100', email: 'k@example.org', address: '12 Cedar Lane, Renton, WA 98178', zipCode: '98178', service: 'Mold remediation', visitDate: '2031-07-06', visitWindow: '08:00-10:00', walkthrough: 'in_person', notes: null, pagePath: '/appointment', submittedAt: at},
    path: `/office/leads/estimate-request/${LEAD}`,
  },
  appointment: {
    facts: {kind: 'appointment', id: LEAD, patientName: 'Kay', patientPhone: '4255550100', patientGender: 'private', appointmentTime: at, appointmentLocal: '2030-12-20T10:30', preferredMode: 'voice', pagePath: '/appointment', submittedAt: at},
    path: `/office/leads/estimate-request/${LEAD}`,
  },
  lead_reply: {
    facts: {kind: 'lead_reply', id: BOOKING, leadKind: 'contact_message', leadId: LEAD, to: 'grace@example.net', firstName: 'Grace', subject: 'Yes', message: 'We do.', staffName: 'Sam', sentAt: at},
    path: `/office/leads/contact-message/${LEAD}`,
  },
  booking_paid: {facts: paid, path: `/office/bookings/${BOOKING}`},
  booking_rescheduled: {facts: {...change, kind: 'booking_rescheduled', toDate: '2031-01-02', toWindow: '10:00-12:00', windowStartsAt: '2031-01-02T18:00:00.000Z', sequence: 1}, path: `/office/bookings/${BOOKING}`},
  booking_moved_by_office: {facts: {...change, kind: 'booking_moved_by_office', toDate: '2031-01-02', toWindow: '10:00-12:00', windowStartsAt: '2031-01-02T18:00:00.000Z', sequence: 1}, path: `/office/bookings/${BOOKING}`},
  booking_cancellation_requested: {facts: {...change, kind: 'booking_cancellation_requested'}, path: `/office/bookings/${BOOKING}`},
  booking_cancelled: {facts: {...change, kind: 'booking_cancelled', refundedCents: 9400}, path: `/office/bookings/${BOOKING}`},
  booking_refunded: {facts: {...change, kind: 'booking_refunded', refundedCents: 2000, totalRefundedCents: 2000, reason: {code: 'goodwill'}}, path: `/office/bookings/${BOOKING}`},
  booking_reminder: {
    facts: {kind: 'booking_reminder', id: BOOKING, reference: '3F9A-2B1C', industry: 'carpet', service: paid.service, date: '2030-12-31', arrivalWindow: '08:00-10:00', windowStartsAt: '2030-12-31T16:00:00.000Z', location: null, customer, planVisit: null, linkGeneration: 0},
    path: `/office/bookings/${BOOKING}`,
  },
  review_request: {facts: {kind: 'review_request', id: BOOKING, reference: '3F9A-2B1C', service: paid.service, date: '2030-12-31', customer, feedbackUrl: 'https://g.page/review', doneAt: at}, path: `/office/bookings/${BOOKING}`},
  checkout_reminder: {
    facts: {kind: 'checkout_reminder', id: BOOKING, reference: '3F9A-2B1C', resumeUrl: `${SITE_URL}carpet_cleaning?resume=${BOOKING}&t=x`, resumeUntil: at, stopUrl: `${SITE_URL}email-preferences/x`, oneClickUrl: `${SITE_URL}api/email-opt-out?t=x`},
    path: `/office/bookings/${BOOKING}`,
  },
  plan_visit_declined: {facts: {...visitCharge, kind: 'plan_visit_declined', authenticationRequired: false, deadlineAt: at, declinedAt: at}, path: `/office/bookings/${BOOKING}`},
  plan_visit_released: {facts: {...visitCharge, kind: 'plan_visit_released', releasedAt: at}, path: `/office/bookings/${BOOKING}`},
  plan_visit_placed: {facts: {...planVisit, kind: 'plan_visit_placed', toDate: '2031-01-15', toWindow: '10:00-12:00', windowStartsAt: '2031-01-15T18:00:00.000Z'}, path: `/office/plans/${PLAN}`},
  plan_visit_unplaced: {facts: {...planVisit, kind: 'plan_visit_unplaced'}, path: `/office/plans/${PLAN}`},
  plan_changed: {
    facts: {kind: 'plan_changed', id: PLAN, change: 'paused', by: 'customer', frequency: 'Weekly', service: visitCharge.service, customer, visit: null, manageVisit: null, released: 1, earlyCancellationCents: 0, changedAt: at},
    path: `/office/plans/${PLAN}`,
  },
  plan_early_cancellation: {
    facts: {kind: 'plan_early_cancellation', id: PLAN, service: visitCharge.service, frequency: 'Weekly', customer, amountCents: 4000, status: 'declined', error: 'Your card was declined.', at},
    path: `/office/plans/${PLAN}`,
  },
}

describe('the texts on the day', () => {
  it('are promised in the confirmation only when the customer agreed to texts', async () => {
    const agreed = await compose({...paid, textsConsented: true}, 'customer')
    expect(agreed.text.replace(/\s+/g, ' ')).toContain(wording.bookingConfirmation.textsNotice)
    expect(agreed.text).toMatch(/texts you when they are on the way/)
    for (const facts of [{...paid, textsConsented: false}, paid]) {
      const mail = await compose(facts, 'customer')
      expect(mail.text).not.toMatch(/\btext/i)
      expect(mail.html).not.toMatch(/\btexts? you/i)
      // What happens next is still said.
      expect(mail.text.replace(/\s+/g, ' ')).toContain('arrives within a 2-hour window')
    }
  })
})

describe('every e-mail to the business', () => {
  it.each(Object.entries(EVERY_KIND))('%s links to it in the office (an absolute address on the site)', async (_kind, {facts, path}) => {
    const mail = await compose(facts, 'business')
    const url = `https://cedar-river.example${path}`
    expect(mail.html).toContain(`href="${url}"`)
    expect(mail.text).toContain(url)
  })
})

describe('the estimate request’s address', () => {
  it('carries the ZIP once, whether the address line ends with it or not', async () => {
    const withZip = await compose(EVERY_KIND.estimate_request.facts, 'business')
    expect(withZip.text).toContain('12 Cedar Lane, Renton, WA 98178')
    expect(withZip.text.match(/98178/g)).toHaveLength(1)
    const withoutZip = await compose({...EVERY_KIND.estimate_request.facts, address: '12 Cedar Lane, Renton, WA'}, 'business')
    expect(withoutZip.text).toContain('12 Cedar Lane, Renton, WA, 98178')
  })

  it('addressWithZip: a ZIP+4 in the line or the field counts, another ZIP in the line does not', () => {
    expect(addressWithZip('1 Main St, Renton, WA 98178-1234', '98178')).toBe('1 Main St, Renton, WA 98178-1234')
    expect(addressWithZip('1 Main St, Renton, WA 98178', '98178-1234')).toBe('1 Main St, Renton, WA 98178')
    // A house number that happens to hold the digits is not the ZIP.
    expect(addressWithZip('198178 Main St, Renton, WA', '98178')).toBe('198178 Main St, Renton, WA, 98178')
    expect(addressWithZip('1 Main St, Renton, WA 98057', '98178')).toBe('1 Main St, Renton, WA 98057, 98178')
    expect(addressWithZip('', '98178')).toBe('98178')
  })
})
