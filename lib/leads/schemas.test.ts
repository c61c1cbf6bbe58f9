import {describe, expect, it} from 'vitest'
import type {FormSettingsQueryResult} from '@/sanity.types'
import {queryLocalDataset} from '../content/local-dataset'
import {formSettingsQuery} from '../content/queries'
import {
  createLeadSchemas,
  fieldMessageKeys,
  isPhoneTypedInvalid,
  LEAD_MESSAGE_KEYS,
  LEAD_MESSAGE_KEYS_AS_TEXT,
  type LeadMessages,
} from './schemas'
import {appointmentSubmission, contactSubmission, quoteSubmission, VISIT_DATE, VISIT_WINDOW} from './test-support/submissions'

/**
 * The lead forms' schemas as the server runs them (each message is its key) and as the browser runs
 * them (each message is the content's text for its key).
 */

const schemas = createLeadSchemas(LEAD_MESSAGE_KEYS_AS_TEXT)

type Schema = {safeParse(value: unknown): {success: true; data: unknown} | {success: false; error: Parameters<typeof fieldMessageKeys>[0]}}

/** Field path → message key, or {} when the input is valid. */
function problems(schema: Schema, input: unknown): Record<string, string> {
  const result = schema.safeParse(input)
  return result.success ? {} : fieldMessageKeys(result.error)
}

function parsed<T>(schema: {safeParse(value: unknown): {success: boolean; data?: T; error?: unknown}}, input: unknown): T {
  const result = schema.safeParse(input)
  if (!result.success) throw new Error(`Expected valid input, got ${JSON.stringify(result.error)}`)
  return result.data as T
}

