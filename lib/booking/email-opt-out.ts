/**
 * POST /api/email-opt-out: stops the unpaid checkout reminders to an address, from the stop link's
 * signed token (lib/booking/checkout-reminders.ts), which names the booking the reminder was sent
 * for, never the address. Two ways in:
 * - the "no more e-mails" page's button (a plain HTML form, `token=…`): answered 303 to the page,
 *   which then says it is done, or why not;
 * - a mail program's one-click unsubscribe (RFC 8058: the List-Unsubscribe address `?t=…`, body
 *   `List-Unsubscribe=One-Click`): answered 200 `{ok: true}`, or 400 `{ok: false, field: 't', reason}`
 *   for a missing, bad or expired link (a form without its token: 400 naming `token`).
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

/** A machine's answer (a mail program's one click, or a form that sent nothing): no words, the field named. */
function answer(status: number, body: {ok: boolean; field?: string; reason?: string}): Response {
  return Response.json(body, {status, headers: NO_STORE})
}

export async function handleEmailOptOutRequest(request: Request, deps: EmailOptOutDeps): Promise<Response> {
  const fromHeader = new URL(request.url).searchParams.get('t')
  let text: string
  try {
    text = await readTextWithLimit(request, MAX_BODY_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLargeError) return answer(413, {ok: false, reason: 'too_large'})
    throw error
  }
  const form = new URLSearchParams(text)
  const oneClick = fromHeader !== null
  const token = oneClick ? fromHeader : form.get('token')
  const field = oneClick ? 't' : 'token'
  if (!token) return answer(400, {ok: false, field, reason: 'missing'})
  let check
  try {
    check = verifyBookingLink('email-opt-out:v1', token, await deps.linkSecret(), deps.now())
    if (!check.ok) return oneClick ? answer(400, {ok: false, field, reason: check.reason}) : seeOther(emailPreferencesPath(token))
    const known = await (await deps.store()).optOut(check.bookingId, oneClick ? 'one_click' : 'link', deps.now())
    if (!known) return oneClick ? answer(400, {ok: false, field, reason: 'invalid'}) : seeOther(emailPreferencesPath(token))
  } catch (error) {
    ;(deps.log ?? console).error('E-mail opt-out: could not be recorded', error)
    return oneClick ? answer(503, {ok: false}) : seeOther(emailPreferencesPath(token, 'failed'))
  }
  return oneClick ? answer(200, {ok: true}) : seeOther(emailPreferencesPath(token, 'done'))
}
