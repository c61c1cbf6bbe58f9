import fc from 'fast-check'

/**
 * Random and malformed HTTP requests for the site's server (tests/e2e/fuzz.spec.ts): paths under
 * every route the site has, with percent-escapes that decode to nothing valid, encoded slashes and
 * dots, raw Unicode, very long segments; random query strings; every method; forged framework and
 * proxy headers; small bodies. Plain TypeScript with fast-check only, so a script can run the same
 * generators against a server by hand.
 */

export type FuzzMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS' | 'PATCH'

export interface FuzzHttpRequest {
  method: FuzzMethod
  /** Path and query, relative to the site's address (may hold anything the URL parser accepts). */
  path: string
  headers: Record<string, string>
  /** Only for methods that carry one. */
  body?: string
}

/** Where every route of the site starts (app/), plus the framework's own. */
const PREFIXES = [
  '/',
  '/about',
  '/faqs',
  '/contact',
  '/legal',
  '/blogs',
  '/blog/',
  '/blog1',
  '/blog999',
  '/house_cleaning',
  '/carpet_cleaning/',
  '/commercial_cleaning',
  '/exterior_cleaning',
  '/roof-cleaning',
  '/appointment',
  '/success',
  '/cancel',
  '/manage-booking/',
  '/manage-booking/0.0.0',
  '/email-preferences/',
  '/email-preferences/0.0.0',
  '/studio',
  '/studio/',
  '/studio/structure/',
  '/checkout/test/',
  '/checkout/test/test_cs_0123456789abcdef0123456789abcdef/',
  '/images/local/production/',
  '/api/',
  '/api/bookings',
  '/api/bookings/resume',
  '/api/bookings/manage',
  '/api/email-opt-out',
  '/api/availability',
  '/api/quote-requests',
  '/api/contact-messages',
  '/api/appointments',
  '/api/revalidate',
  '/api/stripe/webhook',
  '/_next/',
  '/_next/static/',
  '/_next/static/chunks/',
  '/_next/data/',
  '/_next/image',
  '/_next/webpack-hmr',
  '/__nextjs_original-stack-frame',
  '/sitemap.xml',
  '/robots.txt',
  '/favicon.ico',
  '/index',
  '/404',
  '/500',
  '/_error',
  '/_not-found',
  '/.well-known/',
  '/.env',
] as const

/** Percent-escapes that decode to nothing valid (or to a slash, a dot, a NUL). */
const BAD_ESCAPES = ['%ff', '%', '%2', '%g0', '%c0%af', '%e0%80%af', '%ed%a0%80', '%2f', '%2F', '%5c', '%00', '%0a', '%2e', '%2e%2e', '%252e%252e', '%25', '%%30%30', '%u002e', '%fe%ff'] as const

const segment: fc.Arbitrary<string> = fc.oneof(
  {weight: 4, arbitrary: fc.webSegment()},
  {weight: 3, arbitrary: fc.constantFrom(...BAD_ESCAPES)},
  {weight: 2, arbitrary: fc.array(fc.oneof(fc.constantFrom(...BAD_ESCAPES), fc.webSegment({size: 'xsmall'})), {minLength: 2, maxLength: 4}).map((parts) => parts.join(''))},
  {weight: 2, arbitrary: fc.constantFrom('.', '..', '...', '.%2e', '%2e.', '..;', ';', '\\', '..\\..', '//', '~', '*', '[id]', '[[...tool]]', '(site)', '@', ':', '#', '?', '[', '`')},
  {weight: 2, arbitrary: fc.constantFrom('é', 'e\u0301', '日本語', '🧹', '\u202e', '\ufeff', '\ud800', 'a\udc00b', 'İ', 'ß', '\u0000', '\t', ' ')},
  {weight: 1, arbitrary: fc.string({unit: 'binary', maxLength: 8})},
  // Long, yet short enough that a redirect repeating the path twice (Location, Refresh) stays
  // within the client's 16 kB of response headers.
  {weight: 1, arbitrary: fc.integer({min: 200, max: 2_000}).map((length) => 'a'.repeat(length))},
  {weight: 1, arbitrary: fc.constantFrom('page.js', 'layout', 'route', 'index.html', 'x.png', 'x.svg', 'x.webp', 'build-manifest.json', 'test_cs_0123456789abcdef0123456789abcdef', 'pay', 'cancel', 'resume')},
)