describe('quote request', () => {
  const quote = schemas.quoteRequestSchema

  it('names every missing required field with its own message, and nothing for the optional ones', () => {
    const empty = {submissionKey: quoteSubmission().submissionKey, page: {path: '/gutter-cleaning'}}
    expect(problems(quote, empty)).toEqual({
      firstName: 'firstNameRequired',
      lastName: 'lastNameRequired',
      phone: 'phoneRequired',
      email: 'emailRequired',
      zipCode: 'zipCodeRequired',
      termsAccepted: 'termsRequired',
    })
  })

  it('treats blank and whitespace-only text as missing', () => {
    const blank = quoteSubmission({firstName: '   ', lastName: '\t', phone: ' ', email: '  ', zipCode: ''})
    expect(problems(quote, blank)).toEqual({
      firstName: 'firstNameRequired',
      lastName: 'lastNameRequired',
      phone: 'phoneRequired',
      email: 'emailRequired',
      zipCode: 'zipCodeRequired',
    })
  })

  it.each([false, 'true', 'on', 1, null])('requires the terms checkbox to be ticked (%j is not)', (termsAccepted) => {
    expect(problems(quote, quoteSubmission({termsAccepted}))).toEqual({termsAccepted: 'termsRequired'})
  })

  it.each([
    ['(425) 555-0142', '4255550142'],
    ['425-555-0142', '4255550142'],
    ['425.555.0142', '4255550142'],
    ['425 555 0142', '4255550142'],
    ['4255550142', '4255550142'],
    ['+1 (206) 555-0199', '2065550199'],
    ['+1 206 555 0199', '2065550199'],
    ['  425 555 0142  ', '4255550142'],
  ])('takes the phone %j as the ten digits %s', (phone, digits) => {
    expect(parsed<{phone: string}>(quote, quoteSubmission({phone})).phone).toBe(digits)
  })

  it.each([
    '425555014', // nine digits
    '42555501420', // eleven digits
    '1 425 555 0142', // eleven digits without the +
    '+44 20 7946 0958',
    '425-555-O142', // the letter O
    '425/555/0142',
    'call me',
    '+1',
    '4'.repeat(41),
  ])("refuses the phone %j with 'phoneInvalid'", (phone) => {
    expect(problems(quote, quoteSubmission({phone}))).toEqual({phone: 'phoneInvalid'})
  })

  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'ada example@example.com'])("refuses the e-mail %j with 'emailInvalid'", (email) => {
    expect(problems(quote, quoteSubmission({email}))).toEqual({email: 'emailInvalid'})
  })

  it.each(['9805', '980567', 'ABCDE', '98056-12', '98056 1234'])("refuses the zip code %j with 'zipCodeInvalid'", (zipCode) => {
    expect(problems(quote, quoteSubmission({zipCode}))).toEqual({zipCode: 'zipCodeInvalid'})
  })

  it('takes a zip+4 code', () => {
    expect(parsed<{zipCode: string}>(quote, quoteSubmission({zipCode: '98056-1234'})).zipCode).toBe('98056-1234')
  })

  it.each([
    ['1800', 1800],
    ['2,400', 2400],
    ['1,000,000', 1_000_000],
    ['950 sq ft', 950],
    ['1800 sq. ft.', 1800],
    ['1200sqft', 1200],
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
  ])('square footage is optional and a number: %j → %j', (squareFootage, expected) => {
    const input = quoteSubmission({squareFootage})
    if (squareFootage === undefined) delete input.squareFootage
    expect(parsed<{squareFootage: number | null}>(quote, input).squareFootage).toBe(expected)
  })

  it.each(['about 2000', '0', '-5', '12.5', '20,00', '1,000,001', 'lots', '9'.repeat(13)])(
    "refuses the square footage %j with 'squareFootageInvalid'",
    (squareFootage) => {
      expect(problems(quote, quoteSubmission({squareFootage}))).toEqual({squareFootage: 'squareFootageInvalid'})
    },
  )

  it('gives back trimmed text, the phone as digits and null for the optional fields left empty', () => {
    const input = quoteSubmission({desiredServices: '   ', heardAboutUs: '', squareFootage: '', page: {path: '/pressure-washing', title: ''}})
    expect(parsed(quote, input)).toEqual({
      submissionKey: input.submissionKey,
      firstName: 'Ada',
      lastName: "O'Hara",
      phone: '4255550142',
      email: 'ada.ohara@example.com',
      zipCode: '98056',
      squareFootage: null,
      desiredServices: null,
      heardAboutUs: null,
      termsAccepted: true,
      page: {path: '/pressure-washing', title: null},
    })
  })

  it('keeps line breaks in the desired services, and the page the request came from', () => {
    const input = quoteSubmission()
    expect(parsed(quote, input)).toMatchObject({
      desiredServices: 'Moss removal on the north side,\nand the downspouts; gutters too — ✓ Ünïcödé',
      heardAboutUs: 'A friend or neighbor',
      squareFootage: 2400,
      page: {path: '/roof-cleaning', title: 'Roof Cleaning'},
    })
  })

  it("refuses over-long text with 'tooLong' and takes text at the limit", () => {
    expect(problems(quote, quoteSubmission({firstName: 'A'.repeat(61), lastName: 'B'.repeat(60)}))).toEqual({firstName: 'tooLong'})
    expect(problems(quote, quoteSubmission({desiredServices: 'x'.repeat(1001)}))).toEqual({desiredServices: 'tooLong'})
    expect(problems(quote, quoteSubmission({heardAboutUs: 'x'.repeat(81)}))).toEqual({heardAboutUs: 'tooLong'})
    expect(problems(quote, quoteSubmission({email: `${'a'.repeat(243)}@example.com`}))).toEqual({email: 'tooLong'})
    expect(problems(quote, quoteSubmission({desiredServices: 'x'.repeat(1000), heardAboutUs: 'y'.repeat(80)}))).toEqual({})
  })

  it("refuses control characters with 'unsupportedCharacters' (line breaks only where text may have several lines)", () => {
    expect(problems(quote, quoteSubmission({firstName: 'Ada\u0000'}))).toEqual({firstName: 'unsupportedCharacters'})
    expect(problems(quote, quoteSubmission({lastName: 'Lovelace\nSmith'}))).toEqual({lastName: 'unsupportedCharacters'})
    expect(problems(quote, quoteSubmission({heardAboutUs: 'Google\u001b[31m'}))).toEqual({heardAboutUs: 'unsupportedCharacters'})
    expect(problems(quote, quoteSubmission({desiredServices: 'roof\u0007'}))).toEqual({desiredServices: 'unsupportedCharacters'})
    expect(problems(quote, quoteSubmission({desiredServices: 'roof\nand\r\ngutters\tplease'}))).toEqual({})
  })

  it("refuses half a character (a lone surrogate) in any text field with 'unreadableCharacters'", () => {
    expect(problems(quote, quoteSubmission({firstName: 'Jane\uD800', desiredServices: 'roof \uDE00', heardAboutUs: '\uD83D', email: 'a\uD800@b.co'}))).toEqual({
      firstName: 'unreadableCharacters',
      email: 'unreadableCharacters',
      desiredServices: 'unreadableCharacters',
      heardAboutUs: 'unreadableCharacters',
    })
    const contact = schemas.contactMessageSchema
    expect(problems(contact, contactSubmission({name: 'Grace\uDC00', message: 'Hi \uD800 there'}))).toEqual({name: 'unreadableCharacters', message: 'unreadableCharacters'})
    expect(problems(schemas.appointmentSchema, appointmentSubmission({fullName: 'Katherine \uD800', notes: 'Dust \uDC00'}))).toEqual({
      fullName: 'unreadableCharacters',
      notes: 'unreadableCharacters',
    })
    expect(problems(contact, contactSubmission({message: 'Thanks 😀'}))).toEqual({})
  })

  it('reads every text in Unicode NFC (a decomposed accent is the composed one)', () => {
    const decomposed = parsed<{name: string; message: string}>(schemas.contactMessageSchema, contactSubmission({name: 'Jose\u0301 Mu\u0308ller', message: 'cafe\u0301'}))
    expect(decomposed).toMatchObject({name: 'Jos\u00e9 M\u00fcller', message: 'caf\u00e9'})
    expect(parsed(quote, quoteSubmission({firstName: 'Jose\u0301'}))).toMatchObject({firstName: 'Jos\u00e9'})
  })

  it("refuses a request without a submission key or a page path of this site with 'invalidRequest'", () => {
    expect(problems(quote, quoteSubmission({submissionKey: 'not-a-uuid'}))).toEqual({submissionKey: 'invalidRequest'})
    expect(problems(quote, quoteSubmission({page: {path: 'https://evil.example/roof'}}))).toEqual({'page.path': 'invalidRequest'})
    expect(problems(quote, quoteSubmission({page: {path: '/roof-cleaning?x=<script>'}}))).toEqual({'page.path': 'invalidRequest'})
    expect(problems(quote, quoteSubmission({page: undefined}))).toEqual({page: 'invalidRequest'})
  })
})

