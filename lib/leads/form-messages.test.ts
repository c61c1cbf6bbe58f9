import {describe, expect, it} from 'vitest'
import {LEAD_MESSAGE_KEYS_BY_FORM, leadFormMessages} from './form-messages'
import {createLeadSchemas, LEAD_MESSAGE_KEYS, LEAD_MESSAGE_KEYS_AS_TEXT, type LeadKind, type LeadMessages} from './schemas'
import {appointmentSubmission, contactSubmission, FIXED_NOW, quoteSubmission} from './test-support/submissions'

/**
 * A page sends its lead form only that form's messages (LEAD_MESSAGE_KEYS_BY_FORM). If a schema
 * could give a message missing from its form's list, the visitor would see the key instead of the
 * text: these tests break every field of each form in many ways and collect every message given.
 */

const schemas = createLeadSchemas(LEAD_MESSAGE_KEYS_AS_TEXT)

const forms: {kind: LeadKind; schema: {safeParse(value: unknown): {success: boolean; error?: {issues: {message: string}[]}}}; valid: () => Record<string, unknown>}[] = [
  {kind: 'quoteRequest', schema: schemas.quoteRequestSchema, valid: quoteSubmission},
  {kind: 'contactMessage', schema: schemas.contactMessageSchema, valid: contactSubmission},
  {kind: 'appointment', schema: schemas.appointmentSchema, valid: appointmentSubmission},
]

const inAnHour = new Date(FIXED_NOW.getTime() + 3_600_000).toISOString().slice(0, 16)

/** Values that break a field in every way the schemas check (type, empty, length, characters, format, range). */
const BAD_VALUES: unknown[] = [
  undefined,
  null,
  42,
  true,
  false,
  {},
  [],
  '',
  '   ',
  'x',
  'Ann Lee',
  'x'.repeat(5000),
  'Bad\u0000text',
  'Half \uD800 a character',
  '123',
  '425-555-014',
  'not an e-mail',
  'abcde',
  '2,000,0',
  '2000-01-01T10:00',
  '2099-01-01T10:00',
  '2027-13-45T99:99',
  inAnHour,
  'male-ish',
  {path: 'no slash'},
  {path: '/ok', title: 'x'.repeat(500)},
  {path: 42},
]

function messagesGiven(schema: (typeof forms)[number]['schema'], input: unknown): string[] {
  const result = schema.safeParse(input)
  return result.success ? [] : (result.error?.issues ?? []).map((issue) => issue.message)
}

describe('the messages each lead form is sent', () => {
  for (const {kind, schema, valid} of forms) {
    it(`are every message the ${kind} form's schema can give`, () => {
      const given = new Set<string>()
      const fields = Object.keys(valid()).filter((field) => field !== 'website')
      for (const field of fields) {
        for (const value of BAD_VALUES) for (const message of messagesGiven(schema, {...valid(), [field]: value})) given.add(message)
        const withoutIt = valid()
        delete withoutIt[field]
        for (const message of messagesGiven(schema, withoutIt)) given.add(message)
      }
      for (const message of messagesGiven(schema, 'not an object')) given.add(message)
      // Every message given is in the list (nothing shows as a key), and the list holds nothing else.
      expect([...given].sort()).toEqual([...LEAD_MESSAGE_KEYS_BY_FORM[kind]].sort())
    })
  }

  it('keep the form-level texts and drop the other forms’ field messages', () => {
    const all = {
      ...(Object.fromEntries(LEAD_MESSAGE_KEYS.map((key) => [key, `Text of ${key}`])) as LeadMessages),
      submitted: 'Sent!',
      failed: 'Failed.',
      rateLimited: 'Slow down.',
      spam: 'Looks automated.',
    }
    const contact = leadFormMessages('contactMessage', all)
    expect(contact).toMatchObject({nameRequired: 'Text of nameRequired', phoneInvalid: 'Text of phoneInvalid', submitted: 'Sent!', failed: 'Failed.', rateLimited: 'Slow down.', spam: 'Looks automated.'})
    expect(contact).not.toHaveProperty('addressRequired')
    expect(contact).not.toHaveProperty('zipCodeInvalid')
    expect(Object.keys(contact)).toHaveLength(LEAD_MESSAGE_KEYS_BY_FORM.contactMessage.length + 4)
  })
})
