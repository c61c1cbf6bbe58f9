// By hand: CSP packages (helmet, next-safe) do not hash a rendered page's own inline scripts, and scripts/serve.ts loads this import-free.
/**
 * The site's security headers, in one place: next.config.ts sends them on every route (`headers()`),
 * and the edge server (lib/edge/server.ts) replaces the pages' Content-Security-Policy with one that
 * names the hashes of the inline scripts the app wrote in the page (lib/edge/inline-scripts.ts: pages
 * from Next's cache) or the nonce the edge gave Next for the request (pages rendered per request,
 * streamed), so no other inline script runs, and every other answer's but JavaScript's with one that
 * runs nothing (FILE_CONTENT_SECURITY_POLICY).
 *
 * What the pages use, and so all the policy allows: scripts and styles of the site itself (Next's
 * inline bootstrap scripts by hash or nonce; style attributes from next/image and React, hence
 * 'unsafe-inline' for styles only), the OpenStreetMap frame on the contact pages, Sanity's CDN and API only when a
 * project is configured. Stripe is reached by redirecting the whole page, never embedded. Nobody may
 * frame the site, except the Studio (same origin) framing a page in draft mode, for its Presentation
 * tool: only an editor's browser holds the draft-mode cookie.
 *
 * Loaded by Node directly (scripts/serve.ts) as well as by Next: no imports.
 */

export interface PolicyOptions {
  /** The configured Sanity project, if any (its API and CDN are then allowed). */
  sanityProjectId?: string
  /** The project the Studio opens: the configured one, or its placeholder when none is (studio/env.ts). */
  studioProjectId?: string
  /** 'sha256-…' sources of the page's inline scripts; undefined: any inline script (the fallback when no edge server runs). */
  scriptHashes?: readonly string[]
  /** The nonce the edge gave Next for a page rendered per request (Next writes it on every script of it); takes the place of hashes. */
  scriptNonce?: string
  /** `next dev` evaluates code (React's debugging): allow it there only. */
  development?: boolean
  /** The public address is HTTPS: upgrade stray http: requests. */
  https?: boolean
  /** An editor's preview (draft mode): the Studio's Presentation tool frames the page, same origin only. */
  preview?: boolean
}

const MAP_FRAME = 'https://www.openstreetmap.org'
const SANITY_CDN = 'https://cdn.sanity.io'
/** The Studio loads Sanity's bridge script and its design system's fonts whether or not a project is set. */
const STUDIO_BRIDGE = 'https://core.sanity-cdn.com'
const STUDIO_FONTS = 'https://design-system-static.sanity.io'

function sanityApi(projectId: string): string[] {
  return [`https://${projectId}.api.sanity.io`, `wss://${projectId}.api.sanity.io`, `https://${projectId}.apicdn.sanity.io`]
}

function serialize(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ')
}

function scriptSources(options: PolicyOptions): string[] {
  const inline = options.scriptNonce
    ? [`'nonce-${options.scriptNonce}'`]
    : options.scriptHashes
      ? options.scriptHashes.map((hash) => `'${hash}'`)
      : ["'unsafe-inline'"]
  return ["'self'", ...inline, ...(options.development ? ["'unsafe-eval'"] : [])]
}

/** The policy of the public site's pages (everything but /studio). */
export function siteContentSecurityPolicy(options: PolicyOptions = {}): string {
  const project = options.sanityProjectId
  return serialize({
    'default-src': ["'self'"],
    'script-src': scriptSources(options),
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...(project ? [SANITY_CDN] : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(options.development ? ['ws:'] : [])],
    'frame-src': [MAP_FRAME],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': [options.preview ? "'self'" : "'none'"],
    ...(options.https ? {'upgrade-insecure-requests': []} : {}),
  })
}

/** X-Frame-Options for browsers without frame-ancestors, matching the policy. */
export function frameOptions(preview: boolean): string {
  return preview ? 'SAMEORIGIN' : 'DENY'
}

/** Next's draft-mode cookie on a request (Next itself checks its value; here it only widens framing to the same origin). */
export function hasDraftModeCookie(cookieHeader: string | undefined): boolean {
  return /(?:^|;\s*)__prerender_bypass=/.test(cookieHeader ?? '')
}

/**
 * The embedded Studio's policy: its own scripts and Sanity's bridge script, styled-components' style
 * elements, Sanity's fonts, workers from blob: URLs, and the configured project's API (HTTPS and
 * the listener's WebSocket), CDN and login.
 */
export function studioContentSecurityPolicy(options: PolicyOptions = {}): string {
  const project = options.studioProjectId ?? options.sanityProjectId
  return serialize({
    'default-src': ["'self'"],
    'script-src': [...scriptSources(options), STUDIO_BRIDGE],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(project ? [SANITY_CDN, 'https://lh3.googleusercontent.com', 'https://avatars.githubusercontent.com'] : [])],
    'font-src': ["'self'", 'data:', STUDIO_FONTS],
    'connect-src': ["'self'", ...(project ? [...sanityApi(project), 'https://api.sanity.io', SANITY_CDN] : []), ...(options.development ? ['ws:'] : [])],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...(project ? ['https://api.sanity.io'] : [])],
    'frame-ancestors': ["'none'"],
    ...(options.https ? {'upgrade-insecure-requests': []} : {}),
  })
}

export function isStudioPath(pathname: string): boolean {
  return pathname === '/studio' || pathname.startsWith('/studio/')
}

export function contentSecurityPolicyFor(pathname: string, options: PolicyOptions = {}): string {
  return isStudioPath(pathname) ? studioContentSecurityPolicy(options) : siteContentSecurityPolicy(options)
}

/**
 * The policy of every answer that is not a page: images (an SVG opened on its own is a document and
 * could run script), icons, JSON, text. Nothing may run or load; an SVG keeps its inline styles and
 * embedded images, and `sandbox` also stops a document from running anything the policy missed.
 * JavaScript files keep the page policy (it is the policy of a worker started from them).
 */
export const FILE_CONTENT_SECURITY_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox"

/** Whether an answer's Content-Type is JavaScript (it keeps the page policy: see FILE_CONTENT_SECURITY_POLICY). */
export function isJavaScriptType(contentType: string): boolean {
  return /^\s*(?:text|application)\/(?:x-)?(?:java|ecma)script\s*(?:;|$)/i.test(contentType)
}

/** Sent with every response. */
export const SECURITY_HEADERS: readonly {key: string; value: string}[] = [
  {key: 'X-Content-Type-Options', value: 'nosniff'},
  {key: 'X-Frame-Options', value: frameOptions(false)},
  {key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin'},
  {
    key: 'Permissions-Policy',
    value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), hid=(), browsing-topics=(), interest-cohort=()',
  },
  {key: 'Cross-Origin-Opener-Policy', value: 'same-origin'},
]

/** HSTS for a site whose public address is HTTPS (two years; the operator may preload later). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains'

/** Whether the public address (SITE_URL) is served over HTTPS. */
export function isHttpsSite(siteUrl: string | undefined): boolean {
  return /^https:\/\//i.test(siteUrl?.trim() ?? '')
}