describe('contact message', () => {
  const contact = schemas.contactMessageSchema

  it('requires name, e-mail, phone and message', () => {
    expect(problems(contact, {submissionKey: contactSubmission().submissionKey, page: {path: '/'}})).toEqual({
      name: 'nameRequired',
      email: 'emailRequired',
      phone: 'phoneRequired',
      message: 'messageRequired',
    })
    expect(problems(contact, contactSubmission({name: ' ', message: ' \n\t '}))).toEqual({name: 'nameRequired', message: 'messageRequired'})
  })

  it("checks the e-mail format and the ten-digit phone with its message key", () => {
    expect(problems(contact, contactSubmission({email: 'grace@', phone: '555-0199'}))).toEqual({email: 'emailInvalid', phone: 'phoneInvalid'})
  })

  it('gives back the message with its lines and the phone as digits, from the home page or the contact page', () => {
    const fromContactPage = contactSubmission()
    expect(parsed(contact, fromContactPage)).toEqual({
      submissionKey: fromContactPage.submissionKey,
      name: 'Grace Hopper',
      email: 'grace@example.net',
      phone: '2065550199',
      message: 'Do you clean\r\nboat decks?\n\tThanks, "G"; 100% sure',
      page: {path: '/contact', title: null},
    })
    expect(parsed<{page: {path: string}}>(contact, contactSubmission({page: {path: '/'}})).page.path).toBe('/')
  })

  it('caps the message at 4000 characters and refuses control characters in it', () => {
    expect(problems(contact, contactSubmission({message: 'm'.repeat(4000)}))).toEqual({})
    expect(problems(contact, contactSubmission({message: 'm'.repeat(4001)}))).toEqual({message: 'tooLong'})
    expect(problems(contact, contactSubmission({message: 'hello\u0008'}))).toEqual({message: 'unsupportedCharacters'})
    expect(problems(contact, contactSubmission({name: 'N'.repeat(101)}))).toEqual({name: 'tooLong'})
  })
})

