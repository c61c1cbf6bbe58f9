import 'server-only'

import {getDatabaseFunctions} from '../database'

/**
 * The key that signs manage links: BOOKING_LINK_SECRET when set (at least 32 characters), else one
 * the database makes on first use and keeps (public.app_secrets), so every server process on the
 * same database signs and checks alike without any set-up. Never leaves the server.
 */

let fromDatabase: Promise<string> | undefined

export function manageLinkSecret(env: Record<string, string | undefined> = process.env): Promise<string> {
  const configured = env.BOOKING_LINK_SECRET?.trim()
  if (configured) {
    if (configured.length < 32) return Promise.reject(new Error('BOOKING_LINK_SECRET must be at least 32 characters long.'))
    return Promise.resolve(configured)
  }
  fromDatabase ??= getDatabaseFunctions()
    .then((functions) => functions.value<string>('app_secret', {p_name: 'booking_manage_link'}))
    .catch((error: unknown) => {
      // Asked again next time: the database may be back.
      fromDatabase = undefined
      throw error
    })
  return fromDatabase
}
