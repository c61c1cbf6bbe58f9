import 'server-only'

import type {BookingStore} from './store.ts'

/**
 * The app's one way to the booking store. With SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY set,
 * bookings live in Supabase; otherwise in the embedded PGlite database (BOOKINGS_DATA_DIR, default
 * ./.data/pglite). Nothing else in the app knows which.
 */

export type {
  BookingExtras,
  BookingInstructions,
  BookingStore,
  ClosedStatus,
  Industry,
  NewBooking,
  PaymentStatus,
  StoreChange,
  StoredBooking,
} from './store.ts'
export {BookingStoreError, INDUSTRIES, PAYMENT_STATUSES} from './store.ts'

export type BookingBackend = 'supabase' | 'pglite'

/** Which store the environment asks for. Half a Supabase configuration is an error, not PGlite. */
export function bookingBackend(env: Record<string, string | undefined> = process.env): BookingBackend {
  const url = env.SUPABASE_URL?.trim()
  const key = env.SUPABASE_SERVICE_ROLE_KEY?.trim()
  if (url && key) return 'supabase'
  if (url || key) {
    throw new Error(
      `${url ? 'SUPABASE_SERVICE_ROLE_KEY' : 'SUPABASE_URL'} is not set: set both SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY to store bookings in Supabase, or neither for the embedded database.`,
    )
  }
  return 'pglite'
}

let supabaseStore: BookingStore | undefined

/**
 * The booking store. The first call on the embedded database opens it (seconds on a new data
 * directory), so the server should call this once at start-up.
 */
export async function getBookingStore(): Promise<BookingStore> {
  if (bookingBackend() === 'supabase') {
    if (!supabaseStore) {
      const {createSupabaseBookingStore} = await import('./supabase-store.ts')
      supabaseStore = createSupabaseBookingStore({
        url: process.env.SUPABASE_URL!.trim(),
        serviceRoleKey: process.env.SUPABASE_SERVICE_ROLE_KEY!.trim(),
      })
    }
    return supabaseStore
  }
  const {createPgliteBookingStore} = await import('./pglite.ts')
  return createPgliteBookingStore()
}