describe('in-home estimate request (/appointment)', () => {
  const estimate = schemas.appointmentSchema

  it('names every missing required field with its own message, and nothing for the notes', () => {
    expect(problems(estimate, {submissionKey: appointmentSubmission().submissionKey, page: {path: '/appointment'}})).toEqual({
      fullName: 'nameRequired',
      phone: 'phoneRequired',
      email: 'emailRequired',
      address: 'addressRequired',
      zipCode: 'zipCodeRequired',
      service: 'serviceRequired',
      visitDate: 'visitDateRequired',
      visitWindow: 'visitWindowRequired',
      walkthrough: 'walkthroughRequired',
    })
  })

  it('treats blank text as missing', () => {
    expect(
      problems(estimate, appointmentSubmission({fullName: '  ', phone: ' ', email: '', address: '\t', zipCode: ' ', service: ' ', visitDate: ' ', visitWindow: ''})),
    ).toEqual({
      fullName: 'nameRequired',
      phone: 'phoneRequired',
      email: 'emailRequired',
      address: 'addressRequired',
      zipCode: 'zipCodeRequired',
      service: 'serviceRequired',
      visitDate: 'visitDateRequired',
      visitWindow: 'visitWindowRequired',
    })
  })

  it('checks the phone, e-mail and zip code formats with their own messages', () => {
    expect(problems(estimate, appointmentSubmission({phone: '425-555-010', email: 'katherine@', zipCode: '9805'}))).toEqual({
      phone: 'phoneInvalid',
      email: 'emailInvalid',
      zipCode: 'zipCodeInvalid',
    })
    expect(problems(estimate, appointmentSubmission({zipCode: '98056-1234'}))).toEqual({})
  })

  it.each([undefined, '', 'phone', 'IN_PERSON'])('wants in person or video (%j is neither)', (walkthrough) => {
    expect(problems(estimate, appointmentSubmission({walkthrough}))).toEqual({walkthrough: 'walkthroughRequired'})
  })

  it.each(['in_person', 'video'])('takes %s', (walkthrough) => {
    expect(parsed<{walkthrough: string}>(estimate, appointmentSubmission({walkthrough})).walkthrough).toBe(walkthrough)
  })

  it('refuses a day or window that is not one (whether the estimate crew offers it is the server’s check)', () => {
    expect(problems(estimate, appointmentSubmission({visitDate: 'next Tuesday', visitWindow: '10-12'}))).toEqual({
      visitDate: 'visitDateUnavailable',
      visitWindow: 'visitWindowUnavailable',
    })
    expect(problems(estimate, appointmentSubmission({visitWindow: '25:00-26:00'}))).toEqual({visitWindow: 'visitWindowUnavailable'})
  })

  it('gives back trimmed text, the phone as digits, the day and window as chosen, and null notes when left empty', () => {
    expect(parsed(estimate, appointmentSubmission({notes: '   '}))).toEqual({
      submissionKey: expect.any(String),
      fullName: 'Katherine Johnson',
      phone: '4255550100',
      email: 'katherine.johnson@example.org',
      address: '1200 Lake Washington Blvd N, Apt 4',
      zipCode: '98056',
      service: 'Post-construction cleaning',
      visitDate: VISIT_DATE,
      visitWindow: VISIT_WINDOW,
      walkthrough: 'video',
      notes: null,
      page: {path: '/appointment', title: null},
    })
  })

  it("keeps line breaks in the notes only, and refuses over-long text with 'tooLong'", () => {
    expect(parsed<{notes: string | null}>(estimate, appointmentSubmission({notes: 'Two\nlines'})).notes).toBe('Two\nlines')
    expect(problems(estimate, appointmentSubmission({address: 'Main St\nApt 4'}))).toEqual({address: 'unsupportedCharacters'})
    expect(problems(estimate, appointmentSubmission({notes: 'x'.repeat(2001), address: 'x'.repeat(201), service: 'x'.repeat(81)}))).toEqual({
      address: 'tooLong',
      service: 'tooLong',
      notes: 'tooLong',
    })
    expect(problems(estimate, appointmentSubmission({notes: 'x'.repeat(2000), address: 'x'.repeat(200)}))).toEqual({})
  })

  it('has no gender, patient or doctor field: such fields are dropped', () => {
    const data = parsed<Record<string, unknown>>(estimate, appointmentSubmission({patientGender: 'private', patientName: 'Someone Else'}))
    expect(Object.keys(data).filter((key) => /gender|patient|doctor/i.test(key))).toEqual([])
  })
})

