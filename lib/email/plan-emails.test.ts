import {beforeAll, describe, expect, it} from 'vitest'
import {renderEmail} from '@/components/email/render'
import {composeMail, type EmailCompany, type EmailWording, type ManageLinkFor} from './compose'
import type {OutboxMessage} from './outbox'
import {eventEmails, type PlanChangedFacts, type PlanEarlyCancellationFacts} from './queue'
import {claimedMessage} from './test-support/claimed'
import {emailContentFromDataset} from './test-support/content'

/**
 * The e-mails of a plan's changes: the customer's, in the E-mails document's
 * words with the visit, the frequency and the early-cancellation difference filled in and the link to
 * the plan's next visit; the business's, in the office's words; an early-cancellation charge that
 * did not go through, to the business only.
 */

const SITE_URL = 'https://cedar-river.example/'
let wording: EmailWording
let company: EmailCompany

beforeAll(async () => {
  ;({wording, company} = await emailContentFromDataset())
})

const customer = {firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '4255550142', address: '1 Main St, Renton, WA 98057'}

function changed(overrides: Partial<PlanChangedFacts> = {}): PlanChangedFacts {
  return {
    kind: 'plan_changed',
    id: '3f9a2b1c-1111-4222-8333-444455556666',
    change: 'visit_skipped',
    by: 'customer',
    frequency: 'Weekly',
    service: 'House Cleaning – Regular Cleaning, Weekly',
    customer,
    visit: {id: '3f9a2b1c-1111-4222-8333-777777777777', date: '2030-02-08', arrivalWindow: '08:00-10:00'},
    manageVisit: {id: '3f9a2b1c-1111-4222-8333-888888888888', windowStartsAt: '2030-02-15T16:00:00.000Z', linkGeneration: 0},
    released: 0,
    earlyCancellationCents: 0,
    changedAt: '2030-02-05T18:00:00.000Z',
    ...overrides,
  }
}

function message(facts: PlanChangedFacts | PlanEarlyCancellationFacts, audience: 'customer' | 'business'): OutboxMessage {
  const queued = eventEmails(facts).find((email) => email.audience === audience)
  if (!queued) throw new Error(`no ${audience} message`)
  return claimedMessage(queued, {id: '00000002-aaaa-4bbb-8ccc-000000000001', eventKey: `${facts.kind}:1:${audience}`, createdAt: '2030-02-05T18:00:01.000Z'})
}

const manageUrl = (visit: ManageLinkFor) => `${SITE_URL}manage-booking/${visit.id}.${visit.linkGeneration}`

function compose(msg: OutboxMessage) {
  return composeMail(msg, {wording, company, siteUrl: SITE_URL, render: renderEmail, manageUrl})
}

describe("a plan's change by e-mail", () => {
  it("tells the customer which visit is skipped, in the content's words, with the link to the plan's next visit", async () => {
    const mail = await compose(message(changed(), 'customer'))
    expect(mail.to).toBe('ada@example.com')
    expect(mail.subject).toBe(wording.planChanged.subject.replace('{frequency}', 'Weekly'))
    const text = mail.text.replace(/\s+/g, ' ')
    expect(text).toContain('February 8, 2030, 8:00 AM – 10:00 AM')
    expect(text).toContain(`${SITE_URL}manage-booking/3f9a2b1c-1111-4222-8333-888888888888.0`)
    expect(text).not.toContain('{')
  })

  it('says what a cancellation before the second visit charges, and nothing of it otherwise', async () => {
    const early = await compose(message(changed({change: 'cancelled', visit: null, manageVisit: null, released: 3, earlyCancellationCents: 3866}), 'customer'))
    expect(early.text.replace(/\s+/g, ' ')).toContain('$38.66')
    const later = await compose(message(changed({change: 'cancelled', visit: null, manageVisit: null, released: 3}), 'customer'))
    expect(later.text.replace(/\s+/g, ' ')).not.toContain('one-time price')
  })

  it('tells the business of a customer’s change, answering the customer', async () => {
    const mail = await compose(message(changed({change: 'paused', released: 2}), 'business'))
    expect(mail.to).toBe(company.email)
    expect(mail.replyTo).toBe('ada@example.com')
    expect(mail.text.replace(/\s+/g, ' ')).toContain('paused their Weekly plan (2 visit(s) more than 24 hours ahead released)')
  })

  it('tells the business of an early-cancellation charge that did not go through', async () => {
    const facts: PlanEarlyCancellationFacts = {
      kind: 'plan_early_cancellation',
      id: '3f9a2b1c-1111-4222-8333-444455556666',
      service: 'House Cleaning – Regular Cleaning, Weekly',
      frequency: 'Weekly',
      customer,
      amountCents: 3866,
      status: 'declined',
      error: 'Your card was declined.',
      at: '2030-02-05T18:00:00.000Z',
    }
    const mail = await compose(message(facts, 'business'))
    expect(mail.subject).toContain('Early-cancellation charge not taken')
    expect(mail.text.replace(/\s+/g, ' ')).toContain('$38.66, could not be charged to the saved card: declined')
  })
})
