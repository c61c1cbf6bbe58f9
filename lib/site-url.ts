/** The public address of the site, for canonical URLs, Open Graph and the sitemap. */
export const siteUrl = (process.env.SITE_URL || 'http://localhost:3000').replace(/\/+$/, '')

export function absoluteUrl(pathname: string): string {
  return `${siteUrl}${pathname.startsWith('/') ? pathname : `/${pathname}`}`
}

type Env = Record<string, string | undefined>

/** The origin SITE_URL names (http or https only), or null when it is unset or not such an address. */
export function configuredSiteOrigin(env: Env = process.env): string | null {
  const value = env.SITE_URL?.trim()
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
  } catch {
    return null
  }
}

/**
 * Where a payment sends the customer back to: the configured public address only, never the
 * request's Host or X-Forwarded-Host (a forged one would end a genuine checkout on another site).
 * Outside production an unset SITE_URL means the developer's http://localhost:3000; in production
 * it is null and bookings are refused until SITE_URL is set (the server says so at start-up).
 */
export function paymentReturnOrigin(env: Env = process.env): string | null {
  return configuredSiteOrigin(env) ?? (env.NODE_ENV === 'production' ? null : 'http://localhost:3000')
}

const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i

/** Whether the public address is this machine only (http://localhost:3000 and the like). */
export function isLoopbackSite(env: Env = process.env): boolean {
  const origin = configuredSiteOrigin(env)
  return origin !== null && LOOPBACK_HOST.test(new URL(origin).hostname)
}
