/**
 * What the lead endpoints answer (POST /api/quote-requests, /api/contact-messages, /api/appointments),
 * shared by the route and the forms. Plain TypeScript, no server imports.
 *
 * - 200 `{ok: true}`: stored; the form shows its success message and resets.
 * - 400 `{ok: false, kind: 'validation', fieldErrors}`: field path → message key (the form shows the
 *   content's text for the key beside the field).
 * - 400 `{ok: false, kind: 'spam'}`: the hidden honeypot field was filled in; nothing stored.
 * - 409 `{ok: false, kind: 'conflict'}`: the submission key was stored before with other details;
 *   nothing stored (the form takes a new key, so sending again stores what it shows).
 * - 429 `{ok: false, kind: 'rate-limited'}` with Retry-After: too many submissions from one address.
 * - 413, 415 `{ok: false, kind: 'invalid'}`: too large, not JSON.
 * - 503 `{ok: false, kind: 'unavailable'}`: could not be stored now; the visitor can try again.
 */

export const LEAD_ENDPOINTS = {
  quoteRequest: '/api/quote-requests',
  contactMessage: '/api/contact-messages',
  appointment: '/api/appointments',
} as const

export type LeadAnswer =
  | {ok: true}
  | {ok: false; kind: 'validation'; fieldErrors: Record<string, string>}
  | {ok: false; kind: 'spam' | 'rate-limited' | 'conflict' | 'invalid' | 'unavailable'}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The answer of a response (status and parsed JSON, or null); anything unexpected is a failure. */
export function leadAnswerFromResponse(status: number, body: unknown): LeadAnswer {
  const data = isRecord(body) ? body : {}
  if (status >= 200 && status < 300 && data.ok === true) return {ok: true}
  if (data.kind === 'validation' && isRecord(data.fieldErrors)) {
    const fieldErrors: Record<string, string> = {}
    for (const [path, key] of Object.entries(data.fieldErrors)) if (typeof key === 'string') fieldErrors[path] = key
    return {ok: false, kind: 'validation', fieldErrors}
  }
  if (status === 429 || data.kind === 'rate-limited') return {ok: false, kind: 'rate-limited'}
  if (data.kind === 'spam') return {ok: false, kind: 'spam'}
  if (status === 409 || data.kind === 'conflict') return {ok: false, kind: 'conflict'}
  if (status === 413 || status === 415 || data.kind === 'invalid') return {ok: false, kind: 'invalid'}
  return {ok: false, kind: 'unavailable'}
}
