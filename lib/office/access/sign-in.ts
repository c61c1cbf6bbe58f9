import type {QueuedEmail} from '../../email/queue.ts'
import type {RateLimiter} from '../../rate-limit/limiter.ts'
import type {OfficeAccessStore, SignInRefusal} from './store.ts'
import {officeReturnPath} from './paths.ts'
import {hashSecret, isSecretShaped, newSecret} from './secrets.ts'
import {isStaffEmail, normalizeStaffEmail, type StaffMember} from './roles.ts'

/**
 * How staff get into the office: a one-time link by e-mail, no password. The link is valid for
 * 15 minutes, used once, and works only in the browser that asked for it (a random binding cookie
 * set when it was asked for; only its hash is stored with the link). Using it opens a session: a
 * row of the database (only the token's hash stored) with an idle and an absolute end, revocable.
 * Plain TypeScript over the access store, the clock and the shared rate limits.
 */

/** A link is for the person reading the e-mail now: long enough to switch to the mail app and back. */
export const SIGN_IN_LINK_MINUTES = 15

/**
 * Sessions: 12 hours idle (a working day, so a phone left in the van overnight asks again), 7 days at
 * most (a lost phone is signed in for a week at worst even if used every day), and the row written
 * at most every 5 minutes while in use, not on every request.
 */
export const SESSION_POLICY = {idleSeconds: 12 * 60 * 60, absoluteSeconds: 7 * 24 * 60 * 60, refreshSeconds: 5 * 60} as const

export interface SignInDeps {
  store: OfficeAccessStore
  now: () => Date
  /**
   * Sign-in requests per client address, and per e-mail address asked for from one client address
   * (never per e-mail alone: strangers asking for the owner's public address would keep the owner
   * from signing in; each client is held back by its own counts instead).
   */
  addressLimiter: RateLimiter
  emailLimiter: RateLimiter
  /** The first owner of a new database (OFFICE_OWNER_EMAIL, else the business e-mail), or null. */
  firstOwner: () => Promise<{email: string; name: string} | null>
  /** Called once a link's e-mail may be queued (wakes the outbox worker). */
  afterQueued?: () => void
}

export type SignInRequestOutcome =
  /** Answered the same whether or not the address is staff's. */
  | {outcome: 'sent'; email: string; bindingToken: string}
  | {outcome: 'invalid_email'}
  | {outcome: 'throttled'; retryAfterSeconds: number}

/** The e-mail with a sign-in link: to the member, words from lib/office/access/words.ts. */
export function signInEmail(email: string, token: string, expiresAt: Date, next?: string): QueuedEmail {
  const payload = {kind: 'staff_sign_in' as const, token, expiresAt: expiresAt.toISOString(), ...(next && next !== '/office' ? {next} : {})}
  return {audience: 'staff', template: 'staff_sign_in.staff', to: email, replyTo: null, payload}
}

/**
 * Asks for a sign-in link for `email` from `clientAddress`. Throttled per client address and per
 * e-mail from that client address; otherwise the same work and the same answer whether or not the
 * address is a member's (the database decides, in one call, whether to store a link and queue its
 * e-mail). The binding is new for every request, never one the browser already holds: a binding
 * someone planted in the browser (or read from it earlier) never matches a new link.
 */
export async function requestSignInLink(
  deps: SignInDeps,
  request: {email: string; clientAddress: string; next?: string | null},
): Promise<SignInRequestOutcome> {
  const email = normalizeStaffEmail(request.email)
  if (!isStaffEmail(email)) return {outcome: 'invalid_email'}
  const byAddress = await deps.addressLimiter.check(request.clientAddress)
  if (!byAddress.allowed) return {outcome: 'throttled', retryAfterSeconds: byAddress.retryAfterSeconds}
  const byEmail = await deps.emailLimiter.check(emailLimitKey(email, request.clientAddress))
  if (!byEmail.allowed) return {outcome: 'throttled', retryAfterSeconds: byEmail.retryAfterSeconds}

  const owner = await deps.firstOwner()
  if (owner) await deps.store.seedFirstOwner(owner.email, owner.name)

  const now = deps.now()
  const expiresAt = new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000)
  const token = newSecret()
  const bindingToken = newSecret()
  await deps.store.requestSignIn({
    email,
    tokenHash: hashSecret(token),
    bindingHash: hashSecret(bindingToken),
    now,
    expiresAt,
    emails: [signInEmail(email, token, expiresAt, officeReturnPath(request.next))],
  })
  deps.afterQueued?.()
  return {outcome: 'sent', email, bindingToken}
}

/** The per-e-mail count's key: the address asked for, from this client (the store keeps only a keyed hash of it). */
export function emailLimitKey(email: string, clientAddress: string): string {
  return `${email} ${clientAddress}`
}

export type SignInResult = {outcome: 'signed_in'; staff: StaffMember; sessionToken: string} | {outcome: 'refused'; reason: SignInRefusal}

/** Uses a link in the browser holding `bindingToken`: a new session, or why not. */
export async function signInWithLink(
  deps: Pick<SignInDeps, 'store' | 'now'>,
  attempt: {token: string | null | undefined; bindingToken: string | null | undefined},
): Promise<SignInResult> {
  if (!isSecretShaped(attempt.token)) return {outcome: 'refused', reason: 'unknown'}
  const sessionToken = newSecret()
  const result = await deps.store.consumeSignIn({
    tokenHash: hashSecret(attempt.token),
    // No binding cookie: a hash nothing was stored with, so the database answers why (used, expired, another browser).
    bindingHash: hashSecret(isSecretShaped(attempt.bindingToken) ? attempt.bindingToken : ''),
    sessionHash: hashSecret(sessionToken),
    now: deps.now(),
    idleSeconds: SESSION_POLICY.idleSeconds,
    absoluteSeconds: SESSION_POLICY.absoluteSeconds,
  })
  return 'staff' in result ? {outcome: 'signed_in', staff: result.staff, sessionToken} : {outcome: 'refused', reason: result.refused}
}

/** The member signed in with `sessionToken`, or null (no cookie, unknown, revoked, idle too long, ended, removed). */
export async function staffOfSession(deps: Pick<SignInDeps, 'store' | 'now'>, sessionToken: string | null | undefined): Promise<StaffMember | null> {
  if (!isSecretShaped(sessionToken)) return null
  return deps.store.session(hashSecret(sessionToken), deps.now(), SESSION_POLICY.idleSeconds, SESSION_POLICY.refreshSeconds)
}

/** Sign-out: the session's row is revoked, so the cookie is refused from then on wherever it is shown. */
export async function endSession(deps: Pick<SignInDeps, 'store' | 'now'>, sessionToken: string | null | undefined): Promise<void> {
  if (!isSecretShaped(sessionToken)) return
  await deps.store.endSession(hashSecret(sessionToken), deps.now())
}
