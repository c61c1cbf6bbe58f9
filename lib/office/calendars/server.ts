import 'server-only'

import {getAvailability, getSiteSettings} from '../../content'
import {getDatabaseFunctions} from '../../database'
import {clientAddress} from '../../edge/client-address'
import {sharedRateLimiter, type RateLimiter} from '../../rate-limit'
import {siteUrl} from '../../site-url'
import {databaseCrewCalendarStore} from './store'
import type {CrewCalendarActionDeps} from './routes'
import type {CrewCalendarFeedDeps, CrewCalendarStore} from './rules'

/** The crews' calendars wired to the configured database, content and rate limits (the only module that reads the environment for them). */

export async function getCrewCalendarStore(): Promise<CrewCalendarStore> {
  return databaseCrewCalendarStore(await getDatabaseFunctions())
}

/**
 * The feed's rate limit, per client address: CREW_CALENDAR_RATE_LIMIT_MAX reads (default 60) per
 * CREW_CALENDAR_RATE_LIMIT_WINDOW_SECONDS (default 600). A phone polls every 15 minutes or so; a
 * crew's phones behind one address stay far inside it, a flood of guesses does not.
 */
export function crewCalendarRateLimiter(): RateLimiter {
  return sharedRateLimiter('crew-calendar', {limit: 'CREW_CALENDAR_RATE_LIMIT_MAX', windowSeconds: 'CREW_CALENDAR_RATE_LIMIT_WINDOW_SECONDS'}, {limit: 60, windowSeconds: 600})
}

export function crewCalendarFeedDeps(): CrewCalendarFeedDeps {
  return {
    store: getCrewCalendarStore,
    limiter: crewCalendarRateLimiter(),
    clientKey: (request) => clientAddress(request.headers),
    now: () => new Date(),
    siteUrl,
    companyName: async () => (await getSiteSettings()).companyName,
    horizonDays: async () => (await getAvailability()).horizonDays,
  }
}

export function crewCalendarActionDeps(): CrewCalendarActionDeps {
  return {store: getCrewCalendarStore, now: () => new Date(), siteUrl}
}
