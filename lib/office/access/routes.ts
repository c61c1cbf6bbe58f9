import 'server-only'

import {cookieValue, SESSION_COOKIE} from './cookies'
import {withOfficeHeaders} from '../shared/headers'
import {changesSomething, isOwnOrigin} from './origin'
import {signInPathFor} from './paths'
import {signInDeps, siteOriginFor} from './server'
import {staffOfSession} from './sign-in'
import {hasRole, type StaffMember, type StaffRole} from './roles'
import {accessWords} from './words'
import type {RefusedParameter} from '../shared/input'
import {declaredTooLarge, OFFICE_BODY_MAX_BYTES, readRouteInput, refusalText, type RouteInputOptions, type RouteParams, type RouteRefusal} from '../shared/route-input'

/**
 * Every office route handler is wrapped in `officeRoute` (or `publicOfficeRoute` for the sign-in
 * endpoints), so no endpoint forgets a check: the origin of every change (403 when foreign or
 * missing), a body declared over 32 KiB (413, before anything else is read), the session (401, or
 * 303 to the sign-in page for a browser's form post or navigation), the role (403), then the body
 * read with the cap (413), the address's segments and the form checked by the route's zod schemas
 * (400 naming the field; a browser's form post goes back to its page with the field named, when the
 * route says where), and the office's no-store / noindex headers on every answer. The handler gets
 * the checked form and a Request whose body is the capped copy.
 *
 *   export const POST = officeRoute({role: 'office', form: noteForm, params: bookingParams, refused},
 *     async (request, {staff, params, form}) => Response)
 */

export type {RouteParams}
export type OfficeRouteContext<P, F = undefined> = {staff: StaffMember; params: P; form: F}

export type OfficeRouteOptions<P, F> = RouteInputOptions<F, P> & {
  role: StaffRole
  /** Where a browser's form post goes when a field is refused (303): its page, naming the field. */
  refused?: (refusal: {field: string; message: string}, params: RouteParams) => string
}

function plain(status: number, text: string): Response {
  return withOfficeHeaders(new Response(text, {status, headers: {'Content-Type': 'text/plain; charset=utf-8'}}))
}

/** A browser (not a script) made the request: a form post or a followed link, which expects a page. */
function fromBrowserNavigation(request: Request): boolean {
  return request.headers.get('sec-fetch-mode') === 'navigate' || (request.headers.get('accept') ?? '').includes('text/html')
}

/** The office page to come back to after signing in: the page a form was posted from, or the address asked for. */
function returnPath(request: Request): string {
  const url = new URL(request.url)
  if (request.method === 'GET' || request.method === 'HEAD') return url.pathname + url.search
  const referer = request.headers.get('referer')
  try {
    const from = referer ? new URL(referer) : null
    return from && from.origin === siteOriginFor(request) ? from.pathname + from.search : url.pathname
  } catch {
    return url.pathname
  }
}

function refusedOrigin(request: Request): Response | null {
  if (changesSomething(request.method) && !isOwnOrigin(request.headers.get('origin'), siteOriginFor(request))) {
    return plain(403, accessWords.answers.foreignOrigin)
  }
  return null
}

function refusal(refused: RouteRefusal): Response {
  return plain(refused.status, refusalText(refused))
}

/** The member signed in on this request, or null. */
export async function staffOfRequest(request: Request): Promise<StaffMember | null> {
  return staffOfSession(await signInDeps(request.headers), cookieValue(request.headers.get('cookie'), SESSION_COOKIE))
}

export function officeRoute<P = RouteParams, F = undefined>(
  options: OfficeRouteOptions<P, F>,
  handler: (request: Request, context: OfficeRouteContext<P, F>) => Response | Promise<Response>,
): (request: Request, context: {params: Promise<RouteParams>}) => Promise<Response> {
  return async (request, context) => {
    const foreign = refusedOrigin(request)
    if (foreign) return foreign
    if (declaredTooLarge(request)) return refusal({status: 413, field: 'body', message: `is larger than ${OFFICE_BODY_MAX_BYTES / 1024} kB`, where: 'body'})
    const staff = await staffOfRequest(request)
    if (!staff) {
      if (fromBrowserNavigation(request)) {
        return withOfficeHeaders(new Response(null, {status: 303, headers: {Location: signInPathFor(returnPath(request))}}))
      }
      return plain(401, accessWords.answers.signInFirst)
    }
    if (!hasRole(staff, options.role)) return notForYourRole()
    const rawParams = (await context.params) ?? {}
    const input = await readRouteInput<F, P>(request, rawParams, options)
    if (!input.ok) {
      if (input.status === 400 && input.where === 'form' && options.refused && fromBrowserNavigation(request)) {
        return withOfficeHeaders(seeOther(options.refused({field: input.field, message: input.message}, rawParams)))
      }
      return refusal(input)
    }
    return withOfficeHeaders(await handler(input.request, {staff, params: input.params, form: input.form}))
  }
}

/** The sign-in endpoints, which need no session: the origin check of every change, the capped body and the office's headers. */
export function publicOfficeRoute(handler: (request: Request) => Response | Promise<Response>): (request: Request) => Promise<Response> {
  return async (request) => {
    const foreign = refusedOrigin(request)
    if (foreign) return foreign
    const input = await readRouteInput(request, {}, {})
    if (!input.ok) return refusal(input)
    return withOfficeHeaders(await handler(input.request))
  }
}

/** 400: an address parameter the office refuses (a search with a control character, a date out of its years), named. */
export function refusedParameterAnswer(refused: RefusedParameter): Response {
  return plain(400, `Bad Request: the parameter “${refused.field}” ${refused.message}.`)
}

/** 403: the member's role (a crew member's crew) does not reach what the request names. */
export function notForYourRole(): Response {
  return plain(403, accessWords.answers.notForYourRole)
}

/** 400: a change whose form could not be read (not a form, or too large). */
export function unreadableForm(): Response {
  return plain(400, accessWords.answers.unreadableForm)
}

/** A 303 back to an office page (relative, so it stays on the address the browser used). */
export function seeOther(location: string, setCookies: string[] = []): Response {
  const headers = new Headers({Location: location})
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie)
  return new Response(null, {status: 303, headers})
}
