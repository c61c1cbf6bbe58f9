import 'server-only'

import {cookieValue, SESSION_COOKIE} from './cookies'
import {withOfficeHeaders} from './headers'
import {changesSomething, isOwnOrigin} from './origin'
import {signInPathFor} from './paths'
import {signInDeps, siteOriginFor} from './server'
import {staffOfSession} from './sign-in'
import {hasRole, type StaffMember, type StaffRole} from './staff'
import {accessWords} from './words'

/**
 * Every office route handler is wrapped in `officeRoute` (or `publicOfficeRoute` for the sign-in
 * endpoints), so no endpoint forgets a check: the origin of every change (403 when foreign or
 * missing), the session (401, or 303 to the sign-in page for a browser's form post or navigation),
 * the role (403), and the office's no-store / noindex headers on every answer.
 *
 *   export const POST = officeRoute({role: 'office'}, async (request, {staff, params}) => Response)
 */

type RouteParams = Record<string, string | string[] | undefined>
export type OfficeRouteContext<P extends RouteParams> = {staff: StaffMember; params: P}

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

/** The member signed in on this request, or null. */
export async function staffOfRequest(request: Request): Promise<StaffMember | null> {
  return staffOfSession(await signInDeps(request.headers), cookieValue(request.headers.get('cookie'), SESSION_COOKIE))
}

export function officeRoute<P extends RouteParams = RouteParams>(
  options: {role: StaffRole},
  handler: (request: Request, context: OfficeRouteContext<P>) => Response | Promise<Response>,
): (request: Request, context: {params: Promise<P>}) => Promise<Response> {
  return async (request, context) => {
    const foreign = refusedOrigin(request)
    if (foreign) return foreign
    const staff = await staffOfRequest(request)
    if (!staff) {
      if (fromBrowserNavigation(request)) {
        return withOfficeHeaders(new Response(null, {status: 303, headers: {Location: signInPathFor(returnPath(request))}}))
      }
      return plain(401, accessWords.answers.signInFirst)
    }
    if (!hasRole(staff, options.role)) return notForYourRole()
    return withOfficeHeaders(await handler(request, {staff, params: await context.params}))
  }
}

/** The sign-in endpoints, which need no session: the origin check of every change and the office's headers. */
export function publicOfficeRoute(handler: (request: Request) => Response | Promise<Response>): (request: Request) => Promise<Response> {
  return async (request) => refusedOrigin(request) ?? withOfficeHeaders(await handler(request))
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
