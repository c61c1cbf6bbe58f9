/**
 * What every office answer says to caches and crawlers: never stored by a browser's shared cache,
 * a proxy or the edge (each page is one member's), and never indexed. Plain TypeScript.
 */

export const OFFICE_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
}

/** The header the office's proxy (proxy.ts) passes each office page: the address asked for, for the sign-in redirect. */
export const OFFICE_PATH_HEADER = 'x-office-path'

export function isOfficePath(pathname: string): boolean {
  return pathname === '/office' || pathname.startsWith('/office/')
}

/** `response` with the office's headers (a copy when its headers are immutable, as Response.redirect's are). */
export function withOfficeHeaders(response: Response): Response {
  const headers = new Headers(response.headers)
  for (const [name, value] of Object.entries(OFFICE_RESPONSE_HEADERS)) headers.set(name, value)
  return new Response(response.body, {status: response.status, statusText: response.statusText, headers})
}
