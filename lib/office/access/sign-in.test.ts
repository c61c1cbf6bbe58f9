import type {PGlite} from '@electric-sql/pglite'
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {createServiceRoleClient} from '../../database/supabase'
import {createSupabaseDatabaseFunctions} from '../../database/supabase-functions'
import {startPostgrestStandIn} from '../../database/test-support/postgrest'
import {openTempPglite, PGLITE_SETUP_TIMEOUT} from '../../database/test-support/temp-pglite'
import {databaseRateLimiter} from '../../rate-limit/test-support/limiters'
import {createOfficeAccessStore, type OfficeAccessStore} from './store'
import {readStaffActions} from '../shared/audit'
import {hashSecret} from './secrets'
import {endSession, requestSignInLink, SESSION_POLICY, signInWithLink, staffOfSession, type SignInDeps} from './sign-in'
import {addStaffMember, removeStaffMember} from '../staff/actions'
import type {StaffMember} from './roles'

vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

/**
 * The office's sign-in rules against the embedded database, as the server runs them: links (15
 * minutes, once, in the asking browser), sessions (idle and absolute ends, revocation), the first
 * owner, the throttles and the staff list. The clock is the test's.
 */

let db: PGlite
let close: () => Promise<void>
let store: OfficeAccessStore
let clock: Date

const minutes = (n: number) => n * 60_000
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms)
}

function deps(overrides: Partial<SignInDeps> = {}): SignInDeps {
  return {
    store,
    now: () => clock,
    addressLimiter: databaseRateLimiter(db, {limit: 1000, windowSeconds: 60}),
    emailLimiter: databaseRateLimiter(db, {limit: 1000, windowSeconds: 60}),
    firstOwner: async () => ({email: 'Owner@Example.com', name: 'Owner'}),
    ...overrides,
  }
}

async function outbox(): Promise<{to_address: string; payload: {token: string; expiresAt: string; next?: string}}[]> {
  const {rows} = await db.query<{to_address: string; payload: {token: string; expiresAt: string; next?: string}}>(
    `select to_address, payload from public.email_outbox where template = 'staff_sign_in.staff' order by created_at, id`,
  )
  return rows
}

/** Asks for a link as `email` and answers the e-mailed token and the browser's new binding. */
async function askForLink(email: string): Promise<{token: string; bindingToken: string}> {
  const before = (await outbox()).length
  const result = await requestSignInLink(deps(), {email, clientAddress: '203.0.113.7'})
  if (result.outcome !== 'sent') throw new Error(`not sent: ${result.outcome}`)
  const mails = await outbox()
  expect(mails.length).toBe(before + 1)
  return {token: mails.at(-1)!.payload.token, bindingToken: result.bindingToken}
}

async function owner(): Promise<StaffMember> {
  const members = await store.currentStaff()
  const first = members.find((member) => member.role === 'owner')
  if (!first) throw new Error('no owner')
  return first
}

beforeAll(async () => {
  ;({db, close} = await openTempPglite())
  store = createOfficeAccessStore(createSqlDatabaseFunctions(db))
})

afterAll(async () => close())

beforeEach(async () => {
  clock = new Date('2030-03-04T17:00:00Z')
  await db.exec(
    'delete from public.staff_sessions; delete from public.staff_sign_in_links; delete from public.staff_actions; delete from public.email_outbox; delete from public.staff;',
  )
})

describe('the first owner', () => {
  it('is added on a new database by the first sign-in request, once, and never while the table has anyone', async () => {
    await askForLink('owner@example.com')
    expect(await store.currentStaff()).toMatchObject([{email: 'owner@example.com', role: 'owner', name: 'Owner'}])
    // Another configured address later adds nobody: the table is no longer empty.
    await requestSignInLink(deps({firstOwner: async () => ({email: 'other@example.com', name: 'Other'})}), {email: 'other@example.com', clientAddress: '203.0.113.7'})
    expect((await store.currentStaff()).map((member) => member.email)).toEqual(['owner@example.com'])
    expect((await outbox()).map((mail) => mail.to_address)).toEqual(['owner@example.com'])
  })

  it('is not added again once every member was removed (the table has had someone)', async () => {
    await db.query(`insert into public.staff (name, email, role, removed_at) values ('Gone', 'gone@example.com', 'owner', now())`)
    expect(await store.seedFirstOwner('owner@example.com', 'Owner')).toBe(false)
    expect(await store.currentStaff()).toEqual([])
  })
})

