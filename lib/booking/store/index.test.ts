import {mkdtempSync, rmSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {databaseBackend} from '../../database/index'
import {getBookingStore} from './index'
import {closePgliteDatabase} from '../../database/pglite'
import {SqlBookingStore} from './sql-store'
import {SupabaseBookingStore} from './supabase-store'
import {houseBooking} from './test-support/fixtures'

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('databaseBackend', () => {
  it('is Supabase with both SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY, else the embedded database', () => {
    expect(databaseBackend({SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'key'})).toBe('supabase')
    expect(databaseBackend({})).toBe('pglite')
    expect(databaseBackend({SUPABASE_URL: ' ', SUPABASE_SERVICE_ROLE_KEY: ''})).toBe('pglite')
  })

  it('refuses half a Supabase configuration instead of quietly storing bookings elsewhere', () => {
    expect(() => databaseBackend({SUPABASE_URL: 'https://abc.supabase.co'})).toThrow(/SUPABASE_SERVICE_ROLE_KEY is not set/)
    expect(() => databaseBackend({SUPABASE_SERVICE_ROLE_KEY: 'key'})).toThrow(/SUPABASE_URL is not set/)
  })
})

describe('getBookingStore', () => {
  it('gives the Supabase store when Supabase is configured', async () => {
    vi.stubEnv('SUPABASE_URL', 'http://127.0.0.1:9')
    vi.stubEnv('SUPABASE_SERVICE_ROLE_KEY', 'service-role-key')
    expect(await getBookingStore()).toBeInstanceOf(SupabaseBookingStore)
  })

  it('gives the embedded store in BOOKINGS_DATA_DIR otherwise, one database per process', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bookings-index-'))
    vi.stubEnv('SUPABASE_URL', '')
    vi.stubEnv('SUPABASE_SERVICE_ROLE_KEY', '')
    vi.stubEnv('BOOKINGS_DATA_DIR', dir)
    try {
      const [store, again] = await Promise.all([getBookingStore(), getBookingStore()])
      expect(store).toBeInstanceOf(SqlBookingStore)
      const {booking} = await store.createPending(houseBooking())
      expect((await again.findById(booking.id))?.id).toBe(booking.id)
    } finally {
      await closePgliteDatabase()
      rmSync(dir, {recursive: true, force: true})
    }
  }, 60_000)
})
