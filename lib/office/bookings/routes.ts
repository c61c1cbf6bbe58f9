/**
 * The booking page's forms, as the route handlers under app/office/bookings/[id]/ receive them: the
 * posted fields to the action's rule (./actions.ts), its answer to the page's address with
 * the outcome (303, so every form works without JavaScript). Plain TypeScript, deps passed in.
 */
import * as z from 'zod'
import {addNote, markOutcome, moveBooking, resendConfirmation, type OfficeActionResult, type OfficeBookingDeps} from './actions'
import {actionAnswerLocation, type KeptInput} from './page'
import {officeDate, officeLine, officeLines, optionalField, postedText, type PostedForm} from '../shared/input'
import type {RouteParams} from '../shared/route-input'
import type {ActingStaff} from '../access/roles'

export const BOOKING_ACTIONS = ['move', 'outcome', 'resend-confirmation', 'notes'] as const
export type BookingAction = (typeof BOOKING_ACTIONS)[number]

/**
 * Each form's fields as posted (checked before the action: text without control characters, a date
 * in the office's years); what each field must mean is the action's own rule (./actions.ts).
 */
export const BOOKING_FORMS = {
  move: z.object({date: optionalField(z.union([z.literal(''), officeDate()])), arrivalWindow: optionalField(officeLine())}),
  // `back`: the day sheet the form was posted from (checked by bookingActionBack before any use).
  outcome: z.object({outcome: optionalField(officeLine()), back: optionalField(officeLine())}),
  started: z.object({back: optionalField(officeLine())}),
  'resend-confirmation': z.object({}),
  notes: z.object({note: optionalField(officeLines())}),
} as const satisfies Record<BookingAction | 'started', z.ZodType>

/** Where a browser's form post goes when the form check refuses a field: the page, the field named and focused. */
export function bookingFormRefused(refusal: {field: string}, params: RouteParams): string {
  const id = String(params.id)
  switch (refusal.field) {
    case 'date':
      return actionAnswerLocation(id, {ok: false, problem: 'dateInvalid', field: 'date'})
    case 'arrivalWindow':
      return actionAnswerLocation(id, {ok: false, problem: 'windowUnknown', field: 'arrivalWindow'})
    case 'note':
      return actionAnswerLocation(id, {ok: false, problem: 'noteUnreadable', field: 'note'})
    default:
      return actionAnswerLocation(id, {ok: false, problem: 'invalid'})
  }
}

/** Logs what staff are only told failed. Replaceable in tests. */
let logger: Pick<Console, 'error'> = console
export function setBookingRoutesLogger(next: Pick<Console, 'error'>): void {
  logger = next
}

const field = postedText

/** Does `action` on booking `id` with the posted `form` as `staff`; answers the page's address with the outcome. */
export async function bookingActionAnswer(action: BookingAction, id: string, form: PostedForm, staff: ActingStaff, deps: () => Promise<OfficeBookingDeps>): Promise<string> {
  let kept: KeptInput = {}
  try {
    let result: OfficeActionResult<string>
    switch (action) {
      case 'move':
        kept = {date: field(form, 'date'), window: field(form, 'arrivalWindow')}
        result = await moveBooking(id, {date: kept.date, arrivalWindow: kept.window}, staff, await deps())
        break
      case 'outcome':
        result = await markOutcome(id, field(form, 'outcome'), staff, await deps())
        break
      case 'resend-confirmation':
        result = await resendConfirmation(id, staff, await deps())
        break
      case 'notes':
        kept = {note: field(form, 'note')}
        result = await addNote(id, kept.note, staff, await deps())
        break
    }
    return actionAnswerLocation(id, result, kept)
  } catch (error) {
    logger.error(`Office: the booking action "${action}" failed`, error)
    return actionAnswerLocation(id, {ok: false, problem: 'failed'}, kept)
  }
}
