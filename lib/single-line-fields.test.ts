import {describe, expect, it} from 'vitest'
import type * as z from 'zod'
import type {FormSettingsQueryResult} from '@/sanity.types'
import {createBookingSchemas, fieldMessages} from './booking/schemas'
import {bookingMessageText} from './booking/message-keys'
import {allDatasetBookingMessages} from './booking/test-support/messages'
import {queryLocalDataset} from './content/local-dataset'
import {formSettingsQuery} from './content/queries'
import {createLeadSchemas, fieldMessageKeys, type LeadMessages} from './leads/schemas'
import {appointmentSubmission, contactSubmission, quoteSubmission} from './leads/test-support/submissions'

/**
 * The line breaks other than CR and LF (NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR) and every C1
 * control character, in every single-line field of every form: each is refused with the message its
 * field shows (the content's words, as the browser reads them; the server runs the same schemas).
 * Multi-line fields take NEL, U+2028 and U+2029 as plain line breaks and refuse the other C1 controls.
 */

const C1 = Array.from({length: 0x20}, (_, i) => String.fromCharCode(0x80 + i))
const CHARACTERS = [...C1, '\u2028', '\u2029']
const hex = (char: string) => `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`

/** `value` with `char` inside it (at either end `trim` would drop a line separator, harmlessly). */
const inside = (value: string, char: string) => `${value.slice(0, 3)}${char}${value.slice(3)}`

const forms = await queryLocalDataset<FormSettingsQueryResult>(formSettingsQuery)
if (!forms?.messages) throw new Error('The local dataset has no Forms document with messages')
const m = forms.messages as LeadMessages
const leads = createLeadSchemas(m)

function leadProblems(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input)
  return result.success ? {} : fieldMessageKeys(result.error)
}

// Each lead form's single-line fields, a valid value, and the message the field shows.
const LEAD_FIELDS: [form: string, field: string, schema: z.ZodType, submission: (o: Record<string, unknown>) => Record<string, unknown>, value: string, message: string][] = [
  ['quote', 'firstName', leads.quoteRequestSchema, quoteSubmission, 'Evelyn', m.unsupportedCharacters],
  ['quote', 'lastName', leads.quoteRequestSchema, quoteSubmission, 'Lovelace', m.unsupportedCharacters],
  ['quote', 'phone', leads.quoteRequestSchema, quoteSubmission, '425-555-0142', m.phoneInvalid],
  ['quote', 'email', leads.quoteRequestSchema, quoteSubmission, 'eve@example.com', m.emailInvalid],
  ['quote', 'zipCode', leads.quoteRequestSchema, quoteSubmission, '98056', m.zipCodeInvalid],
  ['quote', 'squareFootage', leads.quoteRequestSchema, quoteSubmission, '2400 sq ft', m.unsupportedCharacters],
  ['quote', 'heardAboutUs', leads.quoteRequestSchema, quoteSubmission, 'A friend', m.unsupportedCharacters],
  ['contact', 'name', leads.contactMessageSchema, contactSubmission, 'Grace Hopper', m.unsupportedCharacters],
  ['contact', 'phone', leads.contactMessageSchema, contactSubmission, '206.555.0199', m.phoneInvalid],
  ['contact', 'email', leads.contactMessageSchema, contactSubmission, 'grace@example.net', m.emailInvalid],
  ['estimate', 'fullName', leads.appointmentSchema, appointmentSubmission, 'Katherine Johnson', m.unsupportedCharacters],
  ['estimate', 'phone', leads.appointmentSchema, appointmentSubmission, '425-555-0100', m.phoneInvalid],
  ['estimate', 'email', leads.appointmentSchema, appointmentSubmission, 'kj@example.org', m.emailInvalid],
  ['estimate', 'address', leads.appointmentSchema, appointmentSubmission, '1200 Lake Washington Blvd N', m.unsupportedCharacters],
  ['estimate', 'zipCode', leads.appointmentSchema, appointmentSubmission, '98056', m.zipCodeInvalid],
  ['estimate', 'service', leads.appointmentSchema, appointmentSubmission, 'Window cleaning', m.unsupportedCharacters],
  ['estimate', 'visitDate', leads.appointmentSchema, appointmentSubmission, '2027-02-03', m.visitDateUnavailable],
  ['estimate', 'visitWindow', leads.appointmentSchema, appointmentSubmission, '09:00-11:00', m.visitWindowUnavailable],
]

describe('lead forms: single-line fields refuse NEL, U+2028, U+2029 and C1 controls', () => {
  it.each(LEAD_FIELDS)('%s form, %s: every character is refused with its message', (_form, field, schema, submission, value, message) => {
    expect(leadProblems(schema, submission({[field]: value})), 'the valid value passes').toEqual({})
    for (const char of CHARACTERS) {
      expect(leadProblems(schema, submission({[field]: inside(value, char)})), hex(char)).toEqual({[field]: message})
    }
  })

  it("the page's service (sent with a quote request) refuses them too", () => {
    for (const char of CHARACTERS) {
      expect(leadProblems(leads.quoteRequestSchema, quoteSubmission({page: {path: '/roof-cleaning', title: inside('Roof Cleaning', char)}})), hex(char)).toEqual({
        'page.title': m.unsupportedCharacters,
      })
    }
  })
})

