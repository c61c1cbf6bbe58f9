import {randomUUID} from 'node:crypto'
import type {PGlite} from '@electric-sql/pglite'
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {renderEmail} from '@/components/email/render'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {createServiceRoleClient} from '../../database/supabase'
import {createSupabaseDatabaseFunctions} from '../../database/supabase-functions'
import {startPostgrestStandIn} from '../../database/test-support/postgrest'
import {openMigratedMemoryDatabase, PGLITE_SETUP_TIMEOUT} from '../../database/test-support/temp-pglite'
import {composeMail} from '../../email/compose'
import {createOutboxStore} from '../../email/outbox'
import {emailContentFromDataset} from '../../email/test-support/content'
import {submissionReference} from '../../email/view-parts'
import {createLeadStore, type StoredLeadInput} from '../../leads/store'
import {leadAction} from './routes'
import {INPUT_MESSAGES} from '../shared/input'
import {canChangeStatus, createLeadOffice, defaultStatusAfterReply, LEAD_STATUSES, leadListHref, parseLeadListQuery, PAGE_SIZE, refusedLeadListQuery, type LeadOffice, type ReplyInput} from './actions'
import type {ActingStaff} from '../access/roles'

vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

let db: PGlite
let office: LeadOffice
const NOW = new Date('2027-01-12T18:30:00Z')

beforeAll(async () => {
  db = await openMigratedMemoryDatabase()
  office = createLeadOffice(createSqlDatabaseFunctions(db), () => NOW)
})
afterAll(async () => {
  await db?.close()
})
beforeEach(async () => {
  await db.exec(`delete from public.lead_notes; delete from public.lead_tracking; delete from public.staff_actions;
    delete from public.email_outbox; delete from public.quote_requests; delete from public.contact_messages;
    delete from public.appointments; delete from public.staff;`)
})

async function addStaff(name: string, role: 'owner' | 'office' = 'office'): Promise<ActingStaff> {
  const {rows} = await db.query<{id: string}>('insert into public.staff (name, email, role) values ($1, $2, $3) returning id', [
    name,
    `${name.toLowerCase().replace(/\W+/g, '.')}.${randomUUID().slice(0, 6)}@office.test`,
    role,
  ])
  return {id: rows[0].id, name}
}

/** A quote request stored as the site's form stores it (no e-mails: they are not what is tested here). */
async function quoteRequest(overrides: Partial<StoredLeadInput<'quoteRequest'>> = {}): Promise<string> {
  const lead: StoredLeadInput<'quoteRequest'> = {
    id: randomUUID(),
    submissionKey: randomUUID(),
    firstName: 'Ada',
    lastName: "O'Hara",
    phone: '4255550142',
    email: 'ada.ohara@example.com',
    zipCode: '98056',
    squareFootage: 2400,
    desiredServices: 'Moss removal',
    heardAboutUs: null,
    termsAccepted: true,
    page: {path: '/roof-cleaning', title: 'Roof Cleaning'},
    website: '',
    submittedAt: new Date('2027-01-10T20:00:00Z'),
    ...overrides,
  } as StoredLeadInput<'quoteRequest'>
  const saved = await createLeadStore(createSqlDatabaseFunctions(db)).save('quoteRequest', lead, [])
  return saved.id
}

async function contactMessage(name: string, email: string, phone = '2065550199'): Promise<string> {
  const lead = {
    id: randomUUID(),
    submissionKey: randomUUID(),
    name,
    email,
    phone,
    message: 'Do you clean boat decks?',
    page: {path: '/contact', title: null},
    website: '',
    submittedAt: new Date('2027-01-11T20:00:00Z'),
  } as unknown as StoredLeadInput<'contactMessage'>
  return (await createLeadStore(createSqlDatabaseFunctions(db)).save('contactMessage', lead, [])).id
}

async function auditRows(id: string): Promise<{staff_name: string; action: string; before: unknown; after: unknown}[]> {
  const {rows} = await db.query<{staff_name: string; action: string; before: unknown; after: unknown}>(
    `select staff_name, action, before, after from public.staff_actions where subject_kind = 'lead' and subject_id = $1 order by at, action`,
    [id],
  )
  return rows
}

