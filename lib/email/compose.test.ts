import ICAL from 'ical.js'
import {beforeAll, describe, expect, it} from 'vitest'
import {renderEmail} from '@/components/email/render'
import {composeMail, type EmailCompany, type EmailView, type EmailWording, type ManageLinkFor} from './compose'
import type {OutboxMessage} from './outbox'
import {
  eventEmails,
  type AppointmentFacts,
  type EstimateRequestFacts,
  type BookingCancellationRequestedFacts,
  type BookingCancelledFacts,
  type BookingPaidFacts,
  type BookingRescheduledFacts,
  type ContactMessageFacts,
  type CustomerEventFacts as EventFacts,
  type QuoteRequestFacts,
} from './queue'
import type {PlanFacts} from './plan-section'
import {claimedMessage} from './test-support/claimed'
import {emailContentFromDataset} from './test-support/content'

/**
 * From a queued message to the e-mail sent: subjects with the content's wording and tokens filled,
 * addresses, the rendered HTML and text parts (React Email), and the booking's calendar file.
 */

const SITE_URL = 'https://cedar-river.example/'
let wording: EmailWording
let company: EmailCompany

beforeAll(async () => {
  ;({wording, company} = await emailContentFromDataset())
})

const quote: QuoteRequestFacts = {
  kind: 'quote_request',
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  firstName: 'Ada',
  lastName: "O'Hara",
  phone: '4255550142',
  email: 'ada.ohara@example.com',
  zipCode: '98056',
  squareFootage: 2400,
  desiredServices: 'Moss removal; downspouts',
  heardAboutUs: 'Nextdoor',
  pagePath: '/roof-cleaning',
  pageTitle: 'Roof Cleaning',
  submittedAt: '2027-01-10T20:00:00.000Z',
}

const contact: ContactMessageFacts = {
  kind: 'contact_message',
  id: 'a1b2c3d4-0000-4000-8000-000000000002',
  name: 'Grace Brewster Hopper',
  email: 'grace@example.net',
  phone: '2065550199',
  message: 'Do you clean boat decks?',
  pagePath: '/',
  submittedAt: '2027-01-10T20:00:00.000Z',
}

const estimate: EstimateRequestFacts = {
  kind: 'estimate_request',
  id: 'a1b2c3d4-0000-4000-8000-000000000004',
  fullName: 'Katherine Johnson',
  phone: '4255550100',
  email: 'katherine@example.org',
  address: '12 Cedar Lane',
  zipCode: '98056',
  service: 'Mold remediation',
  visitDate: '2027-07-06',
  visitWindow: '08:00-10:00',
  walkthrough: 'in_person',
  notes: null,
  pagePath: '/appointment',
  submittedAt: '2027-01-10T20:00:00.000Z',
}

/** An appointment request of the earlier health-style form, queued before the site changed. */
const appointment: AppointmentFacts = {
  kind: 'appointment',
  id: 'a1b2c3d4-0000-4000-8000-000000000003',
  patientName: 'Katherine Johnson',
  patientPhone: '4255550100',
  patientGender: 'female',
  appointmentTime: '2027-07-04T16:15:00.000Z',
  appointmentLocal: '2027-07-04T09:15',
  preferredMode: 'voice',
  pagePath: '/appointment',
  submittedAt: '2027-01-10T20:00:00.000Z',
}

/** Carpet, every 6 months: 2 rooms + 1 staircase × $47 = $141, 2 hallways × $7.42 = $14.84, save20 −$31.17 → $124.67. */
const paid: BookingPaidFacts = {
  kind: 'booking_paid',
  id: '3f9a2b1c-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  reference: '3F9A-2B1C',
  industry: 'carpet',
  service: 'Carpet Cleaning – Every 6 Months',
  date: '2030-12-31',
  location: 'King County',
  customer: {firstName: 'Björn', lastName: 'Nguyen-Smith', email: 'bjorn@example.org', phone: '2065550199', address: '88 Main Ave S, Kent, WA 98032'},
  details: [
    {label: 'Rooms', value: '2'},
    {label: 'Staircases', value: '1'},
  ],
  notes: 'Side gate',
  charges: [
    {label: 'Rooms: 2 × $47.00', cents: 9400},
    {label: 'Staircases: 1 × $47.00', cents: 4700},
    {label: 'HALLWAYS: 2 × $7.42', cents: 1484},
    {label: 'Coupon save20 (20 % (−$31.17))', cents: -3117},
  ],
  totalCents: 12467,
  paidAt: '2030-12-20T18:30:00.000Z',
}

function message(facts: EventFacts, audience: 'business' | 'customer', overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  const queued = eventEmails(facts).find((email) => email.audience === audience)
  if (!queued) throw new Error(`No ${audience} e-mail for ${facts.kind}`)
  return {
    ...claimedMessage(queued, {
      id: `0000000${audience === 'business' ? 1 : 2}-aaaa-4bbb-8ccc-${facts.id.slice(-12)}`,
      eventKey: `${facts.kind}:${facts.id}:${audience}`,
      createdAt: '2027-01-10T20:00:01.000Z',
    }),
    ...overrides,
  }
}

