import {randomUUID} from 'node:crypto'
import {beforeAll, describe, expect, it} from 'vitest'
import {renderEmail} from '@/components/email/render'
import {composeMail, type EmailCompany, type EmailWording} from '../../email/compose'
import type {QueuedEmail} from '../../email/queue'
import {emailContentFromDataset} from '../../email/test-support/content'
import type {StoredPlan} from './plan'
import {planVisitEmails} from './visit-emails'

/** What the customer (and, with no place, the business) reads when a plan's visit is not in its usual window. */

let wording: EmailWording
let company: EmailCompany
beforeAll(async () => {
  ;({wording, company} = await emailContentFromDataset())
})

const PLAN: StoredPlan = {
  id: '5a0c1f3e-2b4d-4e6f-8a9b-0c1d2e3f4a5b',
  firstBookingId: '3f9a2b1c-0000-4000-8000-000000000001',
  industry: 'house',
  frequency: 'Weekly',
  cadence: 'weekly',
  anchorDate: '2030-02-05',
  arrivalWindow: '10:00-12:00',
  serviceFamily: 'indoor',
  visitTemplate: {industry: 'house', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '4255550142', address: '1200 Lake Washington Blvd N, Renton, WA 98056', service: 'Regular Cleaning', frequency: 'Weekly', amountCents: 14_960},
  perVisitCents: 14_960,
  oneTimeCents: 18_780,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '4255550142',
  status: 'active',
  pausedAt: null,
  cancelledAt: null,
  cancelledBy: null,
  generatedThrough: '2030-02-05',
  paymentProvider: 'test-checkout',
  paymentCustomerId: 'test_cus_ada',
  paymentMethodId: 'test_pm_ada',
  cardLabel: null,
  cardGeneration: 0,
  smsConsentAt: null,
  createdAt: '2030-01-15T18:00:00.000Z',
}

async function compose(email: QueuedEmail) {
  return composeMail(
    {id: randomUUID(), eventKey: `plan_visit:${PLAN.id}:2:${email.audience}`, template: email.template, to: email.to, replyTo: email.replyTo, payload: email.payload, attempts: 1, lockToken: randomUUID(), createdAt: new Date().toISOString()},
    {wording, company, siteUrl: 'https://cedar-river.example', render: renderEmail},
  )
}

describe('the e-mails of a plan visit out of its usual window (placed elsewhere: plans.store.test.ts)', () => {
  it('no free window that week: the customer is told it is not booked nor charged, the business gets the details to call', async () => {
    const emails = planVisitEmails.noPlace(PLAN, {visit: 3, date: '2030-02-19'})
    expect(emails.map((email) => [email.audience, email.to, email.replyTo])).toEqual([
      ['business', null, 'ada@example.com'],
      ['customer', 'ada@example.com', null],
    ])
    const business = await compose(emails[0])
    expect(business.to).toBe(company.email)
    expect(business.subject).toBe('Plan 3F9A-2B1C: no place for visit 3 on February 19, 2030, 10:00 AM – 12:00 PM (Ada Lovelace)')
    expect(business.text).toContain('(425) 555-0142')
    const customer = await compose(emails[1])
    expect(customer.text).toContain('not booked and you will not be charged')
    expect(customer.text).toMatch(/February 19, 2030/)
    expect(customer.text).not.toMatch(/[{}]/)
  })
})