const everything = parseLeadListQuery(new URLSearchParams())

function reply(overrides: Partial<ReplyInput> = {}): ReplyInput {
  return {key: randomUUID(), subject: 'Your roof cleaning quote', message: 'Hello!\nWe can come on Tuesday.', from: 'new', statusAfter: 'contacted', ...overrides}
}

describe('the inbox', () => {
  it('shows every submission as new and unassigned, newest first, with its kind; filters, search and pages are the database’s', async () => {
    const dana = await addStaff('Dana Reyes')
    const quote = await quoteRequest()
    const contact = await contactMessage('Grace Hopper', 'grace@example.net')

    const all = await office.list(everything, dana)
    expect(all.total).toBe(2)
    expect(all.leads.map((lead) => [lead.kind, lead.id, lead.status, lead.assignee])).toEqual([
      ['contact_message', contact, 'new', null],
      ['quote_request', quote, 'new', null],
    ])
    expect(all.leads[1]).toMatchObject({name: "Ada O'Hara", email: 'ada.ohara@example.com', phone: '4255550142'})
    expect(all.leads[1].summary).toContain('Roof Cleaning')

    const q = (text: string) => office.list(parseLeadListQuery(new URLSearchParams(text)), dana)
    expect((await q('kind=quote-request')).leads.map((lead) => lead.id)).toEqual([quote])
    expect((await q('q=GRACE')).leads.map((lead) => lead.id)).toEqual([contact])
    expect((await q('q=ohara@')).leads.map((lead) => lead.id)).toEqual([quote])
    expect((await q('q=(425) 555')).leads.map((lead) => lead.id)).toEqual([quote])
    expect((await q('status=contacted')).total).toBe(0)
    expect((await q('order=oldest')).leads.map((lead) => lead.id)).toEqual([quote, contact])

    await office.assign('quote_request', quote, dana.id, dana)
    expect((await q('assignee=mine')).leads.map((lead) => lead.id)).toEqual([quote])
    expect((await q('assignee=nobody')).leads.map((lead) => lead.id)).toEqual([contact])
    expect((await office.list(parseLeadListQuery(new URLSearchParams('assignee=mine')), await addStaff('Sam Lee'))).total).toBe(0)
  })

  it('is paged on the server', async () => {
    const dana = await addStaff('Dana Reyes')
    for (let i = 0; i < PAGE_SIZE + 2; i++) await contactMessage(`Person ${i}`, `p${i}@example.com`)
    const first = await office.list(everything, dana)
    const second = await office.list({...everything, page: 2}, dana)
    expect([first.leads.length, second.leads.length, first.total, first.pageCount]).toEqual([PAGE_SIZE, 2, PAGE_SIZE + 2, 2])
    expect(new Set([...first.leads, ...second.leads].map((lead) => lead.id)).size).toBe(PAGE_SIZE + 2)
    const beyond = await office.list({...everything, page: 9}, dana)
    expect([beyond.leads.length, beyond.total]).toEqual([0, PAGE_SIZE + 2])
  })
})

