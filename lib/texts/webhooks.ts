import {BodyTooLargeError, readTextWithLimit} from '../request-body'
import type {TextOutboxStore} from './outbox'
import {toE164} from './phone'

/**
 * Twilio's two webhooks (app/api/texts/…), in plain TypeScript on the web Request API: the status
 * callback of a sent text, and the texts customers send back, where STOP and its synonyms opt the
 * number out and START / UNSTOP opt it back in (the words carriers and Twilio honour). Each is
 * checked against X-Twilio-Signature, computed over the site's configured public address (SITE_URL
 * + the route's path), never the request's Host; a bad or missing signature is refused (403) and
 * changes nothing.
 */

/** Twilio's posts are small form bodies; anything bigger is not Twilio. */
export const TEXT_WEBHOOK_MAX_BYTES = 64 * 1024

export const STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const
export const START_WORDS = ['START', 'UNSTOP'] as const

/** What a reply asks: 'stop', 'start', or nothing we act on. Twilio matches the whole message, trimmed, in any case. */
export function replyKeyword(body: string): 'stop' | 'start' | null {
  const word = body.trim().replace(/[.!]+$/, '').toUpperCase()
  if ((STOP_WORDS as readonly string[]).includes(word)) return 'stop'
  if ((START_WORDS as readonly string[]).includes(word)) return 'start'
  return null
}

export interface TextWebhookDeps {
  /** Null when Twilio is not configured: the webhooks then refuse everything. */
  verify: ((signature: string | null, url: string, params: Record<string, string>) => boolean) | null
  /** The public address Twilio posts to (SITE_URL + path). */
  publicUrl: string
  outbox: () => Promise<TextOutboxStore>
  now: () => Date
  log?: Pick<Console, 'error'>
}

type Verified = {ok: true; params: Record<string, string>} | {ok: false; response: Response}

function plain(status: number, text: string): Response {
  return new Response(text, {status, headers: {'Content-Type': 'text/plain; charset=utf-8'}})
}

async function verified(request: Request, deps: TextWebhookDeps): Promise<Verified> {
  let body: string
  try {
    body = await readTextWithLimit(request, TEXT_WEBHOOK_MAX_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLargeError) return {ok: false, response: plain(413, 'Too large')}
    throw error
  }
  const params = Object.fromEntries(new URLSearchParams(body))
  if (!deps.verify || !deps.verify(request.headers.get('x-twilio-signature'), deps.publicUrl, params)) {
    return {ok: false, response: plain(403, 'Invalid signature')}
  }
  return {ok: true, params}
}

/** The status callback: records the delivery status of a text we sent (and an opt-out Twilio reports). */
export async function handleTextStatusRequest(request: Request, deps: TextWebhookDeps): Promise<Response> {
  const checked = await verified(request, deps)
  if (!checked.ok) return checked.response
  const {MessageSid: sid, MessageStatus: status, ErrorCode: errorCode, To: to} = checked.params
  // Twilio always sends both; a post without them is not a status callback.
  if (!sid || !status) return new Response(null, {status: 400})
  const outbox = await deps.outbox()
  const now = deps.now()
  await outbox.recordStatus(sid, status, errorCode || null, now)
  // Undelivered because the number had replied STOP: never text it again until START.
  const phone = to ? toE164(to) : null
  if (errorCode === '21610' && phone) await outbox.optOut(phone, 'provider', now)
  return new Response(null, {status: 204})
}

/** An incoming text: STOP words opt the number out, START words back in; answered with empty TwiML. */
export async function handleIncomingTextRequest(request: Request, deps: TextWebhookDeps & {twiml: () => string}): Promise<Response> {
  const checked = await verified(request, deps)
  if (!checked.ok) return checked.response
  const phone = toE164(checked.params.From ?? '')
  const keyword = replyKeyword(checked.params.Body ?? '')
  if (phone && keyword) {
    const outbox = await deps.outbox()
    if (keyword === 'stop') await outbox.optOut(phone, 'reply', deps.now())
    else await outbox.optIn(phone)
  }
  // Twilio confirms STOP and START itself (and blocks texts to an opted-out number); nothing to add.
  return new Response(deps.twiml(), {status: 200, headers: {'Content-Type': 'text/xml; charset=utf-8'}})
}
