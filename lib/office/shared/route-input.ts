import type * as z from 'zod'
import {BodyTooLargeError, readTextWithLimit} from '../../request-body.ts'
import {refusedField} from './input.ts'

/**
 * What an office route receives, read before its handler runs: the body with a cap (every office
 * form is short: a note is the longest field), the urlencoded form checked by the route's zod
 * schema, and the address's segments checked by another. A body is never read past the cap, so a
 * 12 MiB post costs 32 KiB of memory at most, and the handler gets a Request whose body is the capped
 * copy (a handler that still calls request.formData() reads at most that). Plain TypeScript.
 */

export const OFFICE_BODY_MAX_BYTES = 32 * 1024

export type RouteParams = Record<string, string | string[] | undefined>

export type RouteInputOptions<F, P> = {
  /** The posted form's fields (application/x-www-form-urlencoded), each a string, missing ones undefined. */
  form?: z.ZodType<F>
  /** The address's dynamic segments. */
  params?: z.ZodType<P>
}

export type RouteRefusal = {status: 400 | 413 | 415; field: string; message: string; where: 'body' | 'form' | 'params'}
export type RouteInput<F, P> = {ok: true; request: Request; form: F; params: P} | ({ok: false} & RouteRefusal)

/** A body declared larger than `maxBytes`: refused before a byte of it is read. */
export function declaredTooLarge(request: Request, maxBytes = OFFICE_BODY_MAX_BYTES): boolean {
  const declared = Number(request.headers.get('content-length'))
  return Number.isFinite(declared) && declared > maxBytes
}

function tooLarge(maxBytes: number): RouteRefusal {
  return {status: 413, field: 'body', message: `is larger than ${Math.floor(maxBytes / 1024)} kB`, where: 'body'}
}

function isFormContentType(request: Request): boolean {
  return (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase() === 'application/x-www-form-urlencoded'
}

/** The form's fields as an object (a repeated field keeps its first value). */
function formObject(text: string): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const [name, value] of new URLSearchParams(text)) if (!(name in fields)) fields[name] = value
  return fields
}

/** The request's body read with the cap, its form and its segments checked; or the first refusal. */
export async function readRouteInput<F = undefined, P = RouteParams>(
  request: Request,
  rawParams: RouteParams,
  options: RouteInputOptions<F, P>,
  maxBytes = OFFICE_BODY_MAX_BYTES,
): Promise<RouteInput<F, P>> {
  if (declaredTooLarge(request, maxBytes)) return {ok: false, ...tooLarge(maxBytes)}
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  let text = ''
  if (hasBody) {
    try {
      text = await readTextWithLimit(request, maxBytes)
    } catch (error) {
      if (error instanceof BodyTooLargeError) return {ok: false, ...tooLarge(maxBytes)}
      throw error
    }
  }
  // The copy the handler reads: the same method, headers and (capped) body.
  const headers = new Headers(request.headers)
  headers.delete('content-length')
  headers.delete('transfer-encoding')
  const capped = new Request(request.url, {method: request.method, headers, ...(hasBody ? {body: text} : {})})

  let params = rawParams as unknown as P
  if (options.params) {
    const parsed = options.params.safeParse(rawParams)
    if (!parsed.success) return {ok: false, status: 400, ...refusedField(parsed.error), where: 'params'}
    params = parsed.data
  }

  let form = undefined as F
  if (options.form) {
    // An empty body is an empty form whatever its type (a button-only form, a script's bare POST).
    if (text !== '' && !isFormContentType(request)) return {ok: false, status: 415, field: 'form', message: 'must be sent as application/x-www-form-urlencoded', where: 'form'}
    const parsed = options.form.safeParse(formObject(text))
    if (!parsed.success) return {ok: false, status: 400, ...refusedField(parsed.error), where: 'form'}
    form = parsed.data
  }
  return {ok: true, request: capped, form, params}
}

/** The plain answer of a refusal, naming the field: "Bad Request: the field “note” must not contain control characters." */
export function refusalText(refusal: RouteRefusal): string {
  const reason = {400: 'Bad Request', 413: 'Content Too Large', 415: 'Unsupported Media Type'}[refusal.status]
  if (refusal.field === 'body') return `${reason}: the request body ${refusal.message}.`
  if (refusal.field === 'form') return `${reason}: the form ${refusal.message}.`
  return `${reason}: the ${refusal.where === 'params' ? 'address part' : 'field'} “${refusal.field}” ${refusal.message}.`
}