describe('status', () => {
  it('follows the allowed transitions, each recorded with who, before and after', async () => {
    const dana = await addStaff('Dana Reyes')
    const id = await quoteRequest()
    expect(await office.changeStatus('quote_request', id, 'new', 'contacted', dana)).toEqual({ok: true, done: 'changed'})
    expect(await office.changeStatus('quote_request', id, 'contacted', 'quoted', dana)).toEqual({ok: true, done: 'changed'})
    expect(await office.changeStatus('quote_request', id, 'quoted', 'won', dana)).toEqual({ok: true, done: 'changed'})
    expect((await office.get('quote_request', id))?.status).toBe('won')
    expect(await auditRows(id)).toEqual([
      {staff_name: 'Dana Reyes', action: 'status_changed', before: {status: 'new'}, after: {status: 'contacted'}},
      {staff_name: 'Dana Reyes', action: 'status_changed', before: {status: 'contacted'}, after: {status: 'quoted'}},
      {staff_name: 'Dana Reyes', action: 'status_changed', before: {status: 'quoted'}, after: {status: 'won'}},
    ])
  })

  it('refuses a transition the rules do not allow, and one made against a status that has changed meanwhile', async () => {
    const dana = await addStaff('Dana Reyes')
    const id = await quoteRequest()
    await office.changeStatus('quote_request', id, 'new', 'quoted', dana)
    // Back to new, or a quoted customer marked spam: refused, nothing recorded.
    expect(await office.changeStatus('quote_request', id, 'quoted', 'new', dana)).toEqual({ok: false, problem: 'status_not_allowed'})
    expect(await office.changeStatus('quote_request', id, 'quoted', 'spam', dana)).toEqual({ok: false, problem: 'status_not_allowed'})
    // A second member's page still said "new": their change to spam is refused, not applied over "quoted".
    expect(await office.changeStatus('quote_request', id, 'new', 'spam', dana)).toEqual({ok: false, problem: 'stale'})
    expect((await office.get('quote_request', id))?.status).toBe('quoted')
    expect(await auditRows(id)).toHaveLength(1)
    expect(await office.changeStatus('quote_request', randomUUID(), 'new', 'contacted', dana)).toEqual({ok: false, problem: 'not_found'})
  })

  it('has rules an owner would recognise', () => {
    expect(LEAD_STATUSES.filter((to) => canChangeStatus('spam', to))).toEqual(['new'])
    expect(LEAD_STATUSES.filter((status) => canChangeStatus(status, 'new'))).toEqual(['spam'])
    expect(canChangeStatus('lost', 'contacted')).toBe(true)
    expect(canChangeStatus('won', 'lost')).toBe(true)
    expect(canChangeStatus('won', 'won')).toBe(false)
    expect([defaultStatusAfterReply('new'), defaultStatusAfterReply('quoted')]).toEqual(['contacted', 'quoted'])
  })
})

describe('assignee and notes', () => {
  it('assigns to a current member or nobody, refuses a removed one, and records each change', async () => {
    const dana = await addStaff('Dana Reyes')
    const sam = await addStaff('Sam Lee')
    const gone = await addStaff('Former Member')
    await db.query('update public.staff set removed_at = now() where id = $1', [gone.id])
    const id = await quoteRequest()

    expect((await office.assignees()).map((member) => member.name)).toEqual(['Dana Reyes', 'Sam Lee'])
    expect(await office.assign('quote_request', id, sam.id, dana)).toEqual({ok: true, done: 'changed'})
    expect(await office.assign('quote_request', id, gone.id, dana)).toEqual({ok: false, problem: 'not_staff'})
    expect(await office.assign('quote_request', id, randomUUID(), dana)).toEqual({ok: false, problem: 'not_staff'})
    expect((await office.get('quote_request', id))?.assignee).toEqual({id: sam.id, name: 'Sam Lee', removed: false})
    expect(await office.assign('quote_request', id, null, dana)).toEqual({ok: true, done: 'changed'})
    expect((await office.get('quote_request', id))?.assignee).toBeNull()
    // Sam leaves: the lead they had is nobody's in the inbox (someone has to pick it up), and says whose it was.
    const other = await quoteRequest()
    await office.assign('quote_request', other, sam.id, dana)
    await db.query('update public.staff set removed_at = now() where id = $1', [sam.id])
    const nobodys = await office.list(parseLeadListQuery(new URLSearchParams('assignee=nobody')), dana)
    // Newest first: the other lead was sent after the first.
    expect(nobodys.leads.map((lead) => [lead.id, lead.assignee])).toEqual([
      [other, {id: sam.id, name: 'Sam Lee', removed: true}],
      [id, null],
    ])
    expect(await auditRows(id)).toEqual([
      {staff_name: 'Dana Reyes', action: 'assigned', before: {assignee: null}, after: {assignee: 'Sam Lee'}},
      {staff_name: 'Dana Reyes', action: 'assigned', before: {assignee: 'Sam Lee'}, after: {assignee: null}},
    ])
  })

  it('keeps internal notes with who wrote them; an empty note is refused', async () => {
    const dana = await addStaff('Dana Reyes')
    const id = await quoteRequest()
    expect(await office.addNote('quote_request', id, '  Called, asked for photos of the roof.  ', dana)).toEqual({ok: true, done: 'added'})
    expect(await office.addNote('quote_request', id, '   ', dana)).toEqual({ok: false, problem: 'note_missing'})
    const lead = await office.get('quote_request', id)
    expect(lead?.notes.map((note) => [note.staffName, note.body])).toEqual([['Dana Reyes', 'Called, asked for photos of the roof.']])
    expect(await auditRows(id)).toEqual([{staff_name: 'Dana Reyes', action: 'note_added', before: null, after: {note: 'Called, asked for photos of the roof.'}}])
  })
})

