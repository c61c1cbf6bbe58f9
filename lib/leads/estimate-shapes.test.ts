import {randomUUID} from 'node:crypto'
import {PGlite} from '@electric-sql/pglite'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {applyMigrations} from '../database/migrations'
import {createSqlDatabaseFunctions} from '../database/sql-functions'
import {PGLITE_SETUP_TIMEOUT} from '../database/test-support/temp-pglite'
import {createLeadStore} from './store'

/**
 * /appointment is a request for an in-home estimate; requests of the earlier form (patient fields,
 * stored through submit_appointment) stay readable beside the new ones, and one check keeps every
 * row whole in one shape or the other.
 */

let db: PGlite
const oldId = randomUUID()

beforeAll(async () => {
  db = new PGlite()
  await applyMigrations(db)
  await db.query(`select public.submit_appointment($1::jsonb, '[]'::jsonb)`, [
    JSON.stringify({
      id: oldId,
      submission_key: randomUUID(),
      patient_name: 'Katherine Johnson',
      patient_phone: '4255550100',
      patient_gender: 'private',
      appointment_time: '2027-02-03T18:30:00.000Z',
      appointment_local: '2027-02-03T10:30',
      preferred_mode: 'video',
      page_path: '/appointment',
    }),
  ])
}, PGLITE_SETUP_TIMEOUT)

afterAll(async () => {
  await db?.close()
})

describe('appointments of both shapes', () => {
  it('keeps the earlier appointment readable with its patient fields, beside a new estimate request', async () => {
    const store = createLeadStore(createSqlDatabaseFunctions(db))
    const saved = await store.save(
      'appointment',
      {
        id: randomUUID(),
        submissionKey: randomUUID(),
        fullName: 'Grace Hopper',
        phone: '2065550199',
        email: 'grace@example.net',
        address: '12 Cedar Lane',
        zipCode: '98056',
        service: 'Mold remediation',
        visitDate: '2027-02-04',
        visitWindow: '08:00-10:00',
        visitStartsAt: '2027-02-04T16:00:00.000Z',
        walkthrough: 'in_person',
        notes: null,
        page: {path: '/appointment', title: null},
        submittedAt: new Date(),
      },
      [],
    )
    expect(saved.created).toBe(true)
    const {rows} = await db.query<Record<string, unknown>>(
      `select id, patient_name, patient_gender, appointment_local, full_name, service, visit_window, walkthrough
       from public.appointments order by created_at, patient_name nulls last`,
    )
    expect(rows).toEqual(
      expect.arrayContaining([
        {id: oldId, patient_name: 'Katherine Johnson', patient_gender: 'private', appointment_local: '2027-02-03T10:30', full_name: null, service: null, visit_window: null, walkthrough: null},
        {id: saved.id, patient_name: null, patient_gender: null, appointment_local: null, full_name: 'Grace Hopper', service: 'Mold remediation', visit_window: '08:00-10:00', walkthrough: 'in_person'},
      ]),
    )
    expect(rows).toHaveLength(2)
  })

  it('refuses a row that is neither whole shape (an estimate request without its day)', async () => {
    await expect(
      db.query(
        `insert into public.appointments (id, submission_key, full_name, phone, email, address, zip_code, service, visit_window, walkthrough, page_path)
         values ($1, $2, 'Ann Lee', '4255550100', 'ann@example.org', '1 Main St', '98056', 'Mold remediation', '08:00-10:00', 'video', '/appointment')`,
        [randomUUID(), randomUUID()],
      ),
    ).rejects.toThrow(/appointments_one_whole_shape/)
  })
})