/** The real renderer, keeping the view it was given. */
function recordingRender() {
  const views: EmailView[] = []
  return {
    views,
    render: async (view: EmailView) => {
      views.push(view)
      return renderEmail(view)
    },
  }
}

function compose(msg: OutboxMessage, overrides: {wording?: EmailWording; from?: string; manageUrl?: (booking: ManageLinkFor) => string} = {}) {
  const recorder = recordingRender()
  const context = {wording: overrides.wording ?? wording, company, siteUrl: SITE_URL, from: overrides.from, render: recorder.render, manageUrl: overrides.manageUrl}
  return composeMail(msg, context).then((mail) => ({
    mail,
    view: recorder.views[0],
  }))
}

function flat(text: string): string {
  return text.replace(/\s+/g, ' ')
}

describe('subjects, with the content wording and its tokens filled', () => {
  it.each([
    {facts: quote, audience: 'business', subject: "New quote request: Roof Cleaning from Ada O'Hara"},
    {facts: quote, audience: 'customer', subject: 'We received your quote request'},
    {facts: contact, audience: 'business', subject: 'New message from Grace Brewster Hopper'},
    {facts: contact, audience: 'customer', subject: 'We received your message'},
    {facts: estimate, audience: 'business', subject: 'New in-home estimate request: Mold remediation from Katherine Johnson'},
    {facts: estimate, audience: 'customer', subject: 'We received your request for an in-home estimate'},
    {facts: appointment, audience: 'business', subject: 'Appointment request from Katherine Johnson (earlier form)'},
    {facts: paid, audience: 'business', subject: 'Paid booking 3F9A-2B1C: Carpet Cleaning – Every 6 Months for Björn Nguyen-Smith'},
    {facts: paid, audience: 'customer', subject: 'Your booking is confirmed: Carpet Cleaning – Every 6 Months (3F9A-2B1C)'},
  ] as const)('$facts.kind to the $audience: $subject', async ({facts, audience, subject}) => {
    expect((await compose(message(facts, audience))).mail.subject).toBe(subject)
  })

  it('a quote request from a page without a service name is "a service" to the business', async () => {
    const untitled = {...quote, pageTitle: null, pagePath: '/quote'}
    expect((await compose(message(untitled, 'business'))).mail.subject).toBe("New quote request: a service from Ada O'Hara")
  })

  it("fills an editor's own tokens, and drops ones the message does not know (or that would repeat typed text)", async () => {
    const edited: EmailWording = {
      ...wording,
      quoteRequestReceived: {...wording.quoteRequestReceived, subject: '{firstName}, your {service} quote {reference} from {companyName} {nickname}'},
      contactMessageReceived: {...wording.contactMessageReceived, subject: 'Hi {firstName} ({reference}) – call {phone} {message}'},
      businessNotifications: {...wording.businessNotifications, contactMessageSubject: '[Web] {name} wrote {service} ({reference})'},
    }
    expect((await compose(message(quote, 'customer'), {wording: edited})).mail.subject).toBe('Ada, your quote A1B2-C3D4 from Cedar River Cleaning Co.')
    expect((await compose(message(contact, 'customer'), {wording: edited})).mail.subject).toBe('Hi Grace (A1B2-C3D4) – call (425) 555-0142')
    expect((await compose(message(contact, 'business'), {wording: edited})).mail.subject).toBe('[Web] Grace Brewster Hopper wrote (A1B2-C3D4)')
  })
})

describe('addresses', () => {
  it('to the business: from and to the company, answers to the customer', async () => {
    const {mail} = await compose(message(quote, 'business'))
    expect(mail.to).toBe('hello@cedarrivercleaning.example')
    expect(mail.from).toBe('"Cedar River Cleaning Co." <hello@cedarrivercleaning.example>')
    expect(mail.replyTo).toBe('ada.ohara@example.com')
  })

  it('to the customer: answers go to the company', async () => {
    const {mail} = await compose(message(contact, 'customer'))
    expect(mail.to).toBe('grace@example.net')
    expect(mail.replyTo).toBe('hello@cedarrivercleaning.example')
  })

  it('the in-home estimate notification answers to the customer; the acknowledgement to the company', async () => {
    expect((await compose(message(estimate, 'business'))).mail.replyTo).toBe('katherine@example.org')
    const {mail} = await compose(message(estimate, 'customer'))
    expect(mail.to).toBe('katherine@example.org')
    expect(mail.replyTo).toBe('hello@cedarrivercleaning.example')
  })

  it('an earlier-form appointment notification has no one to answer to; a configured From wins', async () => {
    const {mail} = await compose(message(appointment, 'business'), {from: 'Website <web@cedar-river.example>'})
    expect(mail.replyTo).toBeUndefined()
    expect(mail.from).toBe('Website <web@cedar-river.example>')
  })

  it('keeps quotes and line breaks of the company name out of the From header', async () => {
    const recorder = recordingRender()
    const mail = await composeMail(message(contact, 'business'), {
      wording,
      company: {...company, companyName: 'Bob "The Mop" Clean\r\nBcc: x@evil.example'},
      siteUrl: SITE_URL,
      render: recorder.render,
    })
    expect(mail.from).toBe('"Bob The Mop CleanBcc: x@evil.example" <hello@cedarrivercleaning.example>')
  })

  it('has the same Message-ID on every attempt at the same message, a different one for another', async () => {
    const first = (await compose(message(paid, 'customer'))).mail.messageId
    const again = (await compose(message(paid, 'customer', {attempts: 5, lockToken: '99999999-2222-4333-8444-555555555555'}))).mail.messageId
    const business = (await compose(message(paid, 'business'))).mail.messageId
    expect(first).toBe(again)
    expect(first).toMatch(/^<[0-9a-f-]{36}@cedar-river\.example>$/)
    expect(business).not.toBe(first)
  })

  it('refuses a customer message for an appointment (the form has no e-mail)', async () => {
    await expect(compose(message(appointment, 'business', {to: 'someone@example.com', template: 'appointment.customer'}))).rejects.toThrow(/No customer e-mail/)
  })
})