describe('a reply', () => {
  it('is queued once, to the address the customer gave, answering to the business; a new lead becomes contacted', async () => {
    const dana = await addStaff('Dana Reyes')
    const id = await quoteRequest()
    const input = reply({message: 'Hello <b>Ada</b> & co.\n\n<script>alert(1)</script>'})
    expect(await office.reply('quote_request', id, input, dana)).toEqual({ok: true, done: 'sent'})
    // The same form sent again (a double click, a reload): nothing more.
    expect(await office.reply('quote_request', id, input, dana)).toEqual({ok: false, problem: 'already_sent'})

    const {rows} = await db.query<{to_address: string; reply_to: string | null; template: string}>('select to_address, reply_to, template from public.email_outbox')
    expect(rows).toEqual([{to_address: 'ada.ohara@example.com', reply_to: null, template: 'lead_reply.customer'}])
    expect((await office.get('quote_request', id))?.status).toBe('contacted')
    const audit = await auditRows(id)
    expect(audit.map((row) => row.action).sort()).toEqual(['reply_sent', 'status_changed'])
    expect(audit.find((row) => row.action === 'reply_sent')).toEqual({
      staff_name: 'Dana Reyes',
      action: 'reply_sent',
      before: null,
      after: {to: 'ada.ohara@example.com', subject: 'Your roof cleaning quote', message: 'Hello <b>Ada</b> & co.\n\n<script>alert(1)</script>'},
    })

    // As the outbox worker sends it: staff's words as text inside the site's layout, Reply-To the business.
    const [message] = await createOutboxStore(createSqlDatabaseFunctions(db)).claim(5, 60)
    const {wording, company} = await emailContentFromDataset()
    const mail = await composeMail(message, {wording, company, siteUrl: 'https://example.com', render: renderEmail})
    expect([mail.to, mail.replyTo, mail.subject]).toEqual(['ada.ohara@example.com', company.email, 'Your roof cleaning quote'])
    expect(mail.html).not.toContain('<script>alert(1)</script>')
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(mail.text).toContain('Hello <b>Ada</b> & co.')
    expect(mail.text).toContain('Dana Reyes')
    expect(mail.text).toContain(submissionReference(id))
    expect(mail.text).toContain('Hello Ada,')
  })

  it('leaves the status as staff chose, and never over a change made meanwhile', async () => {
    const dana = await addStaff('Dana Reyes')
    const kept = await quoteRequest()
    expect(await office.reply('quote_request', kept, reply({statusAfter: null}), dana)).toEqual({ok: true, done: 'sent'})
    expect((await office.get('quote_request', kept))?.status).toBe('new')

    const quoted = await quoteRequest()
    expect(await office.reply('quote_request', quoted, reply({statusAfter: 'quoted'}), dana)).toEqual({ok: true, done: 'sent'})
    expect((await office.get('quote_request', quoted))?.status).toBe('quoted')

    // The form said "new", but a colleague marked it won meanwhile: the reply goes, the status stays won.
    const won = await quoteRequest()
    await office.changeStatus('quote_request', won, 'new', 'won', dana)
    expect(await office.reply('quote_request', won, reply({from: 'new', statusAfter: 'contacted'}), dana)).toEqual({ok: true, done: 'sent'})
    expect((await office.get('quote_request', won))?.status).toBe('won')
  })

  it('refuses an empty subject or message and a status the rules do not allow, queuing nothing', async () => {
    const dana = await addStaff('Dana Reyes')
    const id = await quoteRequest()
    expect(await office.reply('quote_request', id, reply({subject: '  '}), dana)).toEqual({ok: false, problem: 'subject_missing'})
    expect(await office.reply('quote_request', id, reply({subject: 'Hi\nBcc: x@example.com'}), dana)).toEqual({ok: false, problem: 'subject_line_break'})
    expect(await office.reply('quote_request', id, reply({message: ''}), dana)).toEqual({ok: false, problem: 'message_missing'})
    expect(await office.reply('quote_request', id, reply({from: 'quoted', statusAfter: 'new'}), dana)).toEqual({ok: false, problem: 'status_not_allowed'})
    const {rows} = await db.query<{n: number}>('select count(*)::int as n from public.email_outbox')
    expect(rows[0].n).toBe(0)
    expect(await auditRows(id)).toEqual([])
  })
})

