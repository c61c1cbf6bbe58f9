import {NextResponse, type NextRequest} from 'next/server'
import {OFFICE_PATH_HEADER, OFFICE_RESPONSE_HEADERS} from './lib/office/headers'

/**
 * The office only (/office/…): tells its pages which address was asked for (so the sign-in page can
 * send a member back there; a client's own header of that name is replaced), and marks every answer
 * private and not for indexing. Sessions and roles are checked by each page and route on the server
 * (lib/office/page-access.ts, route-access.ts), never here alone.
 */
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers)
  headers.set(OFFICE_PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search)
  const response = NextResponse.next({request: {headers}})
  for (const [name, value] of Object.entries(OFFICE_RESPONSE_HEADERS)) response.headers.set(name, value)
  return response
}

export const config = {matcher: ['/office', '/office/:path*']}
