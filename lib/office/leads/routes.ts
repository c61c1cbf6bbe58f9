import * as z from 'zod'
import {isUuid} from '../../booking/store/mapping.ts'
import {officeLine, officeLines, officeSlug, officeUuid, optionalField, postedText, type PostedForm} from '../shared/input.ts'
import type {RouteParams} from '../shared/route-input.ts'
import {isLeadStatus, leadHref, leadKindFromSlug, LIMITS, type LeadOffice, type LeadProblem} from './actions.ts'
import type {ActingStaff} from '../access/roles.ts'

/**
 * A lead page's forms (status, assignee, note, reply), posted to their route handlers: what each
 * does and where the browser goes next. Every answer is a 303 back to the lead's page with the
 * outcome (`?done=` or `?problem=` and the field it concerns), so the forms work without JavaScript;
 * a refused text comes back in the address (up to a limit) so the form shows it again. Plain
 * TypeScript: the route handlers pass the form and the signed-in member.
 */

export type LeadAction = 'status' | 'assignee' | 'notes' | 'reply'

/** The lead routes' segments: /office/leads/[kind]/[id]/…. */
export const leadRouteParams = z.object({kind: officeSlug(), id: officeUuid()})

/** Each form's fields as posted (checked before the action: no control characters but a note's and a message's line breaks). */
export const LEAD_FORMS = {
  status: z.object({from: optionalField(officeLine()), status: optionalField(officeLine())}),
  assignee: z.object({assignee: optionalField(officeLine())}),
  notes: z.object({note: optionalField(officeLines())}),
  reply: z.object({
    key: optionalField(officeLine()),
    // Line breaks reach the reply's own rule, which says the subject must be one line.
    subject: optionalField(officeLines()),
    message: optionalField(officeLines()),
    from: optionalField(officeLine()),
    statusAfter: optionalField(officeLine()),
  }),
} as const satisfies Record<LeadAction, z.ZodType>

const REFUSED_TEXT: Record<string, LeadProblem> = {note: 'note_unreadable', subject: 'subject_unreadable', message: 'message_unreadable'}

/** Where a browser's form post goes when the form check refuses a field: back to the form, the problem named. */
export function leadFormRefused(action: LeadAction): (refusal: {field: string}, params: RouteParams) => string {
  return (refusal, params) => {
    const kind = leadKindFromSlug(String(params.kind))
    if (!kind || !isUuid(params.id)) return '/office/leads?problem=not_found'
    return back(leadHref(kind, params.id), {problem: REFUSED_TEXT[refusal.field] ?? 'status_not_allowed'}, action)
  }
}

type Form = PostedForm

/** How much of a refused text comes back in the address (the browser already refuses longer ones). */
const ECHO_LIMIT = 2000

const text = postedText

function back(base: string, params: Record<string, string | null | undefined>, anchor: string): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value)
  // Which form the outcome is about (the anchor is not sent to the server): the page shows it there.
  search.set('form', anchor)
  return `${base}?${search.toString()}#${anchor}`
}

/** The address to answer with (a 303's Location), after doing `action` with `form` as `staff`. */
export async function leadAction(
  office: LeadOffice,
  action: LeadAction,
  params: {kind: string; id: string},
  form: Form,
  staff: ActingStaff,
): Promise<string> {
  const kind = leadKindFromSlug(params.kind)
  if (!kind || !isUuid(params.id)) return '/office/leads?problem=not_found'
  const base = leadHref(kind, params.id)
  const refused = (problem: LeadProblem, anchor: string, kept: Record<string, string> = {}) => back(base, {problem, ...kept}, anchor)

  switch (action) {
    case 'status': {
      const from = text(form, 'from')
      const to = text(form, 'status')
      if (!isLeadStatus(from) || !isLeadStatus(to)) return refused('status_not_allowed', 'status')
      const outcome = await office.changeStatus(kind, params.id, from, to, staff)
      return outcome.ok ? back(base, {done: outcome.done === 'changed' ? 'status' : 'status_unchanged'}, 'status') : refused(outcome.problem, 'status')
    }
    case 'assignee': {
      const chosen = text(form, 'assignee')
      const outcome = await office.assign(kind, params.id, chosen === '' || chosen === 'nobody' ? null : chosen, staff)
      return outcome.ok ? back(base, {done: outcome.done === 'changed' ? 'assigned' : 'assigned_unchanged'}, 'assignee') : refused(outcome.problem, 'assignee')
    }
    case 'notes': {
      const body = text(form, 'note')
      const outcome = await office.addNote(kind, params.id, body, staff)
      return outcome.ok ? back(base, {done: 'note'}, 'notes') : refused(outcome.problem, 'notes', {note: body.slice(0, ECHO_LIMIT)})
    }
    case 'reply': {
      const subject = text(form, 'subject')
      const message = text(form, 'message')
      const from = text(form, 'from')
      const after = text(form, 'statusAfter')
      if (!isLeadStatus(from) || (after !== '' && !isLeadStatus(after))) return refused('status_not_allowed', 'reply', {subject: subject.slice(0, LIMITS.subject + 50), message: message.slice(0, ECHO_LIMIT)})
      const outcome = await office.reply(kind, params.id, {key: text(form, 'key'), subject, message, from, statusAfter: after === '' ? null : (after as typeof from)}, staff)
      if (outcome.ok) return back(base, {done: 'reply'}, 'reply')
      // Sent before (the same form twice): say so, and keep nothing to send again.
      if (outcome.problem === 'already_sent') return refused('already_sent', 'reply')
      return refused(outcome.problem, 'reply', {subject: subject.slice(0, LIMITS.subject + 50), message: message.slice(0, ECHO_LIMIT)})
    }
  }
}