const query: fc.Arbitrary<string> = fc.oneof(
  {weight: 3, arbitrary: fc.constant('')},
  {weight: 3, arbitrary: fc.webQueryParameters().map((text) => `?${text}`)},
  {
    weight: 3,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.constantFrom('v', 'url', 'w', 'q', 'bookingId', 'session_id', '_rsc', '__nextDataReq', 'page', 'slug', 'x', ''),
          fc.oneof(fc.webSegment(), fc.constantFrom(...BAD_ESCAPES), fc.constantFrom('%2F%2Fevil.example%2Fx', 'http://127.0.0.1:1/', '/images/local/production/0123456789abcdef0123456789abcdef01234567-10x10.png?w=1e9', '//', '-1', '1e9', 'NaN', '99999999999999999999')),
        ),
        {minLength: 1, maxLength: 4},
      )
      .map((pairs) => `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`),
  },
  {weight: 1, arbitrary: fc.constantFrom('?', '??', '?&&', '?=', '?%', '?a=%E0%A4%A', `?${'x'.repeat(4_000)}=1`, '#frag', '?a=1#%ff')},
)

/**
 * `/_next/image` as next/image asks it, with a random source and size. No source on Sanity's CDN
 * (next.config.ts allows it): the test machine is offline, and Next answers an upstream it cannot
 * reach with a 5xx of its own (500 when the name does not resolve, 504 on a timeout), which says
 * nothing about the site.
 */
const imagePath = fc
  .record({
    url: fc.oneof(fc.constantFrom('/images/local/production/x.png', '%2Fimages%2Flocal%2Fproduction%2Fx.png%3Fw%3D1', '/favicon.ico', 'https://cdn.sanity.io.evil.example/images/x.png', 'http://127.0.0.1:3100/', '//evil.example/x.png', '%2F%2F', '/%ff', 'data:image/png;base64,AAAA', 'javascript:alert(1)', ''), fc.webSegment()),
    w: fc.oneof(fc.constantFrom('16', '64', '640', '3840', '0', '-1', '1e3', 'x', ''), fc.nat().map(String)),
    q: fc.oneof(fc.constantFrom('75', '0', '101', 'NaN', ''), fc.nat({max: 200}).map(String)),
  })
  .map(({url, w, q}) => `/_next/image?url=${url}&w=${w}&q=${q}`)

const pathArbitrary: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(fc.constantFrom(...PREFIXES), fc.array(segment, {minLength: 0, maxLength: 3}), fc.oneof({weight: 1, arbitrary: fc.constant(true)}, {weight: 4, arbitrary: fc.constant(false)}), query)
      .map(([prefix, segments, slash, search]) => {
        const joined = segments.join('/')
        const base = prefix.endsWith('/') || joined === '' ? prefix : `${prefix}/`
        return `${base}${joined}${slash && joined !== '' ? '/' : ''}${search}`
      }),
  },
  {weight: 2, arbitrary: imagePath},
  // One very long last segment (no trailing slash, so no redirect echoes it).
  {weight: 1, arbitrary: fc.tuple(fc.constantFrom('/', '/blog/', '/api/bookings/', '/studio/', '/images/local/production/', '/_next/static/'), fc.integer({min: 4_000, max: 12_000})).map(([prefix, length]) => `${prefix}${'a'.repeat(length)}`)},
)

/** A header value HTTP can carry (visible Latin-1 and tab; no CR, LF or NUL). */
const headerText = fc.string({unit: fc.oneof(fc.integer({min: 0x20, max: 0x7e}), fc.integer({min: 0xa0, max: 0xff}), fc.constant(9)).map((code) => String.fromCharCode(code)), maxLength: 60})

/** Headers that routers, the framework and proxies read, with random values. */
const HEADER_NAMES = [
  'accept',
  'accept-encoding',
  'accept-language',
  'content-type',
  'cookie',
  'range',
  'if-none-match',
  'if-modified-since',
  'origin',
  'referer',
  'user-agent',
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-url',
  'next-action',
  'next-hmr-refresh',
  'x-middleware-subrequest',
  'x-middleware-prefetch',
  'x-nextjs-data',
  'x-invoke-path',
  'x-invoke-query',
  'x-now-route-matches',
  'x-prerender-revalidate',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'x-edge-client-address',
  'stripe-signature',
  'sanity-webhook-signature',
  'purpose',
  'sec-fetch-dest',
] as const

