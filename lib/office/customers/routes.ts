/**
 * The record's notes form as its route handler receives it (app/office/customers/[key]/notes): the
 * posted note to the action (./actions.ts), answered with the record's address and the outcome (a
 * 303, so the form works without JavaScript); a refused note comes back in the address (up to a
 * limit) so the form shows it again. Plain TypeScript, deps passed in.
 */
import * as z from 'zod'
import {officeLine, officeLines, optionalField, postedText, type PostedForm} from '../shared/input'
import type {RouteParams} from '../shared/route-input'
import type {ActingStaff} from '../access/roles'
import {addCustomerNote, NOTE_LIMIT, type CustomerDeps} from './actions'
import {customerHref, customerKeyFromSegment} from './read'

/** The record's segment: the e-mail key, percent-encoded (read by customerKeyFromSegment). */
export const customerRouteParams = z.object({key: officeLine()})

/** The notes form's field as posted (a note may hold line breaks, no other control character). */
export const CUSTOMER_NOTE_FORM = z.object({note: optionalField(officeLines())})

/** Logs what staff are only told failed. Replaceable in tests. */
let logger: Pick<Console, 'error'> = console
export function setCustomerRoutesLogger(next: Pick<Console, 'error'>): void {
  logger = next
}

function answer(key: string, outcome: {done: string} | {problem: string; note?: string}): string {
  const search = new URLSearchParams()
  if ('done' in outcome) search.set('done', outcome.done)
  else {
    search.set('problem', outcome.problem)
    if (outcome.note) search.set('note', outcome.note.slice(0, NOTE_LIMIT + 50))
  }
  return `${customerHref(key)}?${search.toString()}#notes`
}

/** Where a browser's form post goes when the form check refuses the note: the record, the field named. */
export function customerNoteRefused(_refusal: {field: string}, params: RouteParams): string {
  const key = customerKeyFromSegment(String(params.key ?? ''))
  return key ? answer(key, {problem: 'note_unreadable'}) : '/office/customers'
}

/** Adds the posted note as `staff`; answers the address to send the browser to. */
export async function customerNoteAnswer(segment: string, form: PostedForm, staff: ActingStaff, deps: () => Promise<CustomerDeps>): Promise<string> {
  const key = customerKeyFromSegment(segment)
  if (!key) return '/office/customers'
  const note = postedText(form, 'note')
  try {
    const outcome = await addCustomerNote(await deps(), key, note, staff)
    return outcome.ok ? answer(key, {done: 'note'}) : answer(key, {problem: outcome.problem, note})
  } catch (error) {
    logger.error('Office: a customer note could not be added', error)
    return answer(key, {problem: 'failed', note})
  }
}
