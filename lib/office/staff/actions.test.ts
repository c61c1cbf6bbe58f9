import {beforeEach, describe, expect, it, vi} from 'vitest'
import {embeddedDatabaseForTests} from '../../database/test-support/opened-for-tests'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {PGLITE_SETUP_TIMEOUT} from '../../database/test-support/temp-pglite'
import {createOfficeAccessStore} from '../access/store'
import {readStaffActions, readStaffChanges} from '../shared/audit'
import {addStaffMember, checkNewStaff, editStaffMember, removeStaffMember} from './actions'
import {staffMemberFrom, type StaffMember} from '../access/roles'

vi.setConfig({testTimeout: 60_000, hookTimeout: PGLITE_SETUP_TIMEOUT})

/** The owner's Staff page against the embedded database: each change audited, the owner never locked out. */

const db = embeddedDatabaseForTests()
const store = createOfficeAccessStore(createSqlDatabaseFunctions(db))
const now = new Date('2030-03-04T17:00:00Z')
const deps = () => ({store, now: () => now})

async function member(email: string): Promise<StaffMember> {
  const found = (await store.currentStaff()).find((entry) => entry.email === email)
  if (!found) throw new Error(`${email} is not staff`)
  return found
}


/** The invitations queued in the outbox: to whom, and for whom. */
async function invitations(): Promise<{to: string; name: string; role: string; crew: string | null; invitedBy: string}[]> {
  const {rows} = await db.query<{to_address: string; payload: {name: string; role: string; crew: string | null; invitedBy: string}}>(
    `select to_address, payload from public.email_outbox where template = 'staff_invitation.staff' order by created_at, id`,
  )
  return rows.map((row) => ({to: row.to_address, name: row.payload.name, role: row.payload.role, crew: row.payload.crew, invitedBy: row.payload.invitedBy}))
}
beforeEach(async () => {
  await db.exec('delete from public.staff_sessions; delete from public.staff_sign_in_links; delete from public.staff_actions; delete from public.staff; delete from public.email_outbox;')
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

  it('queues exactly one invitation, to the new member’s address, and none for a refused member', async () => {
    const ann = await member('ann@example.com')
    expect(await addStaffMember(deps(), ann, {name: 'Cy Crew', email: ' Cy@Example.com ', role: 'crew', crew: 'exterior'})).toMatchObject({outcome: 'added'})
    expect(await invitations()).toEqual([{to: 'cy@example.com', name: 'Cy Crew', role: 'crew', crew: 'exterior', invitedBy: 'Ann Owner'}])
    // The same address again, a crew member without a crew, and a non-owner: no member, no invitation.
    await addStaffMember(deps(), ann, {name: 'Cy again', email: 'cy@example.com', role: 'office'})
    expect(await addStaffMember(deps(), ann, {name: 'Di', email: 'di@example.com', role: 'crew'})).toEqual({outcome: 'refused', problems: {crew: 'crew'}})
    await addStaffMember(deps(), await member('cy@example.com'), {name: 'Eve', email: 'eve@example.com', role: 'office'})
    expect(await invitations()).toHaveLength(1)
    expect((await store.currentStaff()).map((entry) => entry.email)).toEqual(['ann@example.com', 'cy@example.com'])
  })

  it('a crew member belongs to a crew, which their session and the list carry; the database refuses a crew member without one', async () => {
    const ann = await member('ann@example.com')
    await addStaffMember(deps(), ann, {name: 'Cy Crew', email: 'cy@example.com', role: 'crew', crew: 'commercial'})
    expect(await member('cy@example.com')).toMatchObject({role: 'crew', crew: 'commercial'})
    const {rows} = await db.query<{json: unknown}>(`select public.staff_json(s) as json from public.staff s where s.email = 'cy@example.com'`)
    expect(staffMemberFrom(rows[0].json)).toMatchObject({role: 'crew', crew: 'commercial'})
    // The database function refuses one, whatever the app sends; so does the table.
    expect(await store.addStaff(ann, {name: 'Di', email: 'di@example.com', role: 'crew', crew: null}, [], now)).toEqual({problem: 'crew'})
    await expect(db.query(`insert into public.staff (name, email, role) values ('Di', 'di@example.com', 'crew')`)).rejects.toThrow(/staff_crew_of_crew_role/)
    await expect(db.query(`insert into public.staff (name, email, role, crew) values ('Di', 'di@example.com', 'office', 'indoor')`)).rejects.toThrow(/staff_crew_of_crew_role/)
  })
})

