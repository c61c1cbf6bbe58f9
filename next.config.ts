import {join} from 'node:path'
import type {NextConfig} from 'next'
import {FILE_CONTENT_SECURITY_POLICY, SECURITY_HEADERS, siteContentSecurityPolicy, studioContentSecurityPolicy} from './lib/edge/security-headers.ts'
import {projectId, studioProjectId} from './studio/env.ts'

const development = process.env.NODE_ENV === 'development'
const sanityProjectId = projectId || undefined

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The edge server (scripts/serve.ts) compresses: it must see each page whole to name its scripts
  // in the Content-Security-Policy, and Next's compression would sit between them.
  compress: false,
  // `npm test` type-checks the whole project before its browser tests build the site; the build
  // need not do it again there. Every other build checks.
  typescript: {ignoreBuildErrors: process.env.BUILD_SKIP_TYPECHECK === 'already-checked'},
  // The embedded booking database loads its WebAssembly and data files from its own package
  // directory at run time: keep it a plain Node require instead of bundling it.
  serverExternalPackages: ['@electric-sql/pglite', 'twilio'],
  // Rendered pages and content reads: kept only for addresses that exist, and shared by every server
  // process through Redis when REDIS_URL is set (lib/page-cache/cache-handler.ts, loaded by Node at
  // run time; the server starts from the project directory).
  cacheHandler: join(process.cwd(), 'lib', 'page-cache', 'cache-handler.ts'),
  // app/global-not-found.tsx: the 404 page for unmatched addresses, kept out of every page's HTML.
  // app/office: forbidden() answers a member of staff on an owner's page with 403 (app/office/forbidden.tsx).
  experimental: {
    // Each page's CSS comes inside its HTML, not as stylesheets the first paint waits for.
    inlineCss: true,
    globalNotFound: true,
    preloadEntriesOnStart: false,
    authInterrupts: true,
    // Turbopack's cache on disk makes the next build of this checkout faster, and costs this one:
    // the browser tests' build (NEXT_BUILD_FILESYSTEM_CACHE=off, playwright.config.ts) is the only
    // build of a fresh clone under `npm test`, and writing the cache took it from 88 s to 124 s of
    // CPU (measured), with the build waiting for the write before it ends.
    turbopackFileSystemCacheForBuild: process.env.NEXT_BUILD_FILESYSTEM_CACHE !== 'off',
    // The most of a request's body Next buffers for proxy.ts (10 MB unless said): the office's cap
    // (lib/office/shared/route-input.ts). proxy.ts runs only for requests without a body, so this is a
    // second line should its matcher ever let one through.
    proxyClientMaxBodySize: 32 * 1024,
  },
  images: {
    // Content images never pass through Next's optimiser: ContentImage asks Sanity's CDN (or the local
    // dataset's stand-in, app/images) for each size itself. Only files in public/ may, without a query.
    localPatterns: [{pathname: '/**', search: ''}],
  },
  // Every route's security headers. The Content-Security-Policy here allows any inline script (what
  // `next dev` or a bare `next start` can do); the edge server replaces it on each page with one
  // naming that page's scripts by hash, and on every other answer but JavaScript with one that lets
  // nothing run (lib/edge/server.ts). The image and icon routes get that one here too (the last rule
  // that sets a header wins), so an SVG opened on its own runs nothing under `next dev` either.
  async headers() {
    const filePolicy = [{key: 'Content-Security-Policy', value: FILE_CONTENT_SECURITY_POLICY}]
    return [
      {source: '/:path*', headers: [...SECURITY_HEADERS, {key: 'Content-Security-Policy', value: siteContentSecurityPolicy({sanityProjectId, development})}]},
      {source: '/studio/:path*', headers: [{key: 'Content-Security-Policy', value: studioContentSecurityPolicy({sanityProjectId, studioProjectId, development})}]},
      ...['/images/:path*', '/icons.svg', '/icon.svg', '/favicon.ico', '/_next/image'].map((source) => ({source, headers: filePolicy})),
    ]
  },
  async rewrites() {
    return [
      // The old article addresses /blog1 … /blog6: the article page looks the number up and answers
      // 308 to /blog/{slug} (as it does for /blog/3). Checked before dynamic routes such as /[service].
      {source: '/blog:number(\\d{1,3})', destination: '/blog/:number'},
      // The Studio is one client-side app: every deep link (/studio/structure/…) is its one page,
      // cached once rather than once per address anyone makes up.
      {source: '/studio/:path+', destination: '/studio'},
      // Browsers and crawlers that ask for the classic address get the site's icon (app/icon.svg).
      {source: '/favicon.ico', destination: '/icon.svg'},
    ]
  },
}

export default nextConfig