describe('a sign-in link', () => {
  it('is e-mailed only to staff, and the answer is the same for an address that is not', async () => {
    await askForLink('owner@example.com')
    const stranger = await requestSignInLink(deps(), {email: 'stranger@example.com', clientAddress: '203.0.113.7'})
    expect(stranger).toMatchObject({outcome: 'sent', email: 'stranger@example.com'})
    expect((await outbox()).map((mail) => mail.to_address)).toEqual(['owner@example.com'])
    const {rows} = await db.query<{n: number}>('select count(*)::int as n from public.staff_sign_in_links')
    expect(rows[0].n).toBe(1)
  })

  it('stores only hashes of its token and of the browser binding', async () => {
    const {token, bindingToken} = await askForLink('owner@example.com')
    const {rows} = await db.query<{token_hash: string; binding_hash: string}>('select token_hash, binding_hash from public.staff_sign_in_links')
    expect(rows).toEqual([{token_hash: hashSecret(token), binding_hash: hashSecret(bindingToken)}])
    expect(JSON.stringify(rows)).not.toContain(token)
  })

  it('signs in once, in the browser that asked, within 15 minutes', async () => {
    const {token, bindingToken} = await askForLink('owner@example.com')
    advance(minutes(14))
    const first = await signInWithLink(deps(), {token, bindingToken})
    expect(first).toMatchObject({outcome: 'signed_in', staff: {email: 'owner@example.com', role: 'owner'}})
    const second = await signInWithLink(deps(), {token, bindingToken})
    expect(second).toEqual({outcome: 'refused', reason: 'used'})
  })

  it('is refused after 15 minutes', async () => {
    const {token, bindingToken} = await askForLink('owner@example.com')
    advance(minutes(15))
    expect(await signInWithLink(deps(), {token, bindingToken})).toEqual({outcome: 'refused', reason: 'expired'})
  })

  it('is refused in another browser (another binding, or none) without being used up', async () => {
    const {token, bindingToken} = await askForLink('owner@example.com')
    const elsewhere = await askForLink('owner@example.com')
    expect(await signInWithLink(deps(), {token, bindingToken: elsewhere.bindingToken})).toEqual({outcome: 'refused', reason: 'other_browser'})
    expect(await signInWithLink(deps(), {token, bindingToken: null})).toEqual({outcome: 'refused', reason: 'other_browser'})
    expect(await signInWithLink(deps(), {token, bindingToken})).toMatchObject({outcome: 'signed_in'})
  })

  it('makes a new browser binding for every request, so a binding already in the browser is never reused', async () => {
    const first = await askForLink('owner@example.com')
    const second = await askForLink('owner@example.com')
    expect(second.bindingToken).not.toBe(first.bindingToken)
    // The browser now holds the second binding: the first link does not work with it.
    expect(await signInWithLink(deps(), {token: first.token, bindingToken: second.bindingToken})).toEqual({outcome: 'refused', reason: 'other_browser'})
    expect(await signInWithLink(deps(), second)).toMatchObject({outcome: 'signed_in'})
  })

  it('is used once when two requests bring it at the same moment', async () => {
    const {token, bindingToken} = await askForLink('owner@example.com')
    const results = await Promise.all(Array.from({length: 5}, () => signInWithLink(deps(), {token, bindingToken})))
    expect(results.filter((result) => result.outcome === 'signed_in')).toHaveLength(1)
    const {rows} = await db.query<{n: number}>('select count(*)::int as n from public.staff_sessions')
    expect(rows[0].n).toBe(1)
  })

  it('is refused for a token never issued, and for a member removed since', async () => {
    expect(await signInWithLink(deps(), {token: 'a'.repeat(32), bindingToken: 'b'.repeat(32)})).toEqual({outcome: 'refused', reason: 'unknown'})
    expect(await signInWithLink(deps(), {token: 'not a token', bindingToken: null})).toEqual({outcome: 'refused', reason: 'unknown'})
    await askForLink('owner@example.com')
    const boss = await owner()
    await addStaffMember(deps(), boss, {name: 'Sam', email: 'sam@example.com', role: 'office'})
    const link = await askForLink('sam@example.com')
    const sam = (await store.currentStaff()).find((member) => member.email === 'sam@example.com')!
    expect(await removeStaffMember(deps(), boss, sam.id)).toEqual({outcome: 'removed'})
    expect(await signInWithLink(deps(), link)).toEqual({outcome: 'refused', reason: 'removed'})
  })
})

