/**
 * What staff do on a customer's record: add an internal note (never shown or sent to the customer),
 * stored with its audit row in one transaction by add_customer_note. Plain TypeScript with the
 * database functions and the clock passed in.
 */
import type {DatabaseFunctions} from '../../database/functions'
import {actingStaff, type ActingStaff} from '../access/roles'
import {textProblem} from '../shared/input'
import {customerKey} from './read'

/** The longest note (the database refuses longer ones too). */
export const NOTE_LIMIT = 4000

export type CustomerNoteProblem = 'note_missing' | 'note_too_long' | 'note_unreadable' | 'not_found'

export type CustomerDeps = {functions: DatabaseFunctions; now: () => Date}

/** Why `body` cannot be a note, or null. */
export function customerNoteProblem(body: string): CustomerNoteProblem | null {
  const note = body.trim()
  if (!note) return 'note_missing'
  if (note.length > NOTE_LIMIT) return 'note_too_long'
  if (textProblem(note, {multiline: true})) return 'note_unreadable'
  return null
}

/** Adds `body` (trimmed) as a note on the customer with e-mail key `key`, as `staff`. */
export async function addCustomerNote(
  deps: CustomerDeps,
  key: string,
  body: string,
  staff: ActingStaff,
): Promise<{ok: true} | {ok: false; problem: CustomerNoteProblem}> {
  const problem = customerNoteProblem(body)
  if (problem) return {ok: false, problem}
  const answer = await deps.functions.value<{status: string}>('add_customer_note', {
    p_email_key: customerKey(key),
    p_body: body.trim(),
    p_staff: actingStaff(staff),
    p_now: deps.now().toISOString(),
  })
  return answer.status === 'added' ? {ok: true} : {ok: false, problem: 'not_found'}
}
