/**
 * Where the office sends people back to after signing in: only a path of the office itself (never
 * another site: `next` comes from the address bar). Plain TypeScript.
 */

export const SIGN_IN_PATH = '/office/sign-in'

/** `value` when it is a path under /office (not the sign-in pages), else '/office'. */
export function officeReturnPath(value: string | null | undefined): string {
  if (!value || value.length > 500) return '/office'
  // Printable ASCII only (a browser sends a path percent-encoded): a control character or one above
  // U+00FF cannot be put in a Location header, which would fail after the link was used up.
  if (!/^[\x21-\x7e]+$/.test(value)) return '/office'
  if (!/^\/office(?:[/?#]|$)/.test(value) || value.includes('\\') || value.startsWith('//')) return '/office'
  if (value === SIGN_IN_PATH || value.startsWith(`${SIGN_IN_PATH}/`) || value.startsWith(`${SIGN_IN_PATH}?`)) return '/office'
  return value
}

/** The sign-in page, coming back to `next` afterwards. */
export function signInPathFor(next: string | null | undefined, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra)
  const back = officeReturnPath(next)
  if (back !== '/office') params.set('next', back)
  const query = params.toString()
  return query ? `${SIGN_IN_PATH}?${query}` : SIGN_IN_PATH
}
