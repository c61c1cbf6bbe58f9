/**
 * The first step of the edge: requests Next would mishandle are answered or reshaped here.
 * - A request target that is not a path (`http://host/…`, `*`, `host:port`): 400. A browser sends
 *   nothing else to a site; the absolute form is for proxies.
 * - A path that does not decode (`/%ff`): Next 16 throws on it before any app code runs and answers
 *   a bare 500; it is asked for NOT_FOUND_PATH instead, so the visitor gets the 404 page.
 * - A router state header Next cannot read (router-state.ts): 400 rather than Next's 500.
 * - A page's validators (If-None-Match, If-Modified-Since) are dropped: a page's policy names its
 *   scripts, and a 304 would keep the headers the browser stored with another version of it.
 *
 * Loaded by Node directly (scripts/serve.ts): relative imports carry `.ts`, types are erasable.
 */
import type {IncomingMessage, ServerResponse} from 'node:http'
import {isReadableRouterState} from './router-state.ts'
import {FILE_CONTENT_SECURITY_POLICY, SECURITY_HEADERS} from './security-headers.ts'

/** An address no route matches, one segment deeper than the [service] route: Next renders its 404 page in full. */
export const NOT_FOUND_PATH = '/_edge/not-found'

/** Whether a request target is a path (origin form, `/…`). */
export function isOriginForm(url: string | undefined): boolean {
  return url !== undefined && url.startsWith('/')
}

/** Whether a request path decodes: Next's router throws URIError on a malformed percent-escape. */
export function isDecodablePath(url: string): boolean {
  try {
    decodeURIComponent(url.split('?', 1)[0])
    return true
  } catch {
    return false
  }
}

/** The headers of an answer the edge gives itself (Next, which adds the site's headers, never sees the request). */
const REFUSAL_HEADERS = {
  ...Object.fromEntries(SECURITY_HEADERS.map(({key, value}) => [key, value])),
  'Content-Type': 'text/plain; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': FILE_CONTENT_SECURITY_POLICY,
}

/** A request the edge lets through: the path asked for, and whether it was replaced by NOT_FOUND_PATH. */
export type CheckedRequest = {requestedPath: string; pathname: string; rewritten: boolean}

/** Answers a request Next must not see (and returns null), or readies it for Next. */
export function checkRequest(req: IncomingMessage, res: ServerResponse): CheckedRequest | null {
  if (!isOriginForm(req.url)) {
    res.writeHead(400, {...REFUSAL_HEADERS, Connection: 'close'})
    res.end('Bad Request: the request target must be a path')
    return null
  }
  const requestedPath = req.url!.split('?', 1)[0]
  const rewritten = !isDecodablePath(req.url!)
  if (rewritten) req.url = NOT_FOUND_PATH
  if (!isReadableRouterState(req.headers['next-router-state-tree'])) {
    res.writeHead(400, REFUSAL_HEADERS)
    res.end('Bad Request: unreadable Next-Router-State-Tree header')
    return null
  }
  if (req.headers['sec-fetch-dest'] === 'document' || req.headers.accept?.includes('text/html')) {
    delete req.headers['if-none-match']
    delete req.headers['if-modified-since']
  }
  return {requestedPath, pathname: req.url!.split('?', 1)[0], rewritten}
}