describe('changing a member of staff', () => {
  it('renames the owner (who is called “Owner” until then), audited with the fields that changed', async () => {
    await db.exec('delete from public.staff')
    await store.seedFirstOwner('ann@example.com', 'Owner')
    const owner = await member('ann@example.com')
    expect(await editStaffMember(deps(), owner, owner.id, {name: ' Ann  Lee ', role: 'owner'})).toEqual({outcome: 'changed'})
    expect(await member('ann@example.com')).toMatchObject({name: 'Ann Lee', role: 'owner', crew: null})
    expect(await readStaffActions(createSqlDatabaseFunctions(db), 'staff', owner.id)).toMatchObject([
      {staffId: owner.id, staffName: 'Owner', action: 'staff_changed', before: {name: 'Owner'}, after: {name: 'Ann Lee'}},
    ])
    expect(await editStaffMember(deps(), await member('ann@example.com'), owner.id, {name: 'Ann Lee', role: 'owner'})).toEqual({outcome: 'unchanged'})
    expect(await readStaffActions(createSqlDatabaseFunctions(db), 'staff', owner.id)).toHaveLength(1)
  })

  it('changes a role and a crew; a crew member needs a crew; a change of role applies to their session at once', async () => {
    const ann = await member('ann@example.com')
    await addStaffMember(deps(), ann, {name: 'Sam', email: 'sam@example.com', role: 'office'})
    const sam = await member('sam@example.com')
    // A clock that moves, so the history's order is the changes' order.
    let tick = 0
    const ticking = () => ({store, now: () => new Date(now.getTime() + ++tick * 1000)})
    expect(await editStaffMember(deps(), ann, sam.id, {name: 'Sam', role: 'crew', crew: ''})).toEqual({outcome: 'refused', problems: {crew: 'crew'}})
    expect(await store.editStaff(ann, sam.id, {name: 'Sam', role: 'crew', crew: null}, now)).toEqual({problem: 'crew'})
    expect(await member('sam@example.com')).toMatchObject({role: 'office', crew: null})
    expect(await editStaffMember(ticking(), ann, sam.id, {name: 'Sam', role: 'crew', crew: 'indoor'})).toEqual({outcome: 'changed'})
    expect(await member('sam@example.com')).toMatchObject({role: 'crew', crew: 'indoor'})
    expect(await editStaffMember(ticking(), ann, sam.id, {name: 'Sam', role: 'crew', crew: 'exterior'})).toEqual({outcome: 'changed'})
    expect(await editStaffMember(ticking(), ann, sam.id, {name: 'Sam', role: 'office', crew: 'exterior'})).toEqual({outcome: 'changed'})
    expect(await member('sam@example.com')).toMatchObject({role: 'office', crew: null})
    const changes = (await readStaffActions(createSqlDatabaseFunctions(db), 'staff', sam.id)).filter((action) => action.action === 'staff_changed')
    expect(changes.map(({before, after}) => [before, after])).toEqual([
      [{role: 'office'}, {role: 'crew', crew: 'indoor'}],
      [{crew: 'indoor'}, {crew: 'exterior'}],
      [{role: 'crew', crew: 'exterior'}, {role: 'office'}],
    ])
  })

  it('never demotes the last owner; a member of staff changes nobody; an unknown member is not found', async () => {
    const ann = await member('ann@example.com')
    for (const role of ['office', 'crew'] as const) {
      expect(await editStaffMember(deps(), ann, ann.id, {name: 'Ann Owner', role, crew: 'indoor'})).toEqual({outcome: 'refused', problem: 'last_owner'})
    }
    await addStaffMember(deps(), ann, {name: 'Sam', email: 'sam@example.com', role: 'office'})
    const sam = await member('sam@example.com')
    expect(await editStaffMember(deps(), sam, sam.id, {name: 'Sam', role: 'owner'})).toEqual({outcome: 'refused', problem: 'not_owner'})
    expect(await editStaffMember(deps(), ann, '00000000-0000-4000-8000-000000000000', {name: 'X', role: 'office'})).toEqual({outcome: 'refused', problem: 'not_found'})
    expect(await editStaffMember(deps(), ann, 'not-a-uuid', {name: 'X', role: 'office'})).toEqual({outcome: 'refused', problem: 'not_found'})
    // With a second owner, the first may step down; then the second is the last.
    await addStaffMember(deps(), ann, {name: 'Bea', email: 'bea@example.com', role: 'owner'})
    const bea = await member('bea@example.com')
    expect(await editStaffMember(deps(), ann, ann.id, {name: 'Ann Owner', role: 'office'})).toEqual({outcome: 'changed'})
    expect(await editStaffMember(deps(), bea, bea.id, {name: 'Bea', role: 'office'})).toEqual({outcome: 'refused', problem: 'last_owner'})
    expect((await store.currentStaff()).filter((entry) => entry.role === 'owner').map((entry) => entry.email)).toEqual(['bea@example.com'])
  })

  it('leaves an owner when two owners demote each other at once', async () => {
    const ann = await member('ann@example.com')
    await addStaffMember(deps(), ann, {name: 'Bea', email: 'bea@example.com', role: 'owner'})
    const bea = await member('bea@example.com')
    const results = await Promise.all([
      editStaffMember(deps(), ann, bea.id, {name: 'Bea', role: 'office'}),
      editStaffMember(deps(), bea, ann.id, {name: 'Ann Owner', role: 'office'}),
    ])
    expect(results.filter((result) => result.outcome === 'changed')).toHaveLength(1)
    expect((await store.currentStaff()).filter((entry) => entry.role === 'owner')).toHaveLength(1)
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
