/**
 * Quote requests, contact messages and appointment requests on the server, in plain TypeScript
 * (every dependency passed in): refuse the honeypot, validate with the shared schemas, store the
 * submission with its e-mails in one transaction, and only then answer success. The e-mails are
 * sent later by the outbox worker; a failure to send never loses the submission.
 */
import {checkEstimateVisit, type AvailabilityRules} from '../booking/availability'
import {eventEmails, type CustomerEventFacts} from '../email/queue'
import {
  createLeadSchemas,
  fieldMessageKeys,
  HONEYPOT_FIELD,
  LEAD_MESSAGE_KEYS_AS_TEXT,
  leadSchemaFor,
  type Clock,
  type Lead,
  type LeadKind,
  type LeadSchemas,
} from './schemas'
import type {LeadStore, SavedLead, StoredLeadInput} from './store'

export interface LeadFlowDeps {
  store: LeadStore
  now: Clock
  /** A new record id (a UUID). */
  newId: () => string
  /** The Availability document's rules: the estimate crew's days and windows an estimate visit can be asked for. */
  availability: () => Promise<AvailabilityRules>
  /** Called once a submission is stored with its e-mails (the server wakes its outbox worker). */
  afterStored?: () => void
  log?: Pick<Console, 'error'>
}

export type LeadResult =
  | {ok: true; id: string}
  /** Field path → message key (see LEAD_MESSAGE_KEYS); '' for the request as a whole. */
  | {ok: false; kind: 'validation'; fieldErrors: Record<string, string>}
  /** The hidden honeypot field was filled in: a bot, or autofill gone wrong. Nothing is stored. */
  | {ok: false; kind: 'spam'}
  /** The submission key was stored before with other details: nothing new is stored. */
  | {ok: false; kind: 'conflict'}
  /** The database could not store it: nothing was stored, the visitor may try again. */
  | {ok: false; kind: 'unavailable'}

// The server names each problem by its key; the form shows the content's text for it.
const schemas: LeadSchemas = createLeadSchemas(LEAD_MESSAGE_KEYS_AS_TEXT)

/** Whether the request filled in the field people never see. */
export function isHoneypotFilled(raw: unknown): boolean {
  if (typeof raw !== 'object' || raw === null) return false
  const value = (raw as Record<string, unknown>)[HONEYPOT_FIELD]
  return value !== undefined && value !== null && value !== ''
}

/** The event the e-mails report, from the stored lead. */
export function leadFacts<K extends LeadKind>(kind: K, lead: StoredLeadInput<K>): CustomerEventFacts {
  const submittedAt = lead.submittedAt.toISOString()
  switch (kind) {
    case 'quoteRequest': {
      const q = lead as StoredLeadInput<'quoteRequest'>
      return {
        kind: 'quote_request',
        id: q.id,
        firstName: q.firstName,
        lastName: q.lastName,
        phone: q.phone,
        email: q.email,
        zipCode: q.zipCode,
        squareFootage: q.squareFootage,
        desiredServices: q.desiredServices,
        heardAboutUs: q.heardAboutUs,
        pagePath: q.page.path,
        pageTitle: q.page.title,
        submittedAt,
      }
    }
    case 'contactMessage': {
      const c = lead as StoredLeadInput<'contactMessage'>
      return {kind: 'contact_message', id: c.id, name: c.name, email: c.email, phone: c.phone, message: c.message, pagePath: c.page.path, submittedAt}
    }
    default: {
      const a = lead as StoredLeadInput<'appointment'>
      return {
        kind: 'estimate_request',
        id: a.id,
        fullName: a.fullName,
        phone: a.phone,
        email: a.email,
        address: a.address,
        zipCode: a.zipCode,
        service: a.service,
        visitDate: a.visitDate,
        visitWindow: a.visitWindow,
        walkthrough: a.walkthrough,
        notes: a.notes,
        pagePath: a.page.path,
        submittedAt,
      }
    }
  }
}

/** Validates and stores one submission (the parsed JSON body) of the form `kind`. */
export async function submitLead<K extends LeadKind>(kind: K, raw: unknown, deps: LeadFlowDeps): Promise<LeadResult> {
  if (isHoneypotFilled(raw)) return {ok: false, kind: 'spam'}
  const parsed = leadSchemaFor(kind, schemas).safeParse(raw)
  if (!parsed.success) return {ok: false, kind: 'validation', fieldErrors: fieldMessageKeys(parsed.error)}

  const now = deps.now()
  const lead = {...(parsed.data as Lead[K]), id: deps.newId(), submittedAt: now} as StoredLeadInput<K>
  let stored: SavedLead
  try {
    if (kind === 'appointment') {
      // A day or window the estimate crew does not offer (now) is refused beside its field.
      const visit = lead as StoredLeadInput<'appointment'>
      const check = checkEstimateVisit(await deps.availability(), visit.visitDate, visit.visitWindow, now)
      if (!check.ok) {
        const fieldErrors: Record<string, string> = check.reason === 'windowUnknown' ? {visitWindow: 'visitWindowUnavailable'} : {visitDate: 'visitDateUnavailable'}
        return {ok: false, kind: 'validation', fieldErrors}
      }
      visit.visitStartsAt = check.visit.startsAt.toISOString()
    }
    stored = await deps.store.save(kind, lead, eventEmails(leadFacts(kind, lead)))
  } catch (error) {
    ;(deps.log ?? console).error(`Lead flow: a ${kind} could not be stored`, error)
    return {ok: false, kind: 'unavailable'}
  }
  // The same key with other details: answering "sent" would drop what the visitor now sees.
  if (stored.conflict) return {ok: false, kind: 'conflict'}
  if (stored.created) deps.afterStored?.()
  return {ok: true, id: stored.id}
}
