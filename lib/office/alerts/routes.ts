import * as z from 'zod'
import {officeLine, optionalField} from '../shared/input.ts'
import {toE164} from '../../texts/phone.ts'
import {ALERT_DELIVERIES, ALERT_EVENTS, type AlertDelivery, type AlertEvent} from './words.ts'

/**
 * The forms of staff alerts as posted (urlencoded, one value per field): the owner's choice for a
 * member on Staff (a checkbox per event, `event_<event>`, and a delivery), and a member's own text
 * number and consent on their Alerts page. Anything else is refused naming the field.
 */

const ticked = () => optionalField(officeLine().refine((value) => value === '' || value === 'on', 'must be ticked or left empty'))

/** The owner's form for one member. */
export const alertChoiceForm = z.object({
  event_booking: ticked(),
  event_lead: ticked(),
  event_cancellation_request: ticked(),
  delivery: optionalField(officeLine().refine((value): value is AlertDelivery => (ALERT_DELIVERIES as readonly string[]).includes(value), 'must be off, each or digest')),
})

/** The events ticked on the owner's form, in their listed order. */
export function chosenEvents(form: z.infer<typeof alertChoiceForm>): AlertEvent[] {
  return ALERT_EVENTS.filter((event) => form[`event_${event}`] === 'on')
}

/** A US mobile number as typed ((425) 555-0123, 425-555-0123, +1 425 555 0123), in E.164; null when it is none. */
export function usMobile(typed: string): string | null {
  const phone = toE164(typed)
  return phone && /^\+1[2-9]\d{9}$/.test(phone) ? phone : null
}

/** A member's own number and consent: an empty number (no texts) or a US number; agreeing needs a number. */
export const ownTextsForm = z
  .object({
    phone: optionalField(officeLine().refine((value) => value.trim() === '' || usMobile(value) !== null, 'must be a US mobile number of 10 digits, or empty')),
    agree: ticked(),
  })
  .refine((form) => form.agree !== 'on' || form.phone.trim() !== '', {path: ['agree'], message: 'needs a mobile number to agree to texts'})

type FormProblem = {field: string; message: string}

/** A refused owner's form: back to Staff, beside that member's alerts. */
export function alertChoiceRefused(refusal: FormProblem, params: Record<string, unknown>): string {
  const id = String(params.id ?? '')
  const field = refusal.field === 'delivery' ? 'delivery' : 'events'
  return `/office/staff?${new URLSearchParams({alerts: id, alerts_problem: field})}#alerts-${encodeURIComponent(id)}`
}

/** A refused member's form: back to their Alerts page, the field named. */
export function ownTextsRefused(refusal: FormProblem): string {
  const field = refusal.field === 'agree' ? 'agree' : 'phone'
  const problem = field === 'agree' && refusal.message.startsWith('needs') ? 'consent_needs_phone' : field
  return `/office/alerts?${new URLSearchParams({problem})}#alerts-${field}`
}