describe("a lead page's forms", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData()
    for (const [key, value] of Object.entries(fields)) data.set(key, value)
    return data
  }

  it('answer with the page, the outcome and the form it concerns; a refused reply keeps what was typed', async () => {
    const dana = await addStaff('Dana Reyes')
    const id = await quoteRequest()
    const params = {kind: 'quote-request', id}
    const base = `/office/leads/quote-request/${id}`

    expect(await leadAction(office, 'status', params, form({from: 'new', status: 'quoted'}), dana)).toBe(`${base}?done=status&form=status#status`)
    const refused = new URL(await leadAction(office, 'reply', params, form({key: randomUUID(), from: 'quoted', statusAfter: '', subject: 'Your quote', message: '  '}), dana), 'https://x.test')
    expect([refused.pathname, refused.searchParams.get('problem'), refused.searchParams.get('form'), refused.searchParams.get('subject'), refused.hash]).toEqual([
      base,
      'message_missing',
      'reply',
      'Your quote',
      '#reply',
    ])
    const note = new URL(await leadAction(office, 'notes', params, form({note: ''}), dana), 'https://x.test')
    expect(note.searchParams.get('problem')).toBe('note_missing')
    expect(await leadAction(office, 'assignee', {kind: 'nonsense', id}, form({assignee: dana.id}), dana)).toBe('/office/leads?problem=not_found')
    expect((await office.get('quote_request', id))?.status).toBe('quoted')
  })

  it('refuse a NUL in a note, a subject or a message beside its field, storing and sending nothing', async () => {
    const dana = await addStaff('Nia Null')
    const id = await quoteRequest()
    const params = {kind: 'quote-request', id}
    const problem = async (action: 'notes' | 'reply', fields: Record<string, string>) => new URL(await leadAction(office, action, params, form(fields), dana), 'https://x.test').searchParams.get('problem')
    expect(await problem('notes', {note: 'Called\u0000'})).toBe('note_unreadable')
    expect(await problem('reply', {key: randomUUID(), from: 'new', statusAfter: '', subject: 'Quote\u0000', message: 'Hi'})).toBe('subject_unreadable')
    expect(await problem('reply', {key: randomUUID(), from: 'new', statusAfter: '', subject: 'Quote', message: 'Hi\u0000'})).toBe('message_unreadable')
    const lead = await office.get('quote_request', id)
    expect(lead?.status).toBe('new')
    expect(lead?.notes).toEqual([])
  })

  it('the inbox leaves out a search holding a control character and says which', () => {
    expect(parseLeadListQuery(new URLSearchParams('q=%00')).search).toBe('')
    expect(refusedLeadListQuery(new URLSearchParams('q=%00'))).toEqual({field: 'q', message: 'must not contain control characters'})
    expect(refusedLeadListQuery(new URLSearchParams('q=Zo%C3%AB'))).toBeNull()
  })

  it('the inbox leaves out a day that is not a date, or an answer holding a control character, says which, and keeps good ones in its links', () => {
    for (const bad of ['from=2026-02-30', 'to=yesterday', 'from=0999-01-01']) {
      const field = bad.split('=')[0]
      expect(refusedLeadListQuery(new URLSearchParams(bad))).toEqual({field, message: INPUT_MESSAGES.date})
      expect(parseLeadListQuery(new URLSearchParams(bad))[field as 'from' | 'to']).toBeNull()
    }
    expect(refusedLeadListQuery(new URLSearchParams('heard=Goo%07gle'))).toEqual({field: 'heard', message: INPUT_MESSAGES.control})
    expect(parseLeadListQuery(new URLSearchParams('heard=Goo%07gle')).heard).toBe('')
    expect(refusedLeadListQuery(new URLSearchParams('from=2026-11-01&to=2026-11-30&heard=A+neighbour'))).toBeNull()

    const query = parseLeadListQuery(new URLSearchParams('from=2026-11-01&to=2026-11-30&heard=+A+neighbour+&status=new&page=2'))
    expect(query).toMatchObject({from: '2026-11-01', to: '2026-11-30', heard: 'A neighbour', status: 'new', page: 2})
    const next = new URL(leadListHref({...query, page: 3}), 'http://office.test').searchParams
    expect(Object.fromEntries(next)).toEqual({status: 'new', from: '2026-11-01', to: '2026-11-30', heard: 'A neighbour', page: '3'})
  })
})

