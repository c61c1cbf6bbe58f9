/**
 * The office's two cookies: the session, and the binding of a sign-in link to the browser that
 * asked for it. HttpOnly (no script reads them), SameSite=Lax (sent when a link in an e-mail is
 * followed, not with another site's form posts), Secure when the site is https, and scoped to
 * /office: visitors' pages never receive them. Plain TypeScript.
 */

export const SESSION_COOKIE = 'office_session'
export const SIGN_IN_BINDING_COOKIE = 'office_sign_in'
const PATH = '/office'

export function setCookie(name: string, value: string, options: {maxAgeSeconds: number; secure: boolean}): string {
  return [`${name}=${value}`, `Path=${PATH}`, `Max-Age=${Math.floor(options.maxAgeSeconds)}`, 'HttpOnly', 'SameSite=Lax', ...(options.secure ? ['Secure'] : [])].join('; ')
}

export function clearCookie(name: string, options: {secure: boolean}): string {
  return setCookie(name, '', {maxAgeSeconds: 0, secure: options.secure})
}

/** One cookie's value from a Cookie header. */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=')
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim()
  }
  return null
}