describe('content', () => {
  it("the business's quote notification lists every field, the page as a link, and no sign-off", async () => {
    const {mail, view} = await compose(message(quote, 'business'))
    expect(view.sections[0].rows).toEqual([
      {label: 'Reference', value: 'A1B2-C3D4'},
      {label: 'Service page', value: 'Roof Cleaning (/roof-cleaning)'},
      {label: 'First name', value: 'Ada'},
      {label: 'Last name', value: "O'Hara"},
      {label: 'Phone', value: '(425) 555-0142'},
      {label: 'E-mail', value: 'ada.ohara@example.com'},
      {label: 'Zip code', value: '98056'},
      {label: 'Square footage', value: '2400'},
      {label: 'Desired services', value: 'Moss removal; downspouts'},
      {label: 'Heard about us', value: 'Nextdoor'},
      {label: 'Terms of Use', value: 'Accepted'},
      {label: 'Sent', value: expect.stringMatching(/^January 10, 2027 at 12:00\sPM$/)},
    ])
    expect(view.signature).toEqual([])
    expect(flat(mail.text)).toContain('https://cedar-river.example/roof-cleaning')
    expect(mail.text).not.toContain('example//roof')
    expect(view.footer).toEqual(['Cedar River Cleaning Co.', '210 Logan Ave S, Suite 3', 'Renton, WA 98057', '(425) 555-0142 · hello@cedarrivercleaning.example'])
  })

  it('leaves out the optional fields the visitor left empty', async () => {
    const {view} = await compose(message({...quote, squareFootage: null, desiredServices: null, heardAboutUs: null}, 'business'))
    expect(view.sections[0].rows.map((row) => row.label)).not.toEqual(expect.arrayContaining(['Square footage']))
    expect(view.sections[0].rows.map((row) => row.label)).toEqual([
      'Reference',
      'Service page',
      'First name',
      'Last name',
      'Phone',
      'E-mail',
      'Zip code',
      'Terms of Use',
      'Sent',
    ])
  })

  it('the in-home estimate: the business sees every field, the day and window in words; the customer only the day and window', async () => {
    const business = await compose(message(estimate, 'business'))
    const rows = Object.fromEntries(business.view.sections.flatMap((section) => section.rows).map((row) => [row.label, row.value]))
    expect(rows).toMatchObject({
      Reference: 'A1B2-C3D4',
      Service: 'Mold remediation',
      'Preferred day': 'July 6, 2027',
      'Preferred window': '8:00 AM – 10:00 AM',
      'Walk-through': 'In person, at the address',
      Name: 'Katherine Johnson',
      Phone: '(425) 555-0100',
      'E-mail': 'katherine@example.org',
      Address: '12 Cedar Lane, 98056',
    })
    expect(rows).not.toHaveProperty('Notes')
    const customer = await compose(message(estimate, 'customer'))
    expect(customer.view.sections).toEqual([])
    expect(flat(customer.mail.text)).toContain('July 6, 2027, 8:00 AM – 10:00 AM')
    for (const typed of ['Katherine', 'Cedar Lane', 'Mold', '555-0100']) expect(customer.mail.text).not.toContain(typed)
  })

  it('the appointment of the earlier form shows the time in Renton, the gender and the mode in words', async () => {
    const {view} = await compose(message(appointment, 'business'))
    const rows = Object.fromEntries(view.sections[0].rows.map((row) => [row.label, row.value]))
    expect(rows['Preferred time']).toMatch(/^July 4, 2027 at 9:15\sAM$/)
    expect(rows.Gender).toBe('Female')
    expect(rows['Preferred mode']).toBe('Voice call')
    expect(rows.Phone).toBe('(425) 555-0100')
  })

  it('greets the contact by the first word of their name and signs off for the company', async () => {
    const {view} = await compose(message(contact, 'customer'))
    expect(view.heading).toBe('Thanks for getting in touch, Grace')
    expect(view.signature).toEqual(['Warm regards,', 'Cedar River Cleaning Co.', '(425) 555-0142'])
    expect(view.paragraphs).toEqual(['Your message has reached our team at Cedar River Cleaning Co. Its reference is A1B2-C3D4.'])
  })

  it('the booking confirmation: every charge with the discount as a minus, the total, the notice, and a calendar file for the date', async () => {
    const {mail, view} = await compose(message(paid, 'customer'))
    expect(view.charges).toEqual({
      heading: 'Charges',
      rows: [
        {label: 'Rooms: 2 × $47.00', amount: '$94.00'},
        {label: 'Staircases: 1 × $47.00', amount: '$47.00'},
        {label: 'HALLWAYS: 2 × $7.42', amount: '$14.84'},
        {label: 'Coupon save20 (20 % (−$31.17))', amount: '−$31.17'},
      ],
      total: {label: 'Total paid', amount: '$124.67'},
    })
    expect(view.sections[0].rows).toEqual([
      {label: 'Reference', value: '3F9A-2B1C'},
      {label: 'Service', value: 'Carpet Cleaning – Every 6 Months'},
      {label: 'Date', value: 'December 31, 2030'},
      {label: 'Location', value: 'King County'},
      {label: 'Address', value: '88 Main Ave S, Kent, WA 98032'},
    ])
    expect(view.closing.join(' ')).toContain('at least 24 hours before your appointment')
    expect(view.closing.join(' ')).toContain('(425) 555-0142')
    expect(flat(mail.text)).toMatch(/Total paid \$124\.67/)

    expect(mail.attachments).toHaveLength(1)
    const [calendar] = mail.attachments ?? []
    expect(calendar.filename).toBe('booking-3F9A-2B1C.ics')
    expect(calendar.contentType).toMatch(/^text\/calendar/)
    const vevent = new ICAL.Component(ICAL.parse(calendar.content)).getFirstSubcomponent('vevent')
    expect((vevent?.getFirstPropertyValue('dtstart') as ICAL.Time).toString()).toBe('2030-12-31')
    expect((vevent?.getFirstPropertyValue('dtend') as ICAL.Time).toString()).toBe('2031-01-01')
    expect(vevent?.getFirstPropertyValue('uid')).toBe('3f9a2b1c-5d6e-4f70-8a9b-0c1d2e3f4a5b@cedar-river.example')
    expect(vevent?.getFirstPropertyValue('summary')).toBe('Carpet Cleaning – Every 6 Months (Cedar River Cleaning Co.)')
  })

  it('an exterior booking (no date) is confirmed without a date row and without a calendar file', async () => {
    const exterior: BookingPaidFacts = {...paid, industry: 'exterior', service: 'Exterior Cleaning – Gutter Cleaning, One-Time', date: null, location: null}
    const {mail, view} = await compose(message(exterior, 'customer'))
    expect(view.sections[0].rows.map((row) => row.label)).toEqual(['Reference', 'Service', 'Address'])
    expect(mail.attachments).toBeUndefined()
    expect(mail.subject).toBe('Your booking is confirmed: Exterior Cleaning – Gutter Cleaning, One-Time (3F9A-2B1C)')
  })

  it('the business gets the paid booking with the customer, every detail, the notes and the charges; no calendar file', async () => {
    const {mail, view} = await compose(message(paid, 'business'))
    expect(view.sections.map((section) => section.heading)).toEqual(['Customer', 'Booking'])
    expect(view.sections[0].rows).toEqual([
      {label: 'Name', value: 'Björn Nguyen-Smith'},
      {label: 'E-mail', value: 'bjorn@example.org'},
      {label: 'Phone', value: '(206) 555-0199'},
      {label: 'Address', value: '88 Main Ave S, Kent, WA 98032'},
    ])
    expect(view.sections[1].rows).toEqual([
      {label: 'Reference', value: '3F9A-2B1C'},
      {label: 'Rooms', value: '2'},
      {label: 'Staircases', value: '1'},
      {label: 'Notes', value: 'Side gate'},
    ])
    expect(view.charges?.total).toEqual({label: 'Total paid', amount: '$124.67'})
    expect(mail.attachments).toBeUndefined()
    expect(mail.replyTo).toBe('bjorn@example.org')
  })

  it('escapes what people typed in the HTML part', async () => {
    const {mail} = await compose(message({...contact, message: '<script>alert(1)</script> & <b>bold</b>'}, 'business'))
    expect(mail.html).not.toContain('<script>alert(1)</script>')
    expect(mail.html).toContain('&lt;script&gt;')
    expect(mail.text).toContain('<script>alert(1)</script> & <b>bold</b>')
  })
})