describe('throttling sign-in requests', () => {
  let limited: SignInDeps
  beforeEach(() => {
    limited = deps({
      addressLimiter: databaseRateLimiter(() => db, {limit: 5, windowSeconds: 900, now: () => clock}),
      emailLimiter: databaseRateLimiter(() => db, {limit: 2, windowSeconds: 900, now: () => clock}),
    })
  })
  const ask = (email: string, clientAddress: string) => requestSignInLink(limited, {email, clientAddress})

  it('limits requests per client address and per e-mail from one client, staff or not, with the same answer', async () => {
    expect(await ask('owner@example.com', '198.51.100.1')).toMatchObject({outcome: 'sent'})
    expect(await ask('owner@example.com', '198.51.100.1')).toMatchObject({outcome: 'sent'})
    // A third for the same address from the same client: the e-mail's limit for that client.
    expect(await ask('owner@example.com', '198.51.100.1')).toMatchObject({outcome: 'throttled'})
    expect(await ask('stranger@example.com', '198.51.100.4')).toMatchObject({outcome: 'sent'})
    expect(await ask('stranger@example.com', '198.51.100.4')).toMatchObject({outcome: 'sent'})
    expect(await ask('stranger@example.com', '198.51.100.4')).toMatchObject({outcome: 'throttled'})
    // One client asking for many addresses: the client's limit.
    const oneClient = await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((name) => ask(`${name}@example.com`, '192.0.2.9')))
    expect(oneClient.map((result) => result.outcome)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', 'throttled'])
    expect((await outbox()).length).toBe(2)
  })

  it('lets the owner sign in however many links strangers asked for with the owner’s address', async () => {
    // Strangers from several addresses spend every count they have on the owner's public address.
    for (const stranger of ['203.0.113.50', '203.0.113.51', '203.0.113.52']) {
      const answers = []
      for (let i = 0; i < 6; i++) answers.push((await ask('owner@example.com', stranger)).outcome)
      expect(answers.slice(-1)).toEqual(['throttled'])
    }
    const before = (await outbox()).length
    // The owner, from their own browser's address, still gets a link and signs in with it.
    const own = await ask('owner@example.com', '198.51.100.77')
    expect(own).toMatchObject({outcome: 'sent'})
    const mails = await outbox()
    expect(mails.length).toBe(before + 1)
    if (own.outcome !== 'sent') throw new Error('not sent')
    expect(await signInWithLink(deps(), {token: mails.at(-1)!.payload.token, bindingToken: own.bindingToken})).toMatchObject({outcome: 'signed_in'})
  })
})

