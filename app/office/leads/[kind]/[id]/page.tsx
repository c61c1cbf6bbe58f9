import {randomUUID} from 'node:crypto'
import type {Metadata} from 'next'
import Link from 'next/link'
import {notFound} from 'next/navigation'
import {ActionHistory} from '@/components/office/ActionHistory'
import {formatCompanyDateTime} from '@/lib/format'
import {staffActionsOf} from '@/lib/office/shared/audit'
import {leadFieldRows} from '@/lib/office/leads/page'
import {leadOffice} from '@/lib/office/leads/server'
import {isUuid} from '@/lib/booking/store/mapping'
import {defaultStatusAfterReply, leadCustomer, leadKindFromSlug, LIMITS, nextStatuses, LEAD_KIND_SLUGS} from '@/lib/office/leads/actions'
import {requireStaffPage} from '@/lib/office/access/page'
import {leadWords} from '@/lib/office/leads/words'
import {customerHref} from '@/lib/office/customers/read'
import {customerWords} from '@/lib/office/customers/words'
import ui from '@/components/office/office-page.module.css'
import styles from '../../leads.module.css'
import {Choices, StaffChoices} from '@/components/office/Choices'

export const metadata: Metadata = {title: leadWords.title}

const words = leadWords

type Search = Record<string, string | string[] | undefined>

function one(search: Search, key: string): string {
  const value = search[key]
  return typeof value === 'string' ? value : ''
}

/** The outcome of the last action, shown in the form it came from. */
function Outcome({search, form, fields = []}: {search: Search; form: string; fields?: string[]}) {
  if (one(search, 'form') !== form) return null
  const done = words.done[one(search, 'done')]
  if (done)
    return (
      <p role="status" className={styles.done}>
        {done}
      </p>
    )
  const problem = words.problems[one(search, 'problem')]
  // A problem with one field is shown beside that field instead.
  if (!problem || fields.some((field) => problemField(one(search, 'problem')) === field)) return null
  return (
    <p role="alert" className={styles.problem}>
      {problem}
    </p>
  )
}

/** Which field a refused input names. */
function problemField(problem: string): string | null {
  if (problem.startsWith('subject_')) return 'subject'
  if (problem.startsWith('message_')) return 'message'
  if (problem.startsWith('note_')) return 'note'
  return null
}

function FieldProblem({search, form, field, id}: {search: Search; form: string; field: string; id: string}) {
  const problem = one(search, 'problem')
  if (one(search, 'form') !== form || problemField(problem) !== field) return null
  return (
    <p id={id} role="alert" className={styles.problem}>
      {words.problems[problem]}
    </p>
  )
}