describe('on Supabase, and for anyone else', () => {
  it("works the same through the Data API's rpc (supabase-js against the PostgREST stand-in)", async () => {
    const postgrest = await startPostgrestStandIn(db, {keys: {'service-key': 'service_role', 'anon-key': 'anon'}, exposedTables: []})
    try {
      const rpc = createLeadOffice(createSupabaseDatabaseFunctions(createServiceRoleClient({url: postgrest.url, serviceRoleKey: 'service-key'})), () => NOW)
      const dana = await addStaff('Dana Reyes')
      const id = await quoteRequest()
      expect(await rpc.assign('quote_request', id, dana.id, dana)).toEqual({ok: true, done: 'changed'})
      expect(await rpc.reply('quote_request', id, reply(), dana)).toEqual({ok: true, done: 'sent'})
      expect(await rpc.addNote('quote_request', id, 'Sent photos.', dana)).toEqual({ok: true, done: 'added'})
      const page = await rpc.list(parseLeadListQuery(new URLSearchParams('assignee=mine&status=contacted')), dana)
      expect(page.leads.map((lead) => [lead.id, lead.status, lead.assignee?.name])).toEqual([[id, 'contacted', 'Dana Reyes']])
      expect(page.leads[0].receivedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
      expect((await rpc.get('quote_request', id))?.notes.map((note) => note.body)).toEqual(['Sent photos.'])
      expect(await rpc.assignees()).toEqual([{id: dana.id, name: 'Dana Reyes'}])
    } finally {
      await postgrest.close()
    }
  })

  it('gives the browser-facing roles nothing: no table, no function', async () => {
    for (const role of ['anon', 'authenticated']) {
      for (const statement of [
        'select * from public.lead_tracking',
        'select * from public.lead_notes',
        `select * from public.office_leads('{}'::jsonb, 10, 0)`,
        `select * from public.office_lead_assignees()`,
        `select public.set_lead_status('quote_request', gen_random_uuid(), 'new', 'spam', '{}'::jsonb)`,
        `select public.reply_to_lead('quote_request', gen_random_uuid(), gen_random_uuid(), 'new', null, '{}'::jsonb, '[]'::jsonb)`,
      ]) {
        await db.exec('begin')
        try {
          await db.exec(`set local role ${role}`)
          await expect(db.query(statement), `${role}: ${statement}`).rejects.toThrow(/permission denied/)
        } finally {
          await db.exec('rollback')
        }
      }
    }
    const {rows} = await db.query<{relname: string; relrowsecurity: boolean}>(
      `select relname, relrowsecurity from pg_class where relnamespace = 'public'::regnamespace and relname in ('lead_tracking', 'lead_notes') order by relname`,
    )
    expect(rows).toEqual([
      {relname: 'lead_notes', relrowsecurity: true},
      {relname: 'lead_tracking', relrowsecurity: true},
    ])
  })
})
