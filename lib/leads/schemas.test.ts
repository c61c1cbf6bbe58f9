import {describe, expect, it} from 'vitest'
import type {FormSettingsQueryResult} from '@/sanity.types'
import {queryLocalDataset} from '../content/local-dataset'
import {formSettingsQuery} from '../content/queries'
import {
  APPOINTMENT_HORIZON_DAYS,
  createLeadSchemas,
  fieldMessageKeys,
  isPhoneTypedInvalid,
  LEAD_MESSAGE_KEYS,
  LEAD_MESSAGE_KEYS_AS_TEXT,
  type LeadMessages,
} from './schemas'
import {appointmentSubmission, contactSubmission, FIXED_NOW, fixedClock, quoteSubmission} from './test-support/submissions'

/**
 * The lead forms' schemas as the server runs them (each message is its key) and as the browser runs
 * them (each message is the content's text for its key).
 */

const schemas = createLeadSchemas(LEAD_MESSAGE_KEYS_AS_TEXT, fixedClock)

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

/** The wall time in Renton of an instant, as <input type="datetime-local"> writes it. */
function rentonWallTime(instant: Date): string {
  const text = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/Los_Angeles',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant)
  return text.replace(' ', 'T')
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
    expect(problems(schemas.appointmentSchema, appointmentSubmission({patientName: 'Katherine \uD800'}))).toEqual({patientName: 'unreadableCharacters'})
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

  it("checks the e-mail format and the ten-digit phone with the spec's message key", () => {
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

describe('appointment request', () => {
  const appointment = schemas.appointmentSchema

  it('requires the patient name, phone, gender, time and mode', () => {
    expect(problems(appointment, {submissionKey: appointmentSubmission().submissionKey, page: {path: '/appointment'}})).toEqual({
      patientName: 'patientNameRequired',
      patientPhone: 'patientPhoneRequired',
      patientGender: 'patientGenderRequired',
      appointmentTime: 'appointmentTimeRequired',
      preferredMode: 'preferredModeRequired',
    })
  })

  it('wants a patient name of at least 8 characters, not counting the spaces around it', () => {
    expect(problems(appointment, appointmentSubmission({patientName: 'Ann Lee'}))).toEqual({patientName: 'patientNameTooShort'})
    expect(problems(appointment, appointmentSubmission({patientName: '   Ann Lee    '}))).toEqual({patientName: 'patientNameTooShort'})
    expect(problems(appointment, appointmentSubmission({patientName: '  '}))).toEqual({patientName: 'patientNameRequired'})
    expect(parsed<{patientName: string}>(appointment, appointmentSubmission({patientName: ' Ann Leek '})).patientName).toBe('Ann Leek')
  })

  it('wants a ten-digit patient phone', () => {
    expect(problems(appointment, appointmentSubmission({patientPhone: '12345'}))).toEqual({patientPhone: 'patientPhoneInvalid'})
    expect(problems(appointment, appointmentSubmission({patientPhone: '425 555 01000'}))).toEqual({patientPhone: 'patientPhoneInvalid'})
    expect(parsed<{patientPhone: string}>(appointment, appointmentSubmission({patientPhone: '(425) 555-0100'})).patientPhone).toBe('4255550100')
  })

  it.each([undefined, '', 'other', 'MALE'])('wants a gender from the list (%j is none)', (patientGender) => {
    expect(problems(appointment, appointmentSubmission({patientGender}))).toEqual({patientGender: 'patientGenderRequired'})
  })

  it.each(['male', 'female', 'private'])('takes the gender %s', (patientGender) => {
    expect(parsed<{patientGender: string}>(appointment, appointmentSubmission({patientGender})).patientGender).toBe(patientGender)
  })

  it.each([undefined, '', 'sms', 'Voice'])('wants a preferred mode from the list (%j is none)', (preferredMode) => {
    expect(problems(appointment, appointmentSubmission({preferredMode}))).toEqual({preferredMode: 'preferredModeRequired'})
  })

  it.each(['tomorrow at 10', '2027-02-30T10:00', '2027-13-01T10:00', '2027-02-03T25:00', '2027-02-03T10:60', '2027-02-03', '02/03/2027 10:30'])(
    "refuses the time %j with 'appointmentTimeInvalid'",
    (appointmentTime) => {
      expect(problems(appointment, appointmentSubmission({appointmentTime}))).toEqual({appointmentTime: 'appointmentTimeInvalid'})
    },
  )

  it('gives back the time as typed (minutes) and the moment it names in Renton', () => {
    // Clock: 2027-01-10 12:00 PST. 2027-07-04 09:15 is PDT (UTC−7): 16:15 UTC.
    expect(parsed<{appointmentTime: unknown}>(appointment, appointmentSubmission({appointmentTime: '2027-07-04T09:15'})).appointmentTime).toEqual({
      local: '2027-07-04T09:15',
      at: '2027-07-04T16:15:00.000Z',
    })
    // 2027-12-01 16:45 PST (UTC−8): 2027-12-02 00:45 UTC.
    expect(parsed<{appointmentTime: unknown}>(appointment, appointmentSubmission({appointmentTime: ' 2027-12-01T16:45 '})).appointmentTime).toEqual({
      local: '2027-12-01T16:45',
      at: '2027-12-02T00:45:00.000Z',
    })
  })

  it("refuses a time that has passed in Renton with 'appointmentTimePast', also one minute ago", () => {
    // The clock is 2027-01-10 12:00 in Renton.
    expect(problems(appointment, appointmentSubmission({appointmentTime: '2027-01-10T11:59'}))).toEqual({appointmentTime: 'appointmentTimePast'})
    expect(problems(appointment, appointmentSubmission({appointmentTime: '2027-01-10T12:00'}))).toEqual({appointmentTime: 'appointmentTimePast'})
    expect(problems(appointment, appointmentSubmission({appointmentTime: '2026-12-25T10:00'}))).toEqual({appointmentTime: 'appointmentTimePast'})
    expect(problems(appointment, appointmentSubmission({appointmentTime: '2027-01-10T12:01'}))).toEqual({})
  })

  it('reads "now" from the injected clock at every parse, not when the schemas were built', () => {
    let now = new Date('2027-01-10T20:00:00Z')
    const moving = createLeadSchemas(LEAD_MESSAGE_KEYS_AS_TEXT, () => now).appointmentSchema
    const input = appointmentSubmission({appointmentTime: '2027-01-10T13:00'})
    expect(problems(moving, input)).toEqual({})
    now = new Date('2027-01-10T21:30:00Z') // 13:30 in Renton
    expect(problems(moving, input)).toEqual({appointmentTime: 'appointmentTimePast'})
  })

  it('knows when the clocks spring forward (2027-03-14, 02:00 PST → 03:00 PDT)', () => {
    // Now: 2027-03-14 01:45 PST = 09:45 UTC.
    const springSchemas = createLeadSchemas(LEAD_MESSAGE_KEYS_AS_TEXT, () => new Date('2027-03-14T09:45:00Z')).appointmentSchema
    expect(problems(springSchemas, appointmentSubmission({appointmentTime: '2027-03-14T01:30'}))).toEqual({appointmentTime: 'appointmentTimePast'})
    // 01:50 PST = 09:50 UTC: five minutes ahead.
    expect(parsed<{appointmentTime: unknown}>(springSchemas, appointmentSubmission({appointmentTime: '2027-03-14T01:50'})).appointmentTime).toEqual({
      local: '2027-03-14T01:50',
      at: '2027-03-14T09:50:00.000Z',
    })
    // 03:15 PDT = 10:15 UTC, thirty minutes ahead on the clock although the wall clock moved 90.
    expect(parsed<{appointmentTime: unknown}>(springSchemas, appointmentSubmission({appointmentTime: '2027-03-14T03:15'})).appointmentTime).toEqual({
      local: '2027-03-14T03:15',
      at: '2027-03-14T10:15:00.000Z',
    })
  })

  it('knows when the clocks fall back (2027-11-07, 02:00 PDT → 01:00 PST)', () => {
    // Now: 2027-11-07 00:45 PDT = 07:45 UTC.
    const fallSchemas = createLeadSchemas(LEAD_MESSAGE_KEYS_AS_TEXT, () => new Date('2027-11-07T07:45:00Z')).appointmentSchema
    expect(problems(fallSchemas, appointmentSubmission({appointmentTime: '2027-11-07T00:30'}))).toEqual({appointmentTime: 'appointmentTimePast'})
    // 01:30 happens twice; the first (PDT, 08:30 UTC) is meant.
    expect(parsed<{appointmentTime: unknown}>(fallSchemas, appointmentSubmission({appointmentTime: '2027-11-07T01:30'})).appointmentTime).toEqual({
      local: '2027-11-07T01:30',
      at: '2027-11-07T08:30:00.000Z',
    })
    // 02:30 PST = 10:30 UTC.
    expect(parsed<{appointmentTime: unknown}>(fallSchemas, appointmentSubmission({appointmentTime: '2027-11-07T02:30'})).appointmentTime).toEqual({
      local: '2027-11-07T02:30',
      at: '2027-11-07T10:30:00.000Z',
    })
  })

  it(`refuses a time more than APPOINTMENT_HORIZON_DAYS (${APPOINTMENT_HORIZON_DAYS}) days ahead`, () => {
    const horizon = new Date(FIXED_NOW.getTime() + APPOINTMENT_HORIZON_DAYS * 24 * 3600 * 1000)
    const lastMinute = rentonWallTime(horizon)
    const afterIt = rentonWallTime(new Date(horizon.getTime() + 60_000))
    expect(problems(appointment, appointmentSubmission({appointmentTime: lastMinute}))).toEqual({})
    expect(problems(appointment, appointmentSubmission({appointmentTime: afterIt}))).toEqual({appointmentTime: 'appointmentTimeInvalid'})
    expect(problems(appointment, appointmentSubmission({appointmentTime: '2099-01-01T10:00'}))).toEqual({appointmentTime: 'appointmentTimeInvalid'})
  })
})

describe('createLeadSchemas(messages)', () => {
  it('puts the given text of each key in its place', () => {
    const texts = Object.fromEntries(LEAD_MESSAGE_KEYS.map((key) => [key, `Text of ${key} ✓`])) as LeadMessages
    const withTexts = createLeadSchemas(texts, fixedClock)
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

  it("shows spec §5's messages word for word with the content's texts (the Forms document)", async () => {
    const forms = await queryLocalDataset<FormSettingsQueryResult>(formSettingsQuery)
    if (!forms?.messages) throw new Error('The local dataset has no Forms document with messages')
    const fromContent = createLeadSchemas(forms.messages as LeadMessages, fixedClock)
    const PHONE = 'Please enter a valid 10-digit phone number'
    expect(problems(fromContent.quoteRequestSchema, quoteSubmission({phone: '425-555-014'}))).toEqual({phone: PHONE})
    expect(problems(fromContent.contactMessageSchema, contactSubmission({phone: '555 0199'}))).toEqual({phone: PHONE})

    expect(problems(fromContent.appointmentSchema, {submissionKey: appointmentSubmission().submissionKey, page: {path: '/appointment'}})).toEqual({
      patientName: 'Patient name is required',
      patientPhone: 'Patient phone number is required',
      patientGender: 'Please select patient gender',
      appointmentTime: 'Appointment time is required',
      preferredMode: 'Please select preferred mode',
    })
    expect(
      problems(fromContent.appointmentSchema, appointmentSubmission({patientName: 'Ann Lee', patientPhone: '42555501', appointmentTime: '2027-01-09T09:00'})),
    ).toEqual({
      patientName: 'Patient name must be at least 8 characters',
      patientPhone: 'Patient phone number must be of 10 digits',
      appointmentTime: 'Please select a future appointment time',
    })
    // Not in the spec: half a character (a lone surrogate), in the tone of the booking forms' message.
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