describe('the manage link, and the e-mails of a move or a cancellation request', () => {
  const windowed: BookingPaidFacts = {...paid, arrivalWindow: '08:00-10:00', windowStartsAt: '2030-12-31T16:00:00.000Z'}
  const manageUrl = ({id, windowStartsAt, linkGeneration}: ManageLinkFor) => `https://cedar-river.example/manage-booking/${id}.${windowStartsAt}.${linkGeneration}.sig`
  const change = {
    id: paid.id,
    reference: paid.reference,
    industry: paid.industry,
    service: paid.service,
    location: paid.location,
    customer: paid.customer,
    totalCents: paid.totalCents,
    fromDate: '2030-12-31',
    fromWindow: '08:00-10:00',
    changedAt: '2030-12-22T19:05:00.000Z',
    linkGeneration: 2,
  }
  const moved: BookingRescheduledFacts = {
    kind: 'booking_rescheduled',
    ...change,
    toDate: '2031-01-03',
    toWindow: '12:00-14:00',
    windowStartsAt: '2031-01-03T20:00:00.000Z',
    sequence: 2,
  }
  const cancelling: BookingCancellationRequestedFacts = {kind: 'booking_cancellation_requested', ...change, windowStartsAt: '2030-12-31T16:00:00.000Z'}

  it('the confirmation of a booking with a window links to its manage page, in the HTML and the text', async () => {
    const {mail, view} = await compose(message(windowed, 'customer'), {manageUrl})
    const url = 'https://cedar-river.example/manage-booking/3f9a2b1c-5d6e-4f70-8a9b-0c1d2e3f4a5b.2030-12-31T16:00:00.000Z.0.sig'
    expect(view.action).toEqual({text: expect.stringContaining('until 24 hours before your arrival window'), label: 'Manage your booking', url})
    expect(mail.html).toContain(`href="${url}"`)
    expect(flat(mail.text)).toContain(`Manage your booking ${url}`)
    expect(view.sections[0].rows).toContainEqual({label: 'Arrival window', value: '8:00 AM – 10:00 AM'})
  })

  it('the confirmation gives the 24-hour advice once: with a manage link its sentence, without one the notice', async () => {
    const linked = await compose(message(windowed, 'customer'), {manageUrl})
    expect(flat(linked.mail.text).match(/24 hours/g)).toHaveLength(1)
    expect(linked.mail.html.match(/24 hours/g)).toHaveLength(1)
    expect(flat(linked.mail.text)).toContain(`${wording.bookingConfirmation.manageLinkText} ${wording.bookingConfirmation.manageLinkLabel}`)
    const unlinked = await compose(message(paid, 'customer'))
    expect(flat(unlinked.mail.text).match(/24 hours/g)).toHaveLength(1)
    expect(flat(unlinked.mail.text)).toContain('at least 24 hours before your appointment')
  })

  it("the e-mails of a move and a cancellation request, the link's words, the headings and the calendar note are the content's", async () => {
    const edited: EmailWording = {
      ...wording,
      bookingConfirmation: {...wording.bookingConfirmation, manageLinkLabel: 'Change it here', calendarNote: 'Ref {reference}; call {phone} to change it.'},
      bookingMoved: {
        subject: 'Moved: {reference} to {slot}',
        preview: 'Now {slot}.',
        heading: 'New time, {firstName}',
        body: '{service} moves from {previousSlot} to {slot}.',
        closing: 'Ring {companyName} on {phone}.',
        manageLinkText: 'New link for {reference}:',
      },
      cancellationRequestReceived: {
        subject: 'Cancel {reference}?',
        preview: 'About {slot}.',
        heading: 'Noted, {firstName}',
        body: 'We will cancel {service} on {slot} once we confirm it.',
        closing: 'Call {phone}.',
        manageLinkText: 'Your request is on the page of {reference}:',
      },
      sectionHeadings: {booking: 'The visit', charges: 'What you paid'},
    }
    const move = await compose(message(moved, 'customer'), {manageUrl, wording: edited})
    expect(move.mail.subject).toBe('Moved: 3F9A-2B1C to January 3, 2031, 12:00 PM – 2:00 PM')
    expect(move.view).toMatchObject({
      preview: 'Now January 3, 2031, 12:00 PM – 2:00 PM.',
      heading: 'New time, Björn',
      paragraphs: ['Carpet Cleaning – Every 6 Months moves from December 31, 2030, 8:00 AM – 10:00 AM to January 3, 2031, 12:00 PM – 2:00 PM.'],
      closing: ['Ring Cedar River Cleaning Co. on (425) 555-0142.'],
      action: {text: 'New link for 3F9A-2B1C:', label: 'Change it here'},
    })
    expect(move.view.sections[0].heading).toBe('The visit')
    const [calendar] = move.mail.attachments ?? []
    const vevent = new ICAL.Component(ICAL.parse(calendar.content)).getFirstSubcomponent('vevent')
    expect(vevent?.getFirstPropertyValue('description')).toBe('Ref 3F9A-2B1C; call (425) 555-0142 to change it.')

    const cancel = await compose(message(cancelling, 'customer'), {manageUrl, wording: edited})
    expect(cancel.mail.subject).toBe('Cancel 3F9A-2B1C?')
    expect(cancel.view).toMatchObject({
      preview: 'About December 31, 2030, 8:00 AM – 10:00 AM.',
      heading: 'Noted, Björn',
      paragraphs: ['We will cancel Carpet Cleaning – Every 6 Months on December 31, 2030, 8:00 AM – 10:00 AM once we confirm it.'],
      closing: ['Call (425) 555-0142.'],
      action: {text: 'Your request is on the page of 3F9A-2B1C:', label: 'Change it here'},
    })
    expect(cancel.view.sections[0].heading).toBe('The visit')

    const confirmation = await compose(message(paid, 'customer'), {wording: edited})
    expect([confirmation.view.sections[0].heading, confirmation.view.charges?.heading]).toEqual(['The visit', 'What you paid'])
  })

  it('no link without a window (older bookings) or without a signing key, and never to the business', async () => {
    expect((await compose(message(paid, 'customer'), {manageUrl})).view.action ?? null).toBeNull()
    expect((await compose(message(windowed, 'customer'))).view.action ?? null).toBeNull()
    const business = await compose(message(windowed, 'business'), {manageUrl})
    // The business's link is to the booking in the office, never the customer's manage page.
    expect(business.view.action?.url).toBe(`https://cedar-river.example/office/bookings/${windowed.id}`)
    expect(business.mail.html).not.toContain('manage-booking')
  })

  it('a move: the customer gets the new date and window, the old one, a new link and the calendar event moved', async () => {
    const {mail, view} = await compose(message(moved, 'customer'), {manageUrl})
    expect(mail.to).toBe('bjorn@example.org')
    expect(mail.subject).toBe('Your booking 3F9A-2B1C is moved to January 3, 2031, 12:00 PM – 2:00 PM')
    expect(view.sections[0].rows).toEqual([
      {label: 'Reference', value: '3F9A-2B1C'},
      {label: 'Service', value: 'Carpet Cleaning – Every 6 Months'},
      {label: 'Date', value: 'January 3, 2031'},
      {label: 'Arrival window', value: '12:00 PM – 2:00 PM'},
      {label: 'Was', value: 'December 31, 2030, 8:00 AM – 10:00 AM'},
      {label: 'Address', value: '88 Main Ave S, Kent, WA 98032'},
    ])
    // A new link: of the generation the move issued, lasting past the new window.
    expect(view.action?.url).toBe('https://cedar-river.example/manage-booking/3f9a2b1c-5d6e-4f70-8a9b-0c1d2e3f4a5b.2031-01-03T20:00:00.000Z.2.sig')
    expect(flat(mail.text)).toContain(`${wording.bookingMoved.manageLinkText} ${wording.bookingConfirmation.manageLinkLabel} ${view.action?.url}`)
    expect(wording.bookingMoved.manageLinkText).toMatch(/earlier e-mails no longer works/)
    const [calendar] = mail.attachments ?? []
    const vevent = new ICAL.Component(ICAL.parse(calendar.content)).getFirstSubcomponent('vevent')
    expect(vevent?.getFirstPropertyValue('uid')).toBe('3f9a2b1c-5d6e-4f70-8a9b-0c1d2e3f4a5b@cedar-river.example')
    expect(vevent?.getFirstPropertyValue('sequence')).toBe(2)
    expect((vevent?.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe('2031-01-03T20:00:00.000Z')
    expect((vevent?.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString()).toBe('2031-01-03T22:00:00.000Z')
  })

  it('a move: the business is told what was and what is, with the customer to answer', async () => {
    const {mail, view} = await compose(message(moved, 'business'))
    expect(mail.to).toBe(company.email)
    expect(mail.replyTo).toBe('bjorn@example.org')
    expect(mail.subject).toBe('Booking 3F9A-2B1C moved to January 3, 2031, 12:00 PM – 2:00 PM (Björn Nguyen-Smith)')
    expect(view.sections[0].rows).toContainEqual({label: 'Was', value: 'December 31, 2030, 8:00 AM – 10:00 AM'})
    expect(view.sections[0].rows).toContainEqual({label: 'Now', value: 'January 3, 2031, 12:00 PM – 2:00 PM'})
    expect(view.closing).toEqual(['Moved December 22, 2030 at 11:05 AM.'])
    expect(mail.attachments).toBeUndefined()
  })

  it('a cancellation request: the business learns it stays paid until they cancel and refund; the customer that it was received', async () => {
    const business = await compose(message(cancelling, 'business'))
    expect(business.mail.subject).toBe('Cancellation request: booking 3F9A-2B1C (Björn Nguyen-Smith)')
    expect(flat(business.mail.text)).toContain('It stays booked and paid ($124.67) until you cancel and refund it')
    expect(business.view.sections[0].rows).toContainEqual({label: 'Date and window', value: 'December 31, 2030, 8:00 AM – 10:00 AM'})
    const customer = await compose(message(cancelling, 'customer'), {manageUrl})
    expect(customer.mail.subject).toBe('We received your request to cancel booking 3F9A-2B1C')
    expect(customer.mail.attachments).toBeUndefined()
    // The request replaces the link too: the e-mail carries the new one.
    const url = 'https://cedar-river.example/manage-booking/3f9a2b1c-5d6e-4f70-8a9b-0c1d2e3f4a5b.2030-12-31T16:00:00.000Z.2.sig'
    expect(customer.view.action).toEqual({text: wording.cancellationRequestReceived.manageLinkText, label: wording.bookingConfirmation.manageLinkLabel, url})
    expect(customer.mail.html).toContain(`href="${url}"`)
    // One queued before links had generations (no window in it): no link rather than a wrong one.
    const older = {...cancelling, windowStartsAt: undefined, linkGeneration: undefined}
    expect((await compose(message(older, 'customer'), {manageUrl})).view.action ?? null).toBeNull()
  })
})

describe('acknowledgements to an address nobody has confirmed (no relay for strangers’ text)', () => {
  // A distinctive string in every field the visitor types: none may reach the acknowledgement.
  const typedQuote: QuoteRequestFacts = {
    ...quote,
    firstName: 'Zelda',
    lastName: 'Qxlastname',
    phone: '4255550177',
    email: 'qxmail@example.com',
    zipCode: '98077',
    squareFootage: 7777,
    desiredServices: 'QXDESIRED visit https://evil.example/prize',
    heardAboutUs: 'QXHEARD',
    pageTitle: 'QXPAGETITLE claim your prize',
  }
  const typedContact: ContactMessageFacts = {
    ...contact,
    name: 'Zelda Qxcontactname',
    email: 'qxcontact@example.com',
    phone: '2065550166',
    message: 'QXMESSAGE: you won! https://evil.example/prize',
  }
  const typedEstimate: EstimateRequestFacts = {
    ...estimate,
    fullName: 'Qxfullname Person',
    phone: '4255550155',
    email: 'qxestimate@example.com',
    address: '77 QXADDRESS Street',
    zipCode: '98066',
    service: 'QXSERVICE',
    notes: 'QXNOTES https://evil.example/prize',
  }
  const typed = {
    quote: ['Qxlastname', '555-0177', '5550177', 'qxmail', '98077', '7777', '7,777', 'QXDESIRED', 'evil.example', 'QXHEARD', 'QXPAGETITLE', 'prize'],
    contact: ['Qxcontactname', '555-0166', '5550166', 'QXMESSAGE', 'evil.example', 'prize', 'you won'],
    estimate: ['Qxfullname', '555-0155', '5550155', 'QXADDRESS', '98066', 'QXSERVICE', 'QXNOTES', 'evil.example', 'prize'],
  }

  /** Everything the recipient can read: subject, both parts, the preview line, the calendar file. */
  function readable(mail: Awaited<ReturnType<typeof compose>>['mail'], view: EmailView): string {
    return [mail.subject, mail.html, mail.text, view.preview, ...(mail.attachments ?? []).map((a) => String(a.content))].join('\n')
  }

  it.each([
    ['quote request', typedQuote, typed.quote, 'Zelda'],
    ['contact message', typedContact, typed.contact, 'Zelda'],
    ['estimate request', typedEstimate, typed.estimate, null],
  ] as const)('the %s acknowledgement repeats none of it: the first name, a reference and what happens next', async (_kind, facts, strings, firstName) => {
    const {mail, view} = await compose(message(facts, 'customer'))
    const text = readable(mail, view)
    for (const string of strings) expect(text, string).not.toContain(string)
    expect(mail.to).toBe(facts.email)
    // The reference the customer can quote on the phone, in both parts; the business's notification shows the same.
    expect(flat(mail.text)).toContain('A1B2-C3D4')
    expect(mail.html).toContain('A1B2-C3D4')
    if (firstName) expect(view.heading).toContain(firstName)
    expect(view.sections).toEqual([])
    expect(view.closing.join(' ')).toMatch(/business day|call you/)
    const business = await compose(message(facts, 'business'))
    expect(flat(business.mail.text)).toContain('A1B2-C3D4')
  })

  it('only the first word of a typed first name', async () => {
    const {mail, view} = await compose(message({...typedQuote, firstName: 'Zelda QXSECONDWORD visit evil.example'}, 'customer'))
    expect(view.heading).toContain('Zelda')
    expect(readable(mail, view)).not.toContain('QXSECONDWORD')
  })

  it('the business notification keeps everything that was typed', async () => {
    const quoteNotice = await compose(message(typedQuote, 'business'))
    for (const string of ['Qxlastname', 'qxmail', 'QXDESIRED', 'QXHEARD', '98077']) expect(quoteNotice.mail.text, string).toContain(string)
    const contactNotice = await compose(message(typedContact, 'business'))
    expect(flat(contactNotice.mail.text)).toContain('QXMESSAGE: you won!')
    const estimateNotice = await compose(message(typedEstimate, 'business'))
    for (const string of ['QXADDRESS', 'QXSERVICE', 'QXNOTES', 'Qxfullname']) expect(estimateNotice.mail.text, string).toContain(string)
  })
})

describe('the e-mail of a booking the office cancelled', () => {
  const cancelled = (refundedCents: number, latePayment = false): BookingCancelledFacts => ({
    kind: 'booking_cancelled',
    id: paid.id,
    reference: paid.reference,
    industry: paid.industry,
    service: paid.service,
    location: paid.location,
    customer: paid.customer,
    totalCents: paid.totalCents,
    fromDate: '2030-12-31',
    fromWindow: '08:00-10:00',
    changedAt: '2030-12-22T19:05:00.000Z',
    refundedCents,
    ...(latePayment ? {latePayment: true} : {}),
  })

  it('says it is cancelled and how much was refunded, in the content\'s words, with no calendar file', async () => {
    const {mail, view} = await compose(message(cancelled(5_000), 'customer'))
    expect(mail.to).toBe(paid.customer.email)
    expect(mail.subject).toBe('Your booking 3F9A-2B1C is cancelled')
    expect(flat(mail.text)).toContain('We have refunded $50.00 to the card you paid with.')
    expect(view.sections[0].rows).toContainEqual({label: 'Refunded', value: '$50.00'})
    expect(mail.attachments).toBeUndefined()
  })

  it('without a refund, and for a late payment refunded, says so instead', async () => {
    const none = await compose(message(cancelled(0), 'customer'))
    expect(flat(none.mail.text)).toContain(wording.bookingCancelled.noRefundText)
    expect(flat(none.mail.text)).not.toContain('We have refunded')
    const late = await compose(message(cancelled(paid.totalCents, true), 'customer'))
    expect(flat(late.mail.text)).toContain('after the time we held for your booking had ended')
  })
})

/*
 * The confirmation of a plan's first visit: the plan's paragraph and table
 * of next visits in the content's words, and a calendar file with one event per visit (each UID its
 * own), read back with ical.js as calendar programs read it.
 */

const FIRST_ID = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f'
const plan: PlanFacts = {
  frequency: 'Weekly',
  cadence: 'weekly',
  arrivalWindow: '08:00-10:00',
  weekday: 'tuesday',
  visits: [
    {date: '2031-01-07', window: '08:00-10:00', windowStartsAt: '2031-01-07T16:00:00.000Z'},
    {date: '2031-01-14', window: '08:00-10:00', windowStartsAt: '2031-01-14T16:00:00.000Z'},
    // Its week's 8–10 window was full: placed in that day's 12–2 window.
    {date: '2031-01-21', window: '12:00-14:00', windowStartsAt: '2031-01-21T20:00:00.000Z'},
  ],
}

/** House Regular Cleaning, Weekly, 1 bedroom and 1 bathroom: $115.99, on Tuesday, December 31, 2030, 8–10 AM. */
const planPaid: BookingPaidFacts = {
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

const calendarEvents = (file: string) => new ICAL.Component(ICAL.parse(file)).getAllSubcomponents('vevent').map((component) => new ICAL.Event(component))

/** The customer's confirmation of `facts`, with a manage link. */
const composePlan = (facts: BookingPaidFacts) => compose(message(facts, 'customer'), {manageUrl: ({id}) => `https://cedar-river.example/manage-booking/${id}.sig`})

describe("the confirmation of a plan's first visit", () => {
  it('tells the plan, its weekday and window, and its next visits in a table, in the HTML and the text', async () => {
    const {mail, view} = await composePlan({...planPaid, plan})
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
    const {mail} = await composePlan({...planPaid, plan})
    const file = mail.attachments?.[0]
    expect(file?.filename).toBe('booking-7C1D-2E3F.ics')
    const events = calendarEvents(String(file?.content))
    expect(
      events.map((event) => ({uid: event.uid, start: event.startDate.toJSDate().toISOString(), end: event.endDate.toJSDate().toISOString(), recurring: event.isRecurring()})),
    ).toEqual([
      {uid: `${FIRST_ID}@cedar-river.example`, start: '2030-12-31T16:00:00.000Z', end: '2030-12-31T18:00:00.000Z', recurring: false},
      {uid: `${FIRST_ID}-2031-01-07@cedar-river.example`, start: '2031-01-07T16:00:00.000Z', end: '2031-01-07T18:00:00.000Z', recurring: false},
      {uid: `${FIRST_ID}-2031-01-14@cedar-river.example`, start: '2031-01-14T16:00:00.000Z', end: '2031-01-14T18:00:00.000Z', recurring: false},
      {uid: `${FIRST_ID}-2031-01-21@cedar-river.example`, start: '2031-01-21T20:00:00.000Z', end: '2031-01-21T22:00:00.000Z', recurring: false},
    ])
    expect(events[3].location).toBe('1200 Maple Valley Hwy, Renton, WA 98058')
    expect(events.every((event) => event.summary === 'House Cleaning – Regular Cleaning, Weekly (Cedar River Cleaning Co.)')).toBe(true)
  })

  it("a visit the facts name by its booking gets that booking's UID, the one a move of it replaces", async () => {
    const named = {...plan, visits: plan.visits.map((visit, index) => ({...visit, id: `11111111-0000-4000-8000-00000000000${index + 2}`}))}
    const {mail} = await composePlan({...planPaid, plan: named})
    expect(calendarEvents(String(mail.attachments?.[0]?.content)).map((event) => event.uid)).toEqual([
      `${FIRST_ID}@cedar-river.example`,
      '11111111-0000-4000-8000-000000000002@cedar-river.example',
      '11111111-0000-4000-8000-000000000003@cedar-river.example',
      '11111111-0000-4000-8000-000000000004@cedar-river.example',
    ])
  })

  it('a one-time booking says nothing of a plan and its file holds its one event', async () => {
    const {mail, view} = await composePlan(planPaid)
    expect(view.sections).toHaveLength(1)
    expect(flat(mail.text)).not.toContain('Your cleaning plan')
    const calendar = new ICAL.Component(ICAL.parse(String(mail.attachments?.[0]?.content)))
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(1)
  })
})
