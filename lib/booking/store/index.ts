import 'server-only'

import {databaseBackend, supabaseConfig} from '../../database/index.ts'
import type {BookingStore} from './store.ts'

/**
 * The app's one way to the booking store, on the app's database (../database): Supabase when it is
 * configured, otherwise the embedded PGlite database. Nothing else in the app knows which.
 */

export type {
  BookingChange,
  BookingExtras,
  BookingInstructions,
  BookingStore,
  ClosedStatus,
  NewBooking,
  PaymentStatus,
  StoreChange,
  StoredBooking,
} from './store.ts'
export {BookingStoreError, PAYMENT_STATUSES} from './store.ts'

let supabaseStore: {key: string; store: BookingStore} | undefined

/**
 * The booking store. The first call on the embedded database opens it (seconds on a new data
 * directory), so the server should call this once at start-up.
 */
export async function getBookingStore(): Promise<BookingStore> {
  if (databaseBackend() === 'supabase') {
    const config = supabaseConfig()
    const key = `${config.url}\n${config.serviceRoleKey}`
    if (supabaseStore?.key !== key) {
      const {createSupabaseBookingStore} = await import('./supabase-store.ts')
      supabaseStore = {key, store: createSupabaseBookingStore(config)}
    }
    return supabaseStore.store
  }
  const [{getPgliteDatabase}, {createSqlBookingStore}] = await Promise.all([import('../../database/pglite.ts'), import('./sql-store.ts')])
  return createSqlBookingStore(await getPgliteDatabase())
}
