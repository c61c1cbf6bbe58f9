import {NextResponse, type NextRequest} from 'next/server'
import {OFFICE_PATH_HEADER, OFFICE_RESPONSE_HEADERS} from './lib/office/shared/headers'

/**
 * The office only (/office/…): tells its pages which address was asked for (so the sign-in page can
 * send a member back there; a client's own header of that name is replaced), and marks every answer
 * private and not for indexing. Sessions and roles are checked by each page and route on the server
 * (lib/office/access/page.ts and routes.ts), never here alone.
 */
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers)
  headers.set(OFFICE_PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search)
  const response = NextResponse.next({request: {headers}})
  for (const [name, value] of Object.entries(OFFICE_RESPONSE_HEADERS)) response.headers.set(name, value)
  return response
}

/**
 * Only requests without a body (the pages: GET, HEAD; a bodiless POST). Next buffers in memory the
 * body of every request its proxy runs for, up to proxyClientMaxBodySize, and the route waits for
 * the whole body to arrive first: a form post would be held before the route's own checks (session,
 * the 32 KiB cap of lib/office/shared/route-input.ts), signed in or not. Route handlers need nothing from
 * here (officeRoute sets the office's headers and finds the address to come back to itself).
 */
export const config = {
  // Literal (Next reads this object from the source, without running it).
  matcher: [
    {
      source: '/office',
      missing: [
        {type: 'header', key: 'content-length'},
        {type: 'header', key: 'transfer-encoding'},
      ],
    },
    {
      source: '/office/:path*',
      missing: [
        {type: 'header', key: 'content-length'},
        {type: 'header', key: 'transfer-encoding'},
      ],
    },
  ],
}