describe('a session', () => {
  async function signedIn(): Promise<string> {
    const link = await askForLink('owner@example.com')
    const result = await signInWithLink(deps(), link)
    if (result.outcome !== 'signed_in') throw new Error('not signed in')
    return result.sessionToken
  }

  it('stores only the hash of its token', async () => {
    const token = await signedIn()
    const {rows} = await db.query<{id: string}>('select id from public.staff_sessions')
    expect(rows).toEqual([{id: hashSecret(token)}])
  })

  it('ends after 12 hours without use, and use keeps it going', async () => {
    const token = await signedIn()
    advance(SESSION_POLICY.idleSeconds * 1000 - minutes(1))
    expect(await staffOfSession(deps(), token)).toMatchObject({email: 'owner@example.com'})
    advance(SESSION_POLICY.idleSeconds * 1000 - minutes(1))
    expect(await staffOfSession(deps(), token)).toMatchObject({email: 'owner@example.com'})
    advance(SESSION_POLICY.idleSeconds * 1000)
    expect(await staffOfSession(deps(), token)).toBeNull()
  })

  it('ends 7 days after signing in, however much it is used', async () => {
    const token = await signedIn()
    for (let hour = 0; hour < 7 * 24 - 6; hour += 6) {
      advance(minutes(6 * 60))
      expect(await staffOfSession(deps(), token), `after ${hour + 6} hours`).not.toBeNull()
    }
    advance(minutes(6 * 60))
    expect(await staffOfSession(deps(), token)).toBeNull()
  })

  it('outlives a sign-in elsewhere with a clock moved weeks ahead (the office’s test clock)', async () => {
    const token = await signedIn()
    const now = clock
    advance(minutes(30 * 24 * 60))
    await signedIn()
    clock = new Date(now.getTime() + minutes(1))
    expect(await staffOfSession(deps(), token)).toMatchObject({email: 'owner@example.com'})
  })

  it('is written at most every 5 minutes while in use, not on every request', async () => {
    const token = await signedIn()
    const lastSeen = async () => (await db.query<{last_seen_at: Date}>('select last_seen_at from public.staff_sessions')).rows[0].last_seen_at.toISOString()
    const signedInAt = await lastSeen()
    advance(minutes(4))
    await staffOfSession(deps(), token)
    expect(await lastSeen()).toBe(signedInAt)
    advance(minutes(2))
    await staffOfSession(deps(), token)
    expect(await lastSeen()).toBe(clock.toISOString())
  })

  it('is revoked by signing out: the same token is refused afterwards', async () => {
    const token = await signedIn()
    const other = await signedIn()
    await endSession(deps(), token)
    expect(await staffOfSession(deps(), token)).toBeNull()
    expect(await staffOfSession(deps(), other)).not.toBeNull()
    expect(await staffOfSession(deps(), 'not a token')).toBeNull()
  })

  it('ends when the owner removes its member', async () => {
    const ownerToken = await signedIn()
    const boss = await owner()
    await addStaffMember(deps(), boss, {name: 'Sam', email: 'sam@example.com', role: 'office'})
    const link = await askForLink('sam@example.com')
    const sam = await signInWithLink(deps(), link)
    if (sam.outcome !== 'signed_in') throw new Error('not signed in')
    expect(await staffOfSession(deps(), sam.sessionToken)).toMatchObject({email: 'sam@example.com', role: 'office'})
    await removeStaffMember(deps(), boss, sam.staff.id)
    expect(await staffOfSession(deps(), sam.sessionToken)).toBeNull()
    const {rows} = await db.query<{revoked: boolean}>(`select revoked_at is not null as revoked from public.staff_sessions where id = $1`, [hashSecret(sam.sessionToken)])
    expect(rows).toEqual([{revoked: true}])
    expect(await staffOfSession(deps(), ownerToken)).not.toBeNull()
  })
})

describe('on Supabase (supabase-js rpc against the PostgREST stand-in)', () => {
  it('signs in, keeps the session, lists and changes the staff with their history, signs out', async () => {
    const key = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.office-service-role'
    const postgrest = await startPostgrestStandIn(db, {keys: {[key]: 'service_role'}, exposedTables: []})
    try {
      const functions = createSupabaseDatabaseFunctions(createServiceRoleClient({url: postgrest.url, serviceRoleKey: key}))
      const rpc = createOfficeAccessStore(functions)
      const viaRpc = deps({store: rpc})
      const asked = await requestSignInLink(viaRpc, {email: 'owner@example.com', clientAddress: '203.0.113.7'})
      if (asked.outcome !== 'sent') throw new Error('not sent')
      const [mail] = await outbox()
      const signedIn = await signInWithLink(viaRpc, {token: mail.payload.token, bindingToken: asked.bindingToken})
      if (signedIn.outcome !== 'signed_in') throw new Error(`refused: ${signedIn.reason}`)
      expect(await staffOfSession(viaRpc, signedIn.sessionToken)).toMatchObject({email: 'owner@example.com', role: 'owner'})
      expect(await addStaffMember(viaRpc, signedIn.staff, {name: 'Sam', email: 'sam@example.com', role: 'office'})).toMatchObject({outcome: 'added'})
      const listed = await rpc.currentStaff()
      expect(listed.map((member) => [member.email, member.role])).toEqual([
        ['owner@example.com', 'owner'],
        ['sam@example.com', 'office'],
      ])
      const sam = listed[1]
      expect((await readStaffActions(functions, 'staff', sam.id)).map((action) => [action.action, action.staffName, action.after])).toEqual([
        ['staff_added', 'Owner', {name: 'Sam', email: 'sam@example.com', role: 'office'}],
      ])
      expect(await removeStaffMember(viaRpc, signedIn.staff, signedIn.staff.id)).toEqual({outcome: 'refused', problem: 'yourself'})
      await endSession(viaRpc, signedIn.sessionToken)
      expect(await staffOfSession(viaRpc, signedIn.sessionToken)).toBeNull()
    } finally {
      await postgrest.close()
    }
  })
})
