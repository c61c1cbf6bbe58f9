import {isUuid} from '../../booking/store/mapping.ts'
import type {DatabaseFunctions} from '../../database/functions.ts'
import type {LeadReplyFacts, QueuedEmail} from '../../email/queue.ts'
import {LEAD_LIMITS} from '../../leads/schemas.ts'
import {isOfficeDate, refusedDate, refusedText, textProblem, type RefusedParameter} from '../shared/input.ts'
import {actingStaff, type ActingStaff} from '../access/roles'

/**
 * The office's leads: quote requests, contact messages and in-home estimate requests in one inbox,
 * each with a status, an assignee, internal notes and replies e-mailed from the office. The rules
 * (which status may follow which, what a reply or a note must be, where a reply goes and what it
 * does to the status) are here; the rows, the audit rows and the e-mail of each action are written
 * by one database function (supabase/migrations/20261122000400_baseline_leads.sql), in one transaction.
 * Plain TypeScript: no React, no SDK.
 */

export const LEAD_STATUSES = ['new', 'contacted', 'quoted', 'won', 'lost', 'spam'] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]

export const OFFICE_LEAD_KINDS = ['quote_request', 'contact_message', 'estimate_request'] as const
export type OfficeLeadKind = (typeof OFFICE_LEAD_KINDS)[number]

/** The kind as it reads in the office's addresses (/office/leads/quote-request/<id>). */
export const LEAD_KIND_SLUGS: Record<OfficeLeadKind, string> = {
  quote_request: 'quote-request',
  contact_message: 'contact-message',
  estimate_request: 'estimate-request',
}

export function leadKindFromSlug(slug: string | null | undefined): OfficeLeadKind | null {
  const found = OFFICE_LEAD_KINDS.find((kind) => LEAD_KIND_SLUGS[kind] === slug)
  return found ?? null
}

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === 'string' && (LEAD_STATUSES as readonly string[]).includes(value)
}

/**
 * Which status may follow which. A lead moves forward (new → contacted → quoted → won or lost); it
 * may skip steps (a customer can say yes on the first call). Going back is allowed only where it
 * happens in real life: a won customer backs out (lost); a lost one comes back (contacted or
 * quoted again); a lead marked spam by mistake returns to the inbox as new. Nothing else goes back
 * to new (it would hide that someone already answered), and a lead we have quoted is a real
 * customer, never spam.
 */
const NEXT_STATUSES: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ['contacted', 'quoted', 'won', 'lost', 'spam'],
  contacted: ['quoted', 'won', 'lost', 'spam'],
  quoted: ['won', 'lost'],
  won: ['lost'],
  lost: ['contacted', 'quoted'],
  spam: ['new'],
}

export function nextStatuses(from: LeadStatus): readonly LeadStatus[] {
  return NEXT_STATUSES[from]
}

export function canChangeStatus(from: LeadStatus, to: LeadStatus): boolean {
  return NEXT_STATUSES[from].includes(to)
}

/**
 * The status a reply leaves the lead in, unless staff choose otherwise on the reply form: a new lead
 * becomes contacted (it has been answered, so nobody else answers it again from the "new" queue);
 * any other keeps its status (a reply to a quoted lead is still about that quote).
 */
export function defaultStatusAfterReply(current: LeadStatus): LeadStatus {
  return current === 'new' ? 'contacted' : current
}

export const LIMITS = {subject: 150, message: 5000, note: 4000, search: 100} as const
export const PAGE_SIZE = 25

/** Why an action was refused; the office's words for each are in ./words.ts. */
export type LeadProblem =
  | 'not_found'
  | 'status_not_allowed'
  | 'stale'
  | 'not_staff'
  | 'note_missing'
  | 'note_too_long'
  | 'note_unreadable'
  | 'subject_unreadable'
  | 'message_unreadable'
  | 'subject_missing'
  | 'subject_too_long'
  | 'subject_line_break'
  | 'message_missing'
  | 'message_too_long'
  | 'no_email'
  | 'already_sent'


/** One row of the inbox. */
export interface LeadSummary {
  kind: OfficeLeadKind
  id: string
  name: string
  email: string | null
  phone: string | null
  summary: string
  receivedAt: string
  status: LeadStatus
  /** `removed`: no longer staff (the lead counts as nobody's in the filters). */
  assignee: {id: string; name: string; removed: boolean} | null
}

export interface LeadPage {
  leads: LeadSummary[]
  total: number
  page: number
  pageCount: number
}