export default async function LeadPage({params, searchParams}: {params: Promise<{kind: string; id: string}>; searchParams: Promise<Search>}) {
  await requireStaffPage('office')
  const {kind: slug, id} = await params
  const kind = leadKindFromSlug(slug)
  if (!kind || !isUuid(id)) notFound()
  const office = await leadOffice()
  const [lead, assignees, history, search] = await Promise.all([office.get(kind, id), office.assignees(), staffActionsOf('lead', id), searchParams])
  if (!lead) notFound()

  const customer = leadCustomer(lead)
  const base = `/office/leads/${LEAD_KIND_SLUGS[kind]}/${id}`
  const next = nextStatuses(lead.status)
  const statusAfter = defaultStatusAfterReply(lead.status)
  const invalid = (field: string, form: string) => one(search, 'form') === form && problemField(one(search, 'problem')) === field
  const receivedAt = typeof lead.fields.created_at === 'string' ? lead.fields.created_at : null

  return (
    <div className={styles.page}>
      <p>
        <Link href="/office/leads">{words.lead.back}</Link>
      </p>
      <h1>
        {customer.name || words.kinds[kind]}
        <span className={ui.visuallyHidden}>, </span>
        <span className={styles.meta}> {words.kinds[kind]}</span>
      </h1>
      {receivedAt ? (
        <p className={styles.meta}>
          {words.lead.received} <time dateTime={receivedAt}>{formatCompanyDateTime(receivedAt)}</time>
        </p>
      ) : null}
      {customer.email ? (
        <p>
          <Link href={customerHref(customer.email)} prefetch={false}>
            {customerWords.recordLink}
          </Link>
        </p>
      ) : null}

      <div className={styles.layout}>
        <div className={styles.page}>
          <section className={styles.panel} aria-labelledby="lead-sent">
            <h2 id="lead-sent">{words.lead.sent}</h2>
            <dl className={styles.facts}>
              {leadFieldRows(lead).map((row) => (
                <div key={row.key} style={{display: 'contents'}}>
                  <dt>{row.label}</dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
            </dl>
          </section>

          <section className={styles.panel} id="reply" aria-labelledby="lead-reply">
            <h2 id="lead-reply">{words.lead.replyHeading}</h2>
            <Outcome search={search} form="reply" fields={['subject', 'message']} />
            {customer.email ? (
              <form method="post" action={`${base}/reply`}>
                <p className={styles.help}>{words.lead.replyHelp(customer.email)}</p>
                <input type="hidden" name="key" value={randomUUID()} />
                <input type="hidden" name="from" value={lead.status} />
                <div className={styles.field}>
                  <label htmlFor="reply-subject">{words.lead.subjectLabel}</label>
                  <input
                    id="reply-subject"
                    name="subject"
                    type="text"
                    required
                    maxLength={LIMITS.subject}
                    defaultValue={one(search, 'form') === 'reply' ? one(search, 'subject') : ''}
                    aria-invalid={invalid('subject', 'reply') || undefined}
                    aria-describedby={invalid('subject', 'reply') ? 'reply-subject-problem' : undefined}
                  />
                  <FieldProblem search={search} form="reply" field="subject" id="reply-subject-problem" />
                </div>
                <div className={styles.field}>
                  <label htmlFor="reply-message">{words.lead.messageLabel}</label>
                  <textarea
                    id="reply-message"
                    name="message"
                    required
                    maxLength={LIMITS.message}
                    rows={8}
                    defaultValue={one(search, 'form') === 'reply' ? one(search, 'message') : ''}
                    aria-invalid={invalid('message', 'reply') || undefined}
                    aria-describedby={invalid('message', 'reply') ? 'reply-message-help reply-message-problem' : 'reply-message-help'}
                  />
                  <p id="reply-message-help" className={styles.help}>
                    {words.lead.messageHelp}
                  </p>
                  <FieldProblem search={search} form="reply" field="message" id="reply-message-problem" />
                </div>
                <div className={styles.field}>
                  <label htmlFor="reply-status-after">{words.lead.statusAfterLabel}</label>
                  <select id="reply-status-after" name="statusAfter" defaultValue={statusAfter === lead.status ? '' : statusAfter}>
                    <option value="">{words.lead.keepStatus(words.statuses[lead.status].toLowerCase())}</option>
                    <Choices values={next} label={(status) => words.statuses[status]} />
                  </select>
                </div>
                <div>
                  <button type="submit" className={styles.button}>
                    {words.lead.replySubmit}
                  </button>
                </div>
              </form>
            ) : (
              <p>{words.lead.notAnswerable}</p>
            )}
          </section>
        </div>

        <div className={styles.page}>
          <section className={styles.panel} id="status" aria-labelledby="lead-status">
            <h2 id="lead-status">
              {words.lead.statusHeading}: <span data-testid="lead-status">{words.statuses[lead.status]}</span>
            </h2>
            <Outcome search={search} form="status" />
            {next.length > 0 ? (
              <form method="post" action={`${base}/status`}>
                <input type="hidden" name="from" value={lead.status} />
                <div className={styles.field}>
                  <label htmlFor="lead-status-to">{words.lead.statusLabel}</label>
                  <select id="lead-status-to" name="status" defaultValue={next[0]}>
                    <Choices values={next} label={(status) => words.statuses[status]} />
                  </select>
                </div>
                <div>
                  <button type="submit" className={styles.button}>
                    {words.lead.statusSubmit}
                  </button>
                </div>
              </form>
            ) : (
              <p>{words.lead.noNextStatus}</p>
            )}
          </section>

          <section className={styles.panel} id="assignee" aria-labelledby="lead-assignee">
            <h2 id="lead-assignee">
              {words.lead.assigneeHeading}:{' '}
              <span data-testid="lead-assignee">
                {lead.assignee ? (lead.assignee.removed ? words.lead.removedMember(lead.assignee.name) : lead.assignee.name) : words.nobody}
              </span>
            </h2>
            <Outcome search={search} form="assignee" />
            <form method="post" action={`${base}/assignee`}>
              <div className={styles.field}>
                <label htmlFor="lead-assignee-to">{words.lead.assigneeLabel}</label>
                <select id="lead-assignee-to" name="assignee" defaultValue={lead.assignee && !lead.assignee.removed ? lead.assignee.id : 'nobody'}>
                  <option value="nobody">{words.nobody}</option>
                  <StaffChoices members={assignees} />
                </select>
              </div>
              <div>
                <button type="submit" className={styles.button}>
                  {words.lead.assigneeSubmit}
                </button>
              </div>
            </form>
          </section>

          <section className={styles.panel} id="notes" aria-labelledby="lead-notes">
            <h2 id="lead-notes">{words.lead.notesHeading}</h2>
            <p className={styles.help}>{words.lead.notesHelp}</p>
            {lead.notes.length > 0 ? (
              <ul className={styles.notes}>
                {lead.notes.map((note) => (
                  <li key={note.id}>
                    <span className={styles.meta}>
                      {note.staffName}, <time dateTime={note.at}>{formatCompanyDateTime(note.at)}</time>
                    </span>
                    <p>{note.body}</p>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{words.lead.noNotes}</p>
            )}
            <Outcome search={search} form="notes" fields={['note']} />
            <form method="post" action={`${base}/notes`}>
              <div className={styles.field}>
                <label htmlFor="lead-note">{words.lead.noteLabel}</label>
                <textarea
                  id="lead-note"
                  name="note"
                  required
                  maxLength={LIMITS.note}
                  rows={4}
                  defaultValue={one(search, 'form') === 'notes' ? one(search, 'note') : ''}
                  aria-invalid={invalid('note', 'notes') || undefined}
                  aria-describedby={invalid('note', 'notes') ? 'lead-note-problem' : undefined}
                />
                <FieldProblem search={search} form="notes" field="note" id="lead-note-problem" />
              </div>
              <div>
                <button type="submit" className={styles.button}>
                  {words.lead.noteSubmit}
                </button>
              </div>
            </form>
          </section>

          <div className={styles.panel}>
            <ActionHistory actions={history} actionLabels={words.history} fieldLabels={words.historyFields} valueLabels={{status: words.statuses}} />
          </div>
        </div>
      </div>
    </div>
  )
}
