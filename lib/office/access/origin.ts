/**
 * Cross-site request forgery: every office request that changes something must come from the
 * site's own pages. Browsers send `Origin` with every POST (forms included), so a missing or foreign
 * one is refused. Plain TypeScript.
 */

const SAFE_METHODS = new Set(['GET', 'HEAD'])

export function changesSomething(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase())
}

/** Whether a request's Origin header is the site's own (`siteOrigin`, e.g. 'https://www.example.com'). */
export function isOwnOrigin(originHeader: string | null, siteOrigin: string): boolean {
  if (!originHeader || originHeader === 'null') return false
  try {
    return new URL(originHeader).origin === new URL(siteOrigin).origin
  } catch {
    return false
  }
}