/** The inbox's filters, as the page's address carries them (?status=&kind=&assignee=&q=&from=&to=&heard=&page=&order=). */
export interface LeadListQuery {
  status: LeadStatus | null
  kind: OfficeLeadKind | null
  /** 'mine' (the viewer), 'nobody', or a staff member's id. */
  assignee: 'mine' | 'nobody' | string | null
  search: string
  /** The days a lead came in, 'YYYY-MM-DD' in the company's time zone (America/Los_Angeles), both inclusive. */
  from: string | null
  to: string | null
  /** The quote form's "how did you hear about us" answer (any case); '' for any. Only quote requests have one. */
  heard: string
  page: number
  order: 'newest' | 'oldest'
}

type Params = {get(name: string): string | null}

/** The inbox's filters from the address; anything unknown is left out (the whole inbox). */
export function parseLeadListQuery(params: Params): LeadListQuery {
  const status = params.get('status')
  const assignee = params.get('assignee')
  const page = Number.parseInt(params.get('page') ?? '', 10)
  return {
    status: isLeadStatus(status) ? status : null,
    kind: leadKindFromSlug(params.get('kind')),
    assignee: assignee === 'mine' || assignee === 'nobody' || isUuid(assignee) ? assignee : null,
    search: textProblem(params.get('q') ?? '') ? '' : (params.get('q') ?? '').trim().slice(0, LIMITS.search),
    from: isOfficeDate(params.get('from')) ? params.get('from') : null,
    to: isOfficeDate(params.get('to')) ? params.get('to') : null,
    heard: textProblem(params.get('heard') ?? '') ? '' : (params.get('heard') ?? '').normalize('NFC').trim().slice(0, LEAD_LIMITS.heardAboutUs),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
    order: params.get('order') === 'oldest' ? 'oldest' : 'newest',
  }
}

/**
 * The part of the inbox's address the office refuses (a search or an answer holding a control
 * character: the database cannot search for a NUL; a day that is not a date in the office's years),
 * or null; the page says so above the inbox, shown without that part.
 */
export function refusedLeadListQuery(params: Params): RefusedParameter | null {
  return refusedText({q: params.get('q'), heard: params.get('heard')}) ?? refusedDate({from: params.get('from'), to: params.get('to')})
}

/** The address of the inbox with `query` (only what differs from the whole inbox). */
export function leadListHref(query: Partial<LeadListQuery>): string {
  const params = new URLSearchParams()
  if (query.status) params.set('status', query.status)
  if (query.kind) params.set('kind', LEAD_KIND_SLUGS[query.kind])
  if (query.assignee) params.set('assignee', query.assignee)
  if (query.search) params.set('q', query.search)
  if (query.from) params.set('from', query.from)
  if (query.to) params.set('to', query.to)
  if (query.heard) params.set('heard', query.heard)
  if (query.order === 'oldest') params.set('order', 'oldest')
  if (query.page && query.page > 1) params.set('page', String(query.page))
  const text = params.toString()
  return text ? `/office/leads?${text}` : '/office/leads'
}

export function leadHref(kind: OfficeLeadKind, id: string): string {
  return `/office/leads/${LEAD_KIND_SLUGS[kind]}/${id}`
}

/** One lead for its page: every field the customer sent, as stored (snake_case), and the office's own. */
export interface OfficeLead {
  kind: OfficeLeadKind
  id: string
  fields: Record<string, unknown>
  status: LeadStatus
  assignee: {id: string; name: string; removed: boolean} | null
  notes: {id: string; staffName: string; at: string; body: string}[]
}

/** Who the customer is, from the fields of their submission: where a reply goes and how it greets. */
export function leadCustomer(lead: Pick<OfficeLead, 'kind' | 'fields'>): {name: string; firstName: string; email: string | null; phone: string | null} {
  const f = lead.fields
  const text = (key: string) => (typeof f[key] === 'string' && f[key] !== '' ? (f[key] as string) : null)
  const name =
    lead.kind === 'quote_request'
      ? [text('first_name'), text('last_name')].filter(Boolean).join(' ')
      : lead.kind === 'contact_message'
        ? (text('name') ?? '')
        : (text('full_name') ?? text('patient_name') ?? '')
  const firstName = lead.kind === 'quote_request' ? (text('first_name') ?? name) : (name.trim().split(/\s+/)[0] ?? name)
  return {name, firstName, email: text('email'), phone: text('phone') ?? text('patient_phone')}
}

export type LeadOutcome<T extends string> = {ok: true; done: T} | {ok: false; problem: LeadProblem}

