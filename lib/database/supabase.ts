import {createClient, type SupabaseClient} from '@supabase/supabase-js'

export type SupabaseConfig = {url: string; serviceRoleKey: string}

/**
 * A supabase-js client with the service role key, for the server only: the key bypasses row level
 * security, and the browser never talks to the database. No session: the server is not a user.
 */
export function createServiceRoleClient({url, serviceRoleKey}: SupabaseConfig): SupabaseClient {
  return createClient(url, serviceRoleKey, {
    auth: {persistSession: false, autoRefreshToken: false, detectSessionInUrl: false},
  })
}
