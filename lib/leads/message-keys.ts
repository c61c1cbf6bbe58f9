/**
 * The keys of every message the lead forms can show for a field (the schemas report problems by
 * key; the Forms document in the Studio has a text for each). A module of its own, without zod, so
 * the Studio's schema can list the same keys.
 */
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
  // in-home estimate form (/appointment)
  'addressRequired',
  'serviceRequired',
  'visitDateRequired',
  'visitDateUnavailable',
  'visitWindowRequired',
  'visitWindowUnavailable',
  'walkthroughRequired',
  // any form
  'tooLong',
  'unsupportedCharacters',
  'unreadableCharacters',
  'invalidRequest',
] as const
export type LeadMessageKey = (typeof LEAD_MESSAGE_KEYS)[number]
export type LeadMessages = Record<LeadMessageKey, string>

/** The server's messages: each key as its own text. */
export const LEAD_MESSAGE_KEYS_AS_TEXT = Object.fromEntries(LEAD_MESSAGE_KEYS.map((key) => [key, key])) as LeadMessages

export function isLeadMessageKey(value: unknown): value is LeadMessageKey {
  return typeof value === 'string' && (LEAD_MESSAGE_KEYS as readonly string[]).includes(value)
}