const HEADER_VALUES = [
  'text/html',
  'application/json',
  'text/x-component',
  '*/*',
  '1',
  '0',
  'gzip, br, deflate, zstd, x-garbage;q=2',
  'bytes=0-0',
  'bytes=-1',
  'bytes=9999999999999999-',
  'bytes=garbage',
  '%5B%22%22%2C%7B%7D%5D',
  '[[[[[',
  'https://evil.example',
  'middleware:middleware:middleware:middleware:middleware',
  'src/middleware:src/middleware:src/middleware:src/middleware:src/middleware',
  'x'.repeat(4_000),
  'a=b; __Host-x=%ff; next-auth=\u00ff',
  '7f4d1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f',
  't=1,v1=x',
  'prefetch',
  '',
] as const

/** The headers of a client-side navigation (an RSC request), its router state well formed or not. */
const navigationHeaders: fc.Arbitrary<[string, string][]> = fc
  .tuple(
    fc.oneof(
      fc.constant(encodeURIComponent(JSON.stringify(['', {children: ['__PAGE__', {}, null, null]}, null, null, true]))),
      fc.jsonValue({maxDepth: 2}).map((value) => encodeURIComponent(JSON.stringify(value))),
      fc.constantFrom(...HEADER_VALUES),
      headerText,
    ),
    fc.boolean(),
  )
  .map(([tree, prefetch]): [string, string][] => [['rsc', '1'], ['next-router-state-tree', tree], ...(prefetch ? ([['next-router-prefetch', '1']] as [string, string][]) : [])])

const headersArbitrary: fc.Arbitrary<Record<string, string>> = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom(...HEADER_NAMES), fc.oneof(fc.constantFrom(...HEADER_VALUES), headerText)), {maxLength: 4}),
    fc.oneof({weight: 5, arbitrary: fc.constant<[string, string][]>([])}, {weight: 1, arbitrary: navigationHeaders}),
  )
  .map(([pairs, navigation]) => Object.fromEntries([...pairs, ...navigation]))

const methodArbitrary: fc.Arbitrary<FuzzMethod> = fc.oneof(
  {weight: 6, arbitrary: fc.constant('GET' as const)},
  {weight: 2, arbitrary: fc.constant('POST' as const)},
  {weight: 1, arbitrary: fc.constantFrom<FuzzMethod>('HEAD', 'PUT', 'DELETE', 'OPTIONS', 'PATCH')},
)

const bodyArbitrary: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', '{}', 'null', '{"a":', '[]', 'a=b&c=%ff', '["$K1"]', '0:["$@1",["x",null]]'),
  fc.jsonValue({maxDepth: 2}).map((value) => JSON.stringify(value)),
  fc.string({unit: 'binary', maxLength: 64}),
)

export const fuzzHttpRequest: fc.Arbitrary<FuzzHttpRequest> = fc
  .record({method: methodArbitrary, path: pathArbitrary, headers: headersArbitrary, body: bodyArbitrary})
  .map(({method, path, headers, body}) => (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? {method, path, headers} : {method, path, headers, body}))

/**
 * The request's absolute URL on the server at `baseURL`, by concatenation: a path such as
 * `//host/x` or `/\\host` stays a path on that server instead of naming another host. Throws if
 * the URL would leave the server (never sent).
 */
export function fuzzUrl(baseURL: string, path: string): string {
  const origin = new URL(baseURL).origin
  const url = `${origin}${path}`
  if (new URL(url).origin !== origin) throw new Error(`${JSON.stringify(path)} would leave ${origin}`)
  return url
}

/** How a request reads in a failure report: JSON, with long runs of one character shortened ('a'×4000). */
export function describeHttpRequest({method, path, headers, body}: FuzzHttpRequest): string {
  const text = `${method} ${JSON.stringify(path)} headers ${JSON.stringify(headers)}${body === undefined ? '' : ` body ${JSON.stringify(body)}`}`
  return text.replace(/(.)\1{39,}/g, (run, char: string) => `${char}…(${char}×${run.length})`)
}