export interface ReplyInput {
  /** The reply form's own key: the same form sent twice sends one e-mail. */
  key: string
  subject: string
  message: string
  /** The status the form showed when staff wrote (a reply changes the status only if it still is). */
  from: LeadStatus
  /** The status to leave the lead in; null keeps it. */
  statusAfter: LeadStatus | null
}

/** What a reply's fields must be; null when they are fine. Checked before anything is stored. */
export function replyProblems(input: Pick<ReplyInput, 'subject' | 'message'>): {subject?: LeadProblem; message?: LeadProblem} {
  const problems: {subject?: LeadProblem; message?: LeadProblem} = {}
  const subject = input.subject.trim()
  if (!subject) problems.subject = 'subject_missing'
  else if (/[\r\n]/.test(subject)) problems.subject = 'subject_line_break'
  else if (subject.length > LIMITS.subject) problems.subject = 'subject_too_long'
  else if (textProblem(subject)) problems.subject = 'subject_unreadable'
  const message = input.message.trim()
  if (!message) problems.message = 'message_missing'
  else if (message.length > LIMITS.message) problems.message = 'message_too_long'
  else if (textProblem(message, {multiline: true})) problems.message = 'message_unreadable'
  return problems
}

export function noteProblem(body: string): LeadProblem | null {
  const note = body.trim()
  if (!note) return 'note_missing'
  if (note.length > LIMITS.note) return 'note_too_long'
  if (textProblem(note, {multiline: true})) return 'note_unreadable'
  return null
}

/** The reply's e-mail to the customer, as reply_to_lead queues it (answers go to the business). */
export function leadReplyEmail(lead: OfficeLead, input: ReplyInput, staff: ActingStaff, now: Date): QueuedEmail | null {
  const customer = leadCustomer(lead)
  if (!customer.email) return null
  const payload: LeadReplyFacts = {
    kind: 'lead_reply',
    id: input.key,
    leadKind: lead.kind,
    leadId: lead.id,
    to: customer.email,
    firstName: customer.firstName,
    subject: input.subject.trim(),
    message: input.message.trim(),
    staffName: staff.name,
    sentAt: now.toISOString(),
  }
  return {audience: 'customer', template: 'lead_reply.customer', to: customer.email, replyTo: null, payload}
}

function rowTime(value: unknown): string {
  return (value instanceof Date ? value : new Date(String(value))).toISOString()
}

export interface LeadOffice {
  list(query: LeadListQuery, viewer: ActingStaff): Promise<LeadPage>
  get(kind: OfficeLeadKind, id: string): Promise<OfficeLead | null>
  /** Who a lead may be assigned to: the current staff. */
  assignees(): Promise<{id: string; name: string}[]>
  /** The "how did you hear about us" answers quote requests gave, each once, A to Z (the inbox's filter offers them). */
  heardAnswers(): Promise<string[]>
  changeStatus(kind: OfficeLeadKind, id: string, from: LeadStatus, to: LeadStatus, staff: ActingStaff): Promise<LeadOutcome<'changed' | 'unchanged'>>
  assign(kind: OfficeLeadKind, id: string, assigneeId: string | null, staff: ActingStaff): Promise<LeadOutcome<'changed' | 'unchanged'>>
  addNote(kind: OfficeLeadKind, id: string, body: string, staff: ActingStaff): Promise<LeadOutcome<'added'>>
  reply(kind: OfficeLeadKind, id: string, input: ReplyInput, staff: ActingStaff): Promise<LeadOutcome<'sent'>>
}

