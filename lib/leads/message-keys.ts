/**
 * The keys of every message the lead forms can show for a field (the schemas report problems by
 * key; the Forms document in the Studio has a text for each). A module of its own, without zod, so
 * the Studio's schema can list the same keys.
 */
import type {LeadKind} from './schemas'

export const LEAD_MESSAGE_KEYS = [
  // quote and contact forms
  'firstNameRequired',
  'lastNameRequired',
  'nameRequired',
  'emailRequired',
  'emailInvalid',
  'phoneRequired',
  'phoneInvalid',
  'zipCodeRequired',
  'zipCodeInvalid',
  'squareFootageInvalid',
  'messageRequired',
  'termsRequired',
  // appointment form (spec §5, word for word in the default content)
  'patientNameRequired',
  'patientNameTooShort',
  'patientPhoneRequired',
  'patientPhoneInvalid',
  'patientGenderRequired',
  'appointmentTimeRequired',
  'appointmentTimeInvalid',
  'appointmentTimePast',
  'preferredModeRequired',
  // any form
  'tooLong',
  'unsupportedCharacters',
  'unreadableCharacters',
  'invalidRequest',
] as const
export type LeadMessageKey = (typeof LEAD_MESSAGE_KEYS)[number]
export type LeadMessages = Record<LeadMessageKey, string>

/** Messages every form can show (a field too long, control characters, half a character, a broken request). */
const ANY_FORM = ['tooLong', 'unsupportedCharacters', 'unreadableCharacters', 'invalidRequest'] as const

/**
 * The messages each form's schema can give (lead-message-keys.test.ts checks each list against its
 * schema). A page sends its form only these: the rest of the Forms document's messages would reach
 * the page's router data and never show.
 */
export const LEAD_MESSAGE_KEYS_BY_FORM = {
  quoteRequest: ['firstNameRequired', 'lastNameRequired', 'phoneRequired', 'phoneInvalid', 'emailRequired', 'emailInvalid', 'zipCodeRequired', 'zipCodeInvalid', 'squareFootageInvalid', 'termsRequired', ...ANY_FORM],
  contactMessage: ['nameRequired', 'emailRequired', 'emailInvalid', 'phoneRequired', 'phoneInvalid', 'messageRequired', ...ANY_FORM],
  appointment: [
    'patientNameRequired',
    'patientNameTooShort',
    'patientPhoneRequired',
    'patientPhoneInvalid',
    'patientGenderRequired',
    'appointmentTimeRequired',
    'appointmentTimeInvalid',
    'appointmentTimePast',
    'preferredModeRequired',
    ...ANY_FORM,
  ],
} as const satisfies Record<LeadKind, readonly LeadMessageKey[]>

/** The messages of one form, and the given ones that are not field messages (submitted, failed, …). */
export function leadFormMessages<T extends Partial<LeadMessages>>(form: LeadKind, messages: T): Partial<LeadMessages> & Omit<T, LeadMessageKey> {
  const own = new Set<string>(LEAD_MESSAGE_KEYS_BY_FORM[form])
  return Object.fromEntries(Object.entries(messages).filter(([key]) => own.has(key) || !isLeadMessageKey(key))) as Partial<LeadMessages> & Omit<T, LeadMessageKey>
}

/** The server's messages: each key as its own text. */
export const LEAD_MESSAGE_KEYS_AS_TEXT = Object.fromEntries(LEAD_MESSAGE_KEYS.map((key) => [key, key])) as LeadMessages

export function isLeadMessageKey(value: unknown): value is LeadMessageKey {
  return typeof value === 'string' && (LEAD_MESSAGE_KEYS as readonly string[]).includes(value)
}

