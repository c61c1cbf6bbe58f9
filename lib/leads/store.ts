import type {DatabaseFunctions} from '../database/functions.ts'
import type {QueuedEmail} from '../email/queue.ts'
import type {Lead, LeadKind} from './schemas.ts'

/**
 * Where quote requests, contact messages and appointment requests are stored: each with the e-mails
 * it causes, in one transaction, through the database functions of supabase/migrations (so the same
 * code serves the embedded database and Supabase). The same submission key twice stores one row.
 */
export interface LeadStore {
  save<K extends LeadKind>(kind: K, lead: StoredLeadInput<K>, emails: readonly QueuedEmail[]): Promise<SavedLead>
}

/**
 * The stored submission's id; `created` false when its key was stored before (nothing new stored),
 * then `conflict` true when that was with other details.
 */
export type SavedLead = {id: string; created: boolean; conflict: boolean}

/** A validated lead with the id and time the server gave it (and, for an estimate visit, when its window starts). */
export type StoredLeadInput<K extends LeadKind> = Lead[K] & {id: string; submittedAt: Date} & (K extends 'appointment' ? {visitStartsAt?: string} : unknown)

/** The row of each table, as the submit functions take it (snake_case JSON). */
function toRow(kind: LeadKind, lead: StoredLeadInput<LeadKind>): {fn: 'submit_quote_request' | 'submit_contact_message' | 'submit_estimate_request'; arg: string; row: Record<string, unknown>} {
  switch (kind) {
    case 'quoteRequest': {
      const q = lead as StoredLeadInput<'quoteRequest'>
      return {
        fn: 'submit_quote_request',
        arg: 'p_request',
        row: {
          id: q.id,
          submission_key: q.submissionKey,
          first_name: q.firstName,
          last_name: q.lastName,
          phone: q.phone,
          email: q.email,
          zip_code: q.zipCode,
          square_footage: q.squareFootage,
          desired_services: q.desiredServices,
          heard_about_us: q.heardAboutUs,
          terms_accepted_at: q.submittedAt.toISOString(),
          page_path: q.page.path,
          page_title: q.page.title,
        },
      }
    }
    case 'contactMessage': {
      const c = lead as StoredLeadInput<'contactMessage'>
      return {
        fn: 'submit_contact_message',
        arg: 'p_message',
        row: {id: c.id, submission_key: c.submissionKey, name: c.name, email: c.email, phone: c.phone, message: c.message, page_path: c.page.path},
      }
    }
    case 'appointment': {
      const a = lead as StoredLeadInput<'appointment'>
      return {
        fn: 'submit_estimate_request',
        arg: 'p_request',
        row: {
          id: a.id,
          submission_key: a.submissionKey,
          full_name: a.fullName,
          phone: a.phone,
          email: a.email,
          address: a.address,
          zip_code: a.zipCode,
          service: a.service,
          visit_date: a.visitDate,
          visit_window: a.visitWindow,
          visit_starts_at: a.visitStartsAt ?? null,
          walkthrough: a.walkthrough,
          notes: a.notes,
          page_path: a.page.path,
        },
      }
    }
  }
}

export function createLeadStore(functions: DatabaseFunctions): LeadStore {
  return {
    async save(kind, lead, emails) {
      const {fn, arg, row} = toRow(kind, lead)
      const result = await functions.value<{id: string; created: boolean; conflict?: boolean}>(fn, {[arg]: row, p_emails: emails} as never)
      return {id: String(result.id), created: result.created === true, conflict: result.conflict === true}
    },
  }
}