describe('createLeadSchemas(messages)', () => {
  it('puts the given text of each key in its place', () => {
    const texts = Object.fromEntries(LEAD_MESSAGE_KEYS.map((key) => [key, `Text of ${key} ✓`])) as LeadMessages
    const withTexts = createLeadSchemas(texts)
    expect(problems(withTexts.quoteRequestSchema, quoteSubmission({firstName: '', phone: '123', squareFootage: 'x', termsAccepted: false}))).toEqual({
      firstName: 'Text of firstNameRequired ✓',
      phone: 'Text of phoneInvalid ✓',
      squareFootage: 'Text of squareFootageInvalid ✓',
      termsAccepted: 'Text of termsRequired ✓',
    })
    expect(problems(withTexts.contactMessageSchema, contactSubmission({message: 'x'.repeat(4001), name: 'Bad\u0000'}))).toEqual({
      name: 'Text of unsupportedCharacters ✓',
      message: 'Text of tooLong ✓',
    })
  })

  it("shows each form's messages word for word with the content's texts (the Forms document)", async () => {
    const forms = await queryLocalDataset<FormSettingsQueryResult>(formSettingsQuery)
    if (!forms?.messages) throw new Error('The local dataset has no Forms document with messages')
    const fromContent = createLeadSchemas(forms.messages as LeadMessages)
    const PHONE = 'Please enter a valid 10-digit phone number'
    expect(problems(fromContent.quoteRequestSchema, quoteSubmission({phone: '425-555-014'}))).toEqual({phone: PHONE})
    expect(problems(fromContent.contactMessageSchema, contactSubmission({phone: '555 0199'}))).toEqual({phone: PHONE})

    // The estimate form's messages, each the Forms document's own text (none of the earlier health form's).
    const m = forms.messages
    expect(problems(fromContent.appointmentSchema, {submissionKey: appointmentSubmission().submissionKey, page: {path: '/appointment'}})).toEqual({
      fullName: m.nameRequired,
      phone: m.phoneRequired,
      email: m.emailRequired,
      address: m.addressRequired,
      zipCode: m.zipCodeRequired,
      service: m.serviceRequired,
      visitDate: m.visitDateRequired,
      visitWindow: m.visitWindowRequired,
      walkthrough: m.walkthroughRequired,
    })
    for (const [field, text] of Object.entries(problems(fromContent.appointmentSchema, appointmentSubmission({visitDate: 'soon', visitWindow: 'later', phone: '42'})))) {
      expect(text, field).toMatch(/^[A-Z].{10,}\.?$/)
    }
    // Half a character (a lone surrogate), in the tone of the booking forms' message.
    expect(problems(fromContent.contactMessageSchema, contactSubmission({name: 'Grace\uD800'}))).toEqual({name: "Please remove characters that can't be read."})
  })
})

describe('isPhoneTypedInvalid (Submit disabled while the phone is invalid)', () => {
  it('is true for a phone typed but not ten digits, false for empty or valid', () => {
    expect(isPhoneTypedInvalid('')).toBe(false)
    expect(isPhoneTypedInvalid('   ')).toBe(false)
    expect(isPhoneTypedInvalid('425')).toBe(true)
    expect(isPhoneTypedInvalid('425-555-01421')).toBe(true)
    expect(isPhoneTypedInvalid('(425) 555-0142')).toBe(false)
    expect(isPhoneTypedInvalid('+1 425 555 0142')).toBe(false)
  })
})