/** The leads through the database functions (PGlite, PostgreSQL or Supabase alike). */
export function createLeadOffice(functions: DatabaseFunctions, now: () => Date = () => new Date()): LeadOffice {
  const office: LeadOffice = {
    async list(query, viewer) {
      const filter: Record<string, string> = {}
      if (query.status) filter.status = query.status
      if (query.kind) filter.kind = query.kind
      if (query.assignee) filter.assignee = query.assignee === 'mine' ? viewer.id : query.assignee
      if (query.search) filter.search = query.search
      if (query.from) filter.from = query.from
      if (query.to) filter.to = query.to
      if (query.heard) filter.heard = query.heard
      if (query.order === 'oldest') filter.order = 'oldest'
      const rows = await functions.rows<Record<string, unknown>>('office_leads', {
        p_filter: filter,
        p_limit: PAGE_SIZE,
        p_offset: (query.page - 1) * PAGE_SIZE,
      })
      // A page past the end still says how many there are (asked again from the first page).
      const total = rows.length > 0 ? Number(rows[0].total) : query.page > 1 ? (await office.list({...query, page: 1}, viewer)).total : 0
      return {
        leads: rows.map((row) => ({
          kind: String(row.kind) as OfficeLeadKind,
          id: String(row.id),
          name: String(row.name ?? ''),
          email: row.email == null ? null : String(row.email),
          phone: row.phone == null ? null : String(row.phone),
          summary: String(row.summary ?? ''),
          receivedAt: rowTime(row.received_at),
          status: isLeadStatus(row.status) ? row.status : 'new',
          assignee: row.assignee_id == null ? null : {id: String(row.assignee_id), name: String(row.assignee_name ?? ''), removed: row.assignee_removed === true},
        })),
        total,
        page: query.page,
        pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
      }
    },

    async get(kind, id) {
      if (!isUuid(id)) return null
      const found = await functions.value<Record<string, unknown> | null>('office_lead', {p_kind: kind, p_id: id})
      if (!found) return null
      const assignee = found.assignee as {id: string; name: string; removed: boolean} | null
      return {
        kind,
        id,
        fields: (found.fields ?? {}) as Record<string, unknown>,
        status: isLeadStatus(found.status) ? found.status : 'new',
        assignee: assignee ? {id: String(assignee.id), name: String(assignee.name), removed: assignee.removed === true} : null,
        notes: ((found.notes ?? []) as {id: string; staffName: string; at: string; body: string}[]).map((note) => ({...note, at: rowTime(note.at)})),
      }
    },

    async assignees() {
      const rows = await functions.rows<{id: string; name: string}>('office_lead_assignees', {})
      return rows.map((row) => ({id: String(row.id), name: String(row.name)}))
    },

    async heardAnswers() {
      const rows = await functions.rows<{answer: string}>('office_lead_heard_answers', {})
      return rows.map((row) => String(row.answer))
    },

    async changeStatus(kind, id, from, to, staff) {
      if (!isUuid(id)) return {ok: false, problem: 'not_found'}
      if (from !== to && !canChangeStatus(from, to)) return {ok: false, problem: 'status_not_allowed'}
      const result = await functions.value<{outcome: string}>('set_lead_status', {p_kind: kind, p_id: id, p_from: from, p_to: to, p_staff: actingStaff(staff)})
      if (result.outcome === 'changed' || result.outcome === 'unchanged') return {ok: true, done: result.outcome}
      return {ok: false, problem: result.outcome === 'stale' ? 'stale' : 'not_found'}
    },

    async assign(kind, id, assigneeId, staff) {
      if (!isUuid(id)) return {ok: false, problem: 'not_found'}
      if (assigneeId !== null && !isUuid(assigneeId)) return {ok: false, problem: 'not_staff'}
      const result = await functions.value<{outcome: string}>('assign_lead', {p_kind: kind, p_id: id, p_assignee: assigneeId, p_staff: actingStaff(staff)})
      if (result.outcome === 'changed' || result.outcome === 'unchanged') return {ok: true, done: result.outcome}
      return {ok: false, problem: result.outcome === 'not_staff' ? 'not_staff' : 'not_found'}
    },

    async addNote(kind, id, body, staff) {
      if (!isUuid(id)) return {ok: false, problem: 'not_found'}
      const problem = noteProblem(body)
      if (problem) return {ok: false, problem}
      const result = await functions.value<{outcome: string}>('add_lead_note', {p_kind: kind, p_id: id, p_body: body.trim(), p_staff: actingStaff(staff)})
      return result.outcome === 'added' ? {ok: true, done: 'added'} : {ok: false, problem: 'not_found'}
    },

    async reply(kind, id, input, staff) {
      if (!isUuid(id) || !isUuid(input.key)) return {ok: false, problem: 'not_found'}
      const problems = replyProblems(input)
      const problem = problems.subject ?? problems.message
      if (problem) return {ok: false, problem}
      if (input.statusAfter && input.statusAfter !== input.from && !canChangeStatus(input.from, input.statusAfter)) return {ok: false, problem: 'status_not_allowed'}
      const lead = await office.get(kind, id)
      if (!lead) return {ok: false, problem: 'not_found'}
      const email = leadReplyEmail(lead, input, staff, now())
      if (!email) return {ok: false, problem: 'no_email'}
      const result = await functions.value<{outcome: string}>('reply_to_lead', {
        p_kind: kind,
        p_id: id,
        p_reply_key: input.key,
        p_from: input.from,
        p_status_after: input.statusAfter,
        p_staff: actingStaff(staff),
        p_emails: [email],
      })
      if (result.outcome === 'sent') return {ok: true, done: 'sent'}
      return {ok: false, problem: result.outcome === 'already_sent' ? 'already_sent' : 'not_found'}
    },
  }
  return office
}
