import ICAL from 'ical.js'
import {beforeAll, describe, expect, it} from 'vitest'
import {renderEmail} from '@/components/email/render'
import {composeMail, type EmailCompany, type EmailView, type EmailWording} from './compose'
import type {OutboxMessage} from './outbox'
import {eventEmails, type BookingPaidFacts} from './queue'
import type {PlanFacts} from './plan-section'
import {emailContentFromDataset} from './test-support/content'

/**
 * i24-plan-ui. The confirmation of a plan's first visit (issue 24, acceptance 1): the plan's
 * paragraph and table of next visits in the content's words, and a calendar file with one event per
 * visit (each UID its booking's, so a later move of one visit replaces exactly that event), read
 * back with ical.js as calendar programs read it.
 */

let wording: EmailWording
let company: EmailCompany
beforeAll(async () => {
  ;({wording, company} = await emailContentFromDataset())
})

const FIRST_ID = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f'
const plan: PlanFacts = {
  frequency: 'Weekly',
  cadence: 'weekly',
  arrivalWindow: '08:00-10:00',
  weekday: 'tuesday',
  visits: [
    {id: '11111111-0000-4000-8000-000000000002', date: '2031-01-07', window: '08:00-10:00', windowStartsAt: '2031-01-07T16:00:00.000Z'},
    {id: '11111111-0000-4000-8000-000000000003', date: '2031-01-14', window: '08:00-10:00', windowStartsAt: '2031-01-14T16:00:00.000Z'},
    // Its week's 8–10 window was full: placed in that day's 12–2 window.
    {id: '11111111-0000-4000-8000-000000000004', date: '2031-01-21', window: '12:00-14:00', windowStartsAt: '2031-01-21T20:00:00.000Z'},
  ],
}

/** House Regular Cleaning, Weekly, 1 bedroom and 1 bathroom: $115.99, on Tuesday, December 31, 2030, 8–10 AM. */
const paid: BookingPaidFacts = {
  kind: 'booking_paid',
  id: FIRST_ID,
  reference: '7C1D-2E3F',
  industry: 'house',
  service: 'House Cleaning – Regular Cleaning, Weekly',
  date: '2030-12-31',
  arrivalWindow: '08:00-10:00',
  windowStartsAt: '2030-12-31T16:00:00.000Z',
  location: 'King County',
  customer: {firstName: 'Imogen', lastName: 'Faraday', email: 'imogen@example.com', phone: '4255550163', address: '1200 Maple Valley Hwy, Renton, WA 98058'},
  details: [],
  notes: null,
  charges: [
    {label: 'Base service charge', cents: 8120},
    {label: 'Bedrooms: 1 × $15.46', cents: 1546},
    {label: 'Bathrooms: 1 × $19.33', cents: 1933},
  ],
  totalCents: 11599,
  paidAt: '2030-12-20T18:30:00.000Z',
}

function message(facts: BookingPaidFacts): OutboxMessage {
  const queued = eventEmails(facts).find((email) => email.audience === 'customer')
  if (!queued) throw new Error('No customer e-mail')
  return {
    id: '00000002-aaaa-4bbb-8ccc-9a0b1c2d3e4f',
    eventKey: `booking_paid:${facts.id}:customer`,
    template: queued.template,
    to: queued.to,
    replyTo: queued.replyTo,
    payload: facts,
    attempts: 1,
    lockToken: '11111111-2222-4333-8444-555555555555',
    createdAt: '2030-12-20T18:30:01.000Z',
  }
}

async function compose(facts: BookingPaidFacts) {
  const views: EmailView[] = []
  const mail = await composeMail(message(facts), {
    wording,
    company,
    siteUrl: 'https://cedar-river.example/',
    render: (view) => {
      views.push(view)
      return renderEmail(view)
    },
    manageUrl: ({id}) => `https://cedar-river.example/manage-booking/${id}.sig`,
  })
  return {mail, view: views[0]}
}

const flat = (text: string) => text.replace(/\s+/g, ' ')

describe("the confirmation of a plan's first visit", () => {
  it('tells the plan, its weekday and window, and its next visits in a table, in the HTML and the text', async () => {
    const {mail, view} = await compose({...paid, plan})
    const intro = 'Your Weekly plan has started: we come back on the same weekday (Tuesday) and in the same arrival window (8:00 AM – 10:00 AM) as this first visit.'
    expect(view.paragraphs[1]).toContain(intro)
    expect(view.sections[1]).toEqual({
      heading: 'Your cleaning plan',
      rows: [
        {label: 'Frequency', value: 'Weekly'},
        {label: 'Arrival window', value: '8:00 AM – 10:00 AM'},
        {label: 'Visit 2', value: 'January 7, 2031, 8:00 AM – 10:00 AM'},
        {label: 'Visit 3', value: 'January 14, 2031, 8:00 AM – 10:00 AM'},
        {label: 'Visit 4', value: 'January 21, 2031, 12:00 PM – 2:00 PM'},
      ],
    })
    expect(view.closing.join(' ')).toContain('If you cancel the plan before its second visit, we charge the difference to the one-time price.')
    for (const part of [flat(mail.text), flat(mail.html.replace(/<[^>]+>/g, ' '))]) {
      expect(part).toContain(intro)
      expect(part).toContain('January 21, 2031, 12:00 PM – 2:00 PM')
    }
  })

  it('attaches one calendar event per visit, each at its date and window, with its own UID', async () => {
    const {mail} = await compose({...paid, plan})
    const file = mail.attachments?.[0]
    expect(file?.filename).toBe('booking-7C1D-2E3F.ics')
    const calendar = new ICAL.Component(ICAL.parse(String(file?.content)))
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component))
    expect(
      events.map((event) => ({uid: event.uid, start: event.startDate.toJSDate().toISOString(), end: event.endDate.toJSDate().toISOString(), recurring: event.isRecurring()})),
    ).toEqual([
      {uid: `${FIRST_ID}@cedar-river.example`, start: '2030-12-31T16:00:00.000Z', end: '2030-12-31T18:00:00.000Z', recurring: false},
      {uid: '11111111-0000-4000-8000-000000000002@cedar-river.example', start: '2031-01-07T16:00:00.000Z', end: '2031-01-07T18:00:00.000Z', recurring: false},
      {uid: '11111111-0000-4000-8000-000000000003@cedar-river.example', start: '2031-01-14T16:00:00.000Z', end: '2031-01-14T18:00:00.000Z', recurring: false},
      {uid: '11111111-0000-4000-8000-000000000004@cedar-river.example', start: '2031-01-21T20:00:00.000Z', end: '2031-01-21T22:00:00.000Z', recurring: false},
    ])
    expect(events[3].location).toBe('1200 Maple Valley Hwy, Renton, WA 98058')
    expect(events.every((event) => event.summary === 'House Cleaning – Regular Cleaning, Weekly (Cedar River Cleaning Co.)')).toBe(true)
  })

  it('a one-time booking says nothing of a plan and its file holds its one event', async () => {
    const {mail, view} = await compose(paid)
    expect(view.sections).toHaveLength(1)
    expect(flat(mail.text)).not.toContain('Your cleaning plan')
    const calendar = new ICAL.Component(ICAL.parse(String(mail.attachments?.[0]?.content)))
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(1)
  })
})
