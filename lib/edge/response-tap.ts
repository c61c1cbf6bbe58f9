/**
 * Where the edge sees what Next writes: the response's writeHead, write, end and flushHeaders are
 * taken over once per response, before Next writes anything (Node has no other hook into what a
 * handler sends). When Next's headers are final (its first writeHead, write, end or flushHeaders),
 * `route` decides, once, what happens to the body:
 * - held: kept in memory (up to maxHeldBytes; a page beyond that is a fault, answered 500) until
 *   Next ends it, then `finish` sees it whole and returns the bytes to send (it may set headers);
 * - streamed as it is: the response's own methods are given back, Next writes to it directly;
 * - streamed compressed: each chunk goes through stream-sink.ts, with back-pressure.
 *
 * Loaded by Node directly (scripts/serve.ts): relative imports carry `.ts`, types are erasable.
 */
import type {OutgoingHttpHeaders, ServerResponse} from 'node:http'
import {markEncoded, type Encoding} from './compression.ts'
import {compressingWriter, type BodyWriter} from './stream-sink.ts'

/** The most of one page the edge holds: the site's pages are tens of kilobytes. */
export const MAX_HELD_BYTES = 8 * 1024 * 1024

/** `flushEachTurn`: a page streamed as it renders, whose every piece should reach the browser at once. */
export type Route = {hold: true} | {hold: false; encoding: Encoding | null; flushEachTurn?: boolean}

export interface TapOptions {
  /** Asked once, when Next's status and headers are final. */
  route: () => Route
  /** A held body, whole: the bytes to send (it may set headers). */
  finish: (held: Buffer) => Promise<Buffer>
  maxHeldBytes?: number
  /** A held body outgrew maxHeldBytes. */
  onTooLarge?: () => void
}

type Chunk = string | Uint8Array
type Callback = (error?: Error | null) => void
const METHODS = ['writeHead', 'write', 'end', 'flushHeaders'] as const

/** write(chunk, encoding?, callback?) and end(chunk?, encoding?, callback?) / end(callback), sorted out. */
function bodyArgs(args: unknown[]): {chunk?: Chunk; encoding?: BufferEncoding; callback?: Callback} {
  const callback = args.find((arg): arg is Callback => typeof arg === 'function')
  const [chunk, encoding] = args.filter((arg) => typeof arg !== 'function') as [Chunk | undefined, BufferEncoding | undefined]
  return {chunk: chunk ?? undefined, encoding, callback}
}

/** Applies writeHead's status, reason and headers to the response, as Node would. */
function applyHead(res: ServerResponse, statusCode: number, rest: unknown[]): void {
  res.statusCode = statusCode
  if (typeof rest[0] === 'string') res.statusMessage = rest.shift() as string
  const headers = rest[0] as OutgoingHttpHeaders | unknown[] | undefined
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), headers[i + 1] as string)
  } else if (headers) {
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value)
  }
}

export function tapResponse(res: ServerResponse, {route, finish, maxHeldBytes = MAX_HELD_BYTES, onTooLarge}: TapOptions): void {
  const own = {writeHead: res.writeHead, write: res.write, end: res.end, flushHeaders: res.flushHeaders}
  const writeHead = (status: number) => own.writeHead.call(res, status)
  const send = own.write as (chunk: Chunk, callback?: Callback) => boolean
  const close = own.end as (chunk?: Chunk, callback?: () => void) => ServerResponse
  let state: 'undecided' | 'hold' | 'stream' | 'done' = 'undecided'
  let writer: BodyWriter | null = null
  const chunks: Buffer[] = []
  let heldBytes = 0

  const untap = () => {
    for (const name of METHODS) delete (res as unknown as Record<string, unknown>)[name]
  }
  const decide = () => {
    if (state !== 'undecided') return
    const choice = route()
    if (choice.hold) {
      state = 'hold'
      return
    }
    state = 'stream'
    if (!choice.encoding) return untap()
    markEncoded(res, choice.encoding)
    writer = compressingWriter(res, choice.encoding, {
      send: (chunk) => send.call(res, chunk),
      finish: (callback) => close.call(res, undefined, callback),
      flushEachTurn: choice.flushEachTurn ?? false,
    })
  }
  const tooLarge = () => {
    state = 'done'
    chunks.length = 0
    onTooLarge?.()
    for (const name of ['content-length', 'content-encoding', 'etag', 'content-security-policy']) res.removeHeader(name)
    res.setHeader('Content-Type', 'text/plain; charset=utf-8')
    writeHead(500)
    close.call(res, 'Internal Server Error')
  }
  const collect = (chunk: Chunk | undefined, encoding?: BufferEncoding) => {
    if (chunk === undefined || state !== 'hold') return
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, encoding ?? 'utf8') : Buffer.from(chunk)
    heldBytes += bytes.byteLength
    if (heldBytes > maxHeldBytes) return tooLarge()
    chunks.push(bytes)
  }

  res.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    applyHead(res, statusCode, rest)
    decide()
    if (state === 'stream') writeHead(res.statusCode)
    return res
  } as ServerResponse['writeHead']

  res.flushHeaders = function () {
    decide()
    if (state === 'stream') own.flushHeaders.call(res)
  }

  res.write = function (this: ServerResponse, chunk: Chunk, ...rest: unknown[]) {
    decide()
    const {encoding, callback} = bodyArgs(rest)
    if (state === 'stream') return writer ? writer.write(chunk, encoding, callback) : (own.write as (...a: unknown[]) => boolean).call(res, chunk, ...rest)
    collect(chunk, encoding)
    if (callback) process.nextTick(callback)
    return true
  } as ServerResponse['write']

  res.end = function (this: ServerResponse, ...args: unknown[]) {
    decide()
    if (state === 'stream') {
      if (!writer) return (own.end as (...a: unknown[]) => ServerResponse).apply(res, args)
      const {chunk, encoding, callback} = bodyArgs(args)
      writer.end(chunk, encoding, callback)
      return res
    }
    if (state !== 'hold') return res // ended already (a second end() on Next's error paths, or too large)
    const {chunk, encoding, callback} = bodyArgs(args)
    collect(chunk, encoding)
    if (state !== 'hold') return res
    state = 'done'
    const held = Buffer.concat(chunks)
    chunks.length = 0
    finish(held)
      .catch(() => held)
      .then((body) => {
        if (res.hasHeader('content-length')) res.setHeader('Content-Length', body.byteLength)
        writeHead(res.statusCode)
        close.call(res, res.req?.method === 'HEAD' ? undefined : body, callback)
      })
    return res
  } as ServerResponse['end']
}