const NOW = new Date('2025-06-15T03:00:00Z')
const booking = createBookingSchemas(() => NOW)
const CONTENT = await allDatasetBookingMessages()
const customer = {
  idempotencyKey: '3f8a2c1e-9b7d-4e6f-8a5b-1c2d3e4f5a6b',
  firstName: 'Evelyn',
  lastName: 'Lovelace',
  email: 'eve@example.com',
  phone: '425-555-0142',
  address: '200 Mill Ave S, Renton, WA 98057',
  arrivalWindow: '08:00-10:00',
  date: '2025-06-14',
}
const BOOKINGS = {
  house: {
    ...customer,
    industry: 'house',
    location: 'King County',
    service: 'Deep Cleaning',
    bedrooms: 2,
    bathrooms: 1,
    halfBaths: 0,
    dens: 0,
    instructions: {howClean: 'Mostly Clean', getInside: 'leave the key', whereToPark: 'Park in my Driveway'},
    tip: '15%',
    parkingFee: '$5',
    coupon: 'save10',
  },
  exterior: {...customer, industry: 'exterior', service: 'Roof Cleaning', frequency: 'Every 6 Months'},
  carpet: {...customer, industry: 'carpet', location: 'Snohomish County', frequency: 'One-Time', rooms: 2, stairs: 0, coupon: 'save10'},
  commercial: {...customer, industry: 'commercial', subService: 'Corporate Office Cleaning', frequency: 'Recurring'},
} as const

/** Field path → the text the customer reads (the server's reference in the form's content words). */
function bookingProblems(input: Record<string, unknown>): Record<string, string> {
  const result = booking.bookingRequestSchema.safeParse(input)
  if (result.success) return {}
  const form = CONTENT[input.industry as keyof typeof CONTENT]
  return Object.fromEntries(Object.entries(fieldMessages(result.error)).map(([path, reference]) => [path, bookingMessageText(form, reference)]))
}

const BOOKING_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address', 'date', 'arrivalWindow', 'coupon'] as const

describe('booking forms (customer details and the rest): single-line fields refuse them', () => {
  for (const [industry, valid] of Object.entries(BOOKINGS)) {
    const fields = BOOKING_FIELDS.filter((field) => field in valid)
    it.each(fields)(`${industry} form, %s: every character is refused with its message`, (field) => {
      expect(bookingProblems(valid), 'the valid booking passes').toEqual({})
      const value = String((valid as Record<string, unknown>)[field])
      // The field's own message: the one it shows for a character it cannot take.
      const expected = bookingProblems({...valid, [field]: inside(value, '\u0007')})[field]
      expect(expected).toBeTruthy()
      for (const char of CHARACTERS) {
        expect(bookingProblems({...valid, [field]: inside(value, char)}), hex(char)).toEqual({[field]: expected})
      }
    })
  }

  it("names the field in the customer's details", () => {
    const form = CONTENT.house
    expect(bookingProblems({...BOOKINGS.house, firstName: 'Eve\u2028Bcc: x@example.com'})).toEqual({
      firstName: bookingMessageText(form, 'unsupportedCharacters?field=first+name'),
    })
    expect(bookingProblems({...BOOKINGS.house, firstName: 'Eve\u2028Bcc: x@example.com'}).firstName).toBe('Please remove unsupported characters from the first name.')
    expect(bookingProblems({...BOOKINGS.house, address: '1 Main St\u0085Bcc: x'}).address).toBe('Please remove unsupported characters from the address.')
  })
})

describe('multi-line fields keep their line breaks', () => {
  it('take CR and LF as they are, and NEL, U+2028, U+2029 as plain line breaks', () => {
    const contact = leads.contactMessageSchema.safeParse(contactSubmission({message: 'Line one\r\nLine two\u2028Line three\u2029Line four\u0085Line five'}))
    expect(contact.success && contact.data.message).toBe('Line one\r\nLine two\nLine three\nLine four\nLine five')
    const quote = leads.quoteRequestSchema.safeParse(quoteSubmission({desiredServices: 'Roof\u2028Gutters'}))
    expect(quote.success && quote.data.desiredServices).toBe('Roof\nGutters')
    const estimate = leads.appointmentSchema.safeParse(appointmentSubmission({notes: 'Dog\u2029Gate code 12'}))
    expect(estimate.success && estimate.data.notes).toBe('Dog\nGate code 12')
    const house = booking.houseBookingSchema.safeParse({...BOOKINGS.house, notes: 'Gate\u2028Code 1234'})
    expect(house.success && house.data.notes).toBe('Gate\nCode 1234')
  })

  it('refuse the other C1 control characters with their message', () => {
    for (const char of C1.filter((c) => c !== '\u0085')) {
      expect(leadProblems(leads.contactMessageSchema, contactSubmission({message: `Hello${char}there`})), hex(char)).toEqual({message: m.unsupportedCharacters})
      expect(leadProblems(leads.quoteRequestSchema, quoteSubmission({desiredServices: `Roof${char}`})), hex(char)).toEqual({desiredServices: m.unsupportedCharacters})
      expect(leadProblems(leads.appointmentSchema, appointmentSubmission({notes: `Dog${char}`})), hex(char)).toEqual({notes: m.unsupportedCharacters})
      expect(bookingProblems({...BOOKINGS.house, notes: `Gate${char}1234`}), hex(char)).toEqual({notes: 'Please remove unsupported characters from the notes.'})
    }
  })
})
