/**
 * Which of the Forms document's field messages each lead form can show. Used by the pages (on the
 * server) to send a form only its own messages: the others would reach the page's router data and
 * never show. A module of its own so the browser's form code does not carry these lists.
 */
import {isLeadMessageKey, type LeadMessageKey, type LeadMessages} from './message-keys'
import type {LeadKind} from './schemas'

/** Messages every form can show (a field too long, control characters, half a character, a broken request). */
const ANY_FORM = ['tooLong', 'unsupportedCharacters', 'unreadableCharacters', 'invalidRequest'] as const

/** The messages each form's schema can give (form-messages.test.ts checks each list against its schema). */
export const LEAD_MESSAGE_KEYS_BY_FORM = {
  quoteRequest: ['firstNameRequired', 'lastNameRequired', 'phoneRequired', 'phoneInvalid', 'emailRequired', 'emailInvalid', 'zipCodeRequired', 'zipCodeInvalid', 'squareFootageInvalid', 'termsRequired', ...ANY_FORM],
  contactMessage: ['nameRequired', 'emailRequired', 'emailInvalid', 'phoneRequired', 'phoneInvalid', 'messageRequired', ...ANY_FORM],
  appointment: [
    'nameRequired',
    'phoneRequired',
    'phoneInvalid',
    'emailRequired',
    'emailInvalid',
    'addressRequired',
    'zipCodeRequired',
    'zipCodeInvalid',
    'serviceRequired',
    'visitDateRequired',
    'visitDateUnavailable',
    'visitWindowRequired',
    'visitWindowUnavailable',
    'walkthroughRequired',
    ...ANY_FORM,
  ],
} as const satisfies Record<LeadKind, readonly LeadMessageKey[]>

/** The messages of one form, and the given ones that are not field messages (submitted, failed, …). */
export function leadFormMessages<T extends Partial<LeadMessages>>(form: LeadKind, messages: T): Partial<LeadMessages> & Omit<T, LeadMessageKey> {
  const own = new Set<string>(LEAD_MESSAGE_KEYS_BY_FORM[form])
  return Object.fromEntries(Object.entries(messages).filter(([key]) => own.has(key) || !isLeadMessageKey(key))) as Partial<LeadMessages> & Omit<T, LeadMessageKey>
}

