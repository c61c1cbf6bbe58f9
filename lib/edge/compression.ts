/**
 * Compression of what the edge sends (Next's own is off, next.config.ts: it would sit between Next
 * and the edge). A page held whole is compressed in one go (hard, once per version, when it is
 * kept: page-versions.ts); anything streamed goes through a zlib stream as it comes (stream-sink.ts).
 *
 * Loaded by Node directly (scripts/serve.ts): relative imports carry `.ts`, types are erasable.
 */
import type {IncomingMessage, ServerResponse} from 'node:http'
import {brotliCompressSync, constants as zlibConstants, gzipSync} from 'node:zlib'

export type Encoding = 'br' | 'gzip'

/** Answers smaller than this are sent as they are: compressing them saves next to nothing. */
export const MIN_COMPRESSED_BYTES = 1024

/** The encoding to send: brotli, else gzip, when the client accepts it (q=0 refuses). */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const accepted = new Map<string, number>()
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean)
    if (name) accepted.set(name, q === undefined ? 1 : Number(q))
  }
  const wants = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0
  return wants('br') ? 'br' : wants('gzip') ? 'gzip' : null
}

export function appendVary(res: ServerResponse, field: string): void {
  const current = String(res.getHeader('vary') ?? '')
  if (!current.split(',').some((value) => value.trim().toLowerCase() === field.toLowerCase())) {
    res.setHeader('Vary', current ? `${current}, ${field}` : field)
  }
}

/** Text, scripts, JSON, XML and SVG: what compresses; images, fonts and archives already are. */
const COMPRESSIBLE = /^(?:text\/|image\/svg\+xml|application\/(?:json|javascript|x-javascript|ecmascript|xml|rss\+xml|atom\+xml|manifest\+json|ld\+json|wasm)|[^;]*\+(?:json|xml)\b)/i

/** Whether an answer streamed through is worth compressing, going by its headers (known by then). */
export function compressesStream(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304 || res.statusCode < 200) return false
  if (res.hasHeader('content-encoding')) return false
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader('cache-control') ?? ''))) return false
  if (!COMPRESSIBLE.test(String(res.getHeader('content-type') ?? ''))) return false
  const length = res.getHeader('content-length')
  return length === undefined || Number(length) >= MIN_COMPRESSED_BYTES
}

/** Marks the answer as compressed (its length is no longer known). */
export function markEncoded(res: ServerResponse, encoding: Encoding): void {
  res.setHeader('Content-Encoding', encoding)
  res.removeHeader('Content-Length')
  appendVary(res, 'Accept-Encoding')
}

/** Once per kept page version: compress hard. Every time (a page nobody keeps): as cheaply as a stream. */
export function compressWhole(bytes: Buffer, encoding: Encoding, once: boolean): Buffer {
  if (encoding === 'gzip') return gzipSync(bytes, {level: once ? 9 : 6})
  return brotliCompressSync(bytes, {params: {[zlibConstants.BROTLI_PARAM_QUALITY]: once ? 9 : 4}})
}
