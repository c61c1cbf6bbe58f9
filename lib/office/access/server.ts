import 'server-only'

import {getDatabaseFunctions} from '../../database'
import {wakeEmailOutbox} from '../../email/server'
import {clientAddress} from '../../edge/client-address'
import {isHttpsSite} from '../../edge/security-headers'
import {sharedRateLimiter} from '../../rate-limit'
import {configuredSiteOrigin} from '../../site-url'
import {createOfficeAccessStore, type OfficeAccessStore} from './store'
import type {SignInDeps} from './sign-in'
import {TEST_CLOCK_HEADER, testClockNow} from '../shared/test-clock'
import {accessWords} from './words'

/**
 * The office's access wired to the configured services: the database, the clock, the shared rate
 * limits (OFFICE_SIGN_IN_RATE_LIMIT_MAX sign-in requests, default 5, per
 * OFFICE_SIGN_IN_RATE_LIMIT_WINDOW_SECONDS, default 900, per client address and per e-mail
 * address), the first owner (OFFICE_OWNER_EMAIL, else the site settings' e-mail) and the outbox.
 */

const LIMIT_NAMES = {limit: 'OFFICE_SIGN_IN_RATE_LIMIT_MAX', windowSeconds: 'OFFICE_SIGN_IN_RATE_LIMIT_WINDOW_SECONDS'}
const LIMIT_DEFAULTS = {limit: 5, windowSeconds: 900}

export async function officeAccessStore(): Promise<OfficeAccessStore> {
  return createOfficeAccessStore(await getDatabaseFunctions())
}

/**
 * The first owner of a new database: OFFICE_OWNER_EMAIL, else the business e-mail of the content,
 * named OFFICE_OWNER_NAME when set (else "Owner", until they rename themselves on the Staff page:
 * the company's name would sign their replies with the company twice).
 */
async function firstOwner(): Promise<{email: string; name: string} | null> {
  const name = process.env.OFFICE_OWNER_NAME?.trim().slice(0, 100) || accessWords.firstOwnerName
  const configured = process.env.OFFICE_OWNER_EMAIL?.trim()
  if (configured) return {email: configured, name}
  const {getSiteSettings} = await import('../../content')
  const settings = await getSiteSettings()
  return settings.email ? {email: settings.email, name} : null
}

/** The office's rules for one request (`headers`: the request's, for the browser tests' clock). */
export async function signInDeps(headers?: Headers): Promise<SignInDeps> {
  const testNow = testClockNow(process.env, headers?.get(TEST_CLOCK_HEADER))
  return {
    store: await officeAccessStore(),
    now: () => testNow ?? new Date(),
    addressLimiter: sharedRateLimiter('office-sign-in-address', LIMIT_NAMES, LIMIT_DEFAULTS),
    emailLimiter: sharedRateLimiter('office-sign-in-email', LIMIT_NAMES, LIMIT_DEFAULTS),
    firstOwner,
    afterQueued: wakeEmailOutbox,
  }
}

/** Whether the office's cookies carry Secure: the site is served over https. */
export function secureCookies(): boolean {
  return isHttpsSite(process.env.SITE_URL)
}

/** The site's own origin, which every office change must come from: SITE_URL's, else the request's own (development). */
export function siteOriginFor(request: Request): string {
  return configuredSiteOrigin() ?? new URL(request.url).origin
}

export {clientAddress}
