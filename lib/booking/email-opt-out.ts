/**
 * POST /api/email-opt-out: stops the unpaid checkout reminders to an address, from the stop link's
 * signed token (lib/booking/checkout-reminders.ts), which names the booking the reminder was sent
 * for, never the address. Two ways in:
 * - the "no more e-mails" page's button (a plain HTML form, `token=…`): answered 303 to the page,
 *   which then says it is done, or why not;
 * - a mail program's one-click unsubscribe (RFC 8058: the List-Unsubscribe address `?t=…`, body
 *   `List-Unsubscribe=One-Click`): answered 200, or 400 for a bad or expired link.
 * A second stop changes nothing. Never a 500: a database fault answers 503 (the page says to try again).
 */
import {BodyTooLargeError, readTextWithLimit} from '../request-body'
import {EMAIL_PREFERENCES_PATH, verifyBookingLink, type CheckoutReminderStore} from './checkout-reminders'

const MAX_BODY_BYTES = 2048
const NO_STORE = {'Cache-Control': 'no-store'}

export interface EmailOptOutDeps {
  store: () => Promise<Pick<CheckoutReminderStore, 'optOut'>>
  linkSecret: () => Promise<string>
  now: () => Date
  log?: Pick<Console, 'error'>
}

/** The stop page of a token, with what it should say (`done`, `failed`), as a path. */
export function emailPreferencesPath(token: string, state?: 'done' | 'failed'): string {
  return `${EMAIL_PREFERENCES_PATH}/${encodeURIComponent(token)}${state ? `?${state}=1` : ''}`
}

function seeOther(path: string): Response {
  // Relative: the browser stays on the address it posted to (never one a header names).
  return new Response(null, {status: 303, headers: {...NO_STORE, Location: path}})
}

function oneClickAnswer(status: number, message: string): Response {
  return new Response(message, {status, headers: {...NO_STORE, 'Content-Type': 'text/plain; charset=utf-8'}})
}

export async function handleEmailOptOutRequest(request: Request, deps: EmailOptOutDeps): Promise<Response> {
  const fromHeader = new URL(request.url).searchParams.get('t')
  let text: string
  try {
    text = await readTextWithLimit(request, MAX_BODY_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLargeError) return oneClickAnswer(413, 'Request too large')
    throw error
  }
  const form = new URLSearchParams(text)
  const oneClick = fromHeader !== null
  const token = oneClick ? fromHeader : form.get('token')
  if (!token) return oneClick ? oneClickAnswer(400, 'Missing field: t') : oneClickAnswer(400, 'Missing field: token')
  const check = verifyBookingLink('email-opt-out:v1', token, await deps.linkSecret(), deps.now())
  if (!check.ok) return oneClick ? oneClickAnswer(400, check.reason === 'expired' ? 'This link has expired' : 'This link is not valid') : seeOther(emailPreferencesPath(token))
  try {
    const known = await (await deps.store()).optOut(check.bookingId, oneClick ? 'one_click' : 'link', deps.now())
    if (!known) return oneClick ? oneClickAnswer(400, 'This link is not valid') : seeOther(emailPreferencesPath(token))
  } catch (error) {
    ;(deps.log ?? console).error('E-mail opt-out: could not be recorded', error)
    return oneClick ? oneClickAnswer(503, 'Please try again later') : seeOther(emailPreferencesPath(token, 'failed'))
  }
  return oneClick ? oneClickAnswer(200, 'No more reminders will be sent to this address') : seeOther(emailPreferencesPath(token, 'done'))
}
