import type {PGlite} from '@electric-sql/pglite'
import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {createSqlDatabaseFunctions} from '../database/sql-functions'
import {openTempPglite, PGLITE_SETUP_TIMEOUT} from '../database/test-support/temp-pglite'
import {createOfficeAccessStore, type OfficeAccessStore} from './access-store'
import {readStaffActions, readStaffChanges} from './audit'
import {addStaffMember, checkNewStaff, removeStaffMember} from './staff-admin'
import type {StaffMember} from './staff'

vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

/** The owner's Staff page against the embedded database: each change audited, the owner never locked out. */

let db: PGlite
let close: () => Promise<void>
let store: OfficeAccessStore
const now = new Date('2030-03-04T17:00:00Z')
const deps = () => ({store, now: () => now})

async function member(email: string): Promise<StaffMember> {
  const found = (await store.currentStaff()).find((entry) => entry.email === email)
  if (!found) throw new Error(`${email} is not staff`)
  return found
}

beforeAll(async () => {
  ;({db, close} = await openTempPglite())
  store = createOfficeAccessStore(createSqlDatabaseFunctions(db))
})
afterAll(async () => close())
beforeEach(async () => {
  await db.exec('delete from public.staff_sessions; delete from public.staff_sign_in_links; delete from public.staff_actions; delete from public.staff;')
  await store.seedFirstOwner('ann@example.com', 'Ann Owner')
})

describe('adding a member of staff', () => {
  it('adds them with an audit row naming the owner, and they are listed', async () => {
    const ann = await member('ann@example.com')
    const added = await addStaffMember(deps(), ann, {name: '  Sam   Lee ', email: ' Sam@Example.COM ', role: 'office'})
    expect(added).toMatchObject({outcome: 'added'})
    expect((await store.currentStaff()).map(({name, email, role}) => ({name, email, role}))).toEqual([
      {name: 'Ann Owner', email: 'ann@example.com', role: 'owner'},
      {name: 'Sam Lee', email: 'sam@example.com', role: 'office'},
    ])
    const sam = await member('sam@example.com')
    const actions = await readStaffActions(createSqlDatabaseFunctions(db), 'staff', sam.id)
    expect(actions).toEqual([
      {
        id: expect.any(String),
        staffId: ann.id,
        staffName: 'Ann Owner',
        at: now.toISOString(),
        action: 'staff_added',
        before: null,
        after: {name: 'Sam Lee', email: 'sam@example.com', role: 'office'},
      },
    ])
  })

  it('refuses what is not a name, an e-mail address or a role, field by field', async () => {
    expect(checkNewStaff({name: ' ', email: 'nope', role: 'boss'})).toEqual({ok: false, problems: {name: 'name', email: 'email', role: 'role'}})
    expect(checkNewStaff({name: 'x'.repeat(101), email: 'a@b.co', role: 'owner'})).toEqual({ok: false, problems: {name: 'name'}})
  })

  it('refuses an address already on the staff, and anyone but an owner', async () => {
    const ann = await member('ann@example.com')
    await addStaffMember(deps(), ann, {name: 'Sam', email: 'sam@example.com', role: 'office'})
    expect(await addStaffMember(deps(), ann, {name: 'Sam again', email: 'SAM@example.com', role: 'owner'})).toEqual({
      outcome: 'refused',
      problems: {email: 'email_taken'},
    })
    const sam = await member('sam@example.com')
    expect(await addStaffMember(deps(), sam, {name: 'Eve', email: 'eve@example.com', role: 'owner'})).toEqual({outcome: 'refused', problems: {form: 'not_owner'}})
    expect((await store.currentStaff()).length).toBe(2)
  })
})

describe('removing a member of staff', () => {
  it('removes them with an audit row; their address may be added again later', async () => {
    const ann = await member('ann@example.com')
    await addStaffMember(deps(), ann, {name: 'Sam', email: 'sam@example.com', role: 'office'})
    const sam = await member('sam@example.com')
    const later = new Date(now.getTime() + 60_000)
    expect(await removeStaffMember({store, now: () => later}, ann, sam.id)).toEqual({outcome: 'removed'})
    expect((await store.currentStaff()).map((entry) => entry.email)).toEqual(['ann@example.com'])
    const changes = await readStaffChanges(createSqlDatabaseFunctions(db))
    expect(changes.map((change) => [change.action, change.subjectId, change.staffName])).toEqual([
      ['staff_removed', sam.id, 'Ann Owner'],
      ['staff_added', sam.id, 'Ann Owner'],
    ])
    expect(changes[0].before).toEqual({name: 'Sam', email: 'sam@example.com', role: 'office'})
    expect(await addStaffMember(deps(), ann, {name: 'Sam', email: 'sam@example.com', role: 'office'})).toMatchObject({outcome: 'added'})
  })

  it('never removes yourself, nor the last owner, nor for a member of staff', async () => {
    const ann = await member('ann@example.com')
    expect(await removeStaffMember(deps(), ann, ann.id)).toEqual({outcome: 'refused', problem: 'yourself'})
    await addStaffMember(deps(), ann, {name: 'Bea', email: 'bea@example.com', role: 'owner'})
    await addStaffMember(deps(), ann, {name: 'Sam', email: 'sam@example.com', role: 'office'})
    const bea = await member('bea@example.com')
    const sam = await member('sam@example.com')
    expect(await removeStaffMember(deps(), sam, ann.id)).toEqual({outcome: 'refused', problem: 'not_owner'})
    // Two owners: one may remove the other; then the one left is the last.
    expect(await removeStaffMember(deps(), bea, ann.id)).toEqual({outcome: 'removed'})
    expect(await removeStaffMember(deps(), ann, bea.id)).toEqual({outcome: 'refused', problem: 'not_owner'})
    expect(await removeStaffMember(deps(), bea, bea.id)).toEqual({outcome: 'refused', problem: 'yourself'})
    expect(await removeStaffMember(deps(), bea, 'not-a-uuid')).toEqual({outcome: 'refused', problem: 'not_found'})
    expect((await store.currentStaff()).map((entry) => entry.email)).toEqual(['bea@example.com', 'sam@example.com'])
  })

  it('leaves an owner when two owners remove each other at once', async () => {
    const ann = await member('ann@example.com')
    await addStaffMember(deps(), ann, {name: 'Bea', email: 'bea@example.com', role: 'owner'})
    const bea = await member('bea@example.com')
    const results = await Promise.all([removeStaffMember(deps(), ann, bea.id), removeStaffMember(deps(), bea, ann.id)])
    expect(results.filter((result) => result.outcome === 'removed')).toHaveLength(1)
    expect((await store.currentStaff()).filter((entry) => entry.role === 'owner')).toHaveLength(1)
  })
})
