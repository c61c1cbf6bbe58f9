/**
 * An answer the edge lets through as Next writes it, compressed on the way when asked: each chunk
 * goes into a zlib stream whose output is written to the response. Back-pressure holds end to end:
 * write() returns false while zlib's input is full, the response emits 'drain' when it empties, and
 * zlib's output waits while the socket is full. In a page streamed as it renders, what was written
 * in one turn of the event loop is flushed at its end, so a Suspense fallback reaches the browser
 * before the data behind it is read (zlib would otherwise keep up to 16 kB until the page ends);
 * once per turn, not per chunk: React writes in many small pieces.
 *
 * Loaded by Node directly (scripts/serve.ts): relative imports carry `.ts`, types are erasable.
 */
import type {ServerResponse} from 'node:http'
import {constants as zlibConstants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip} from 'node:zlib'
import type {Encoding} from './compression.ts'

type Chunk = string | Uint8Array
type Callback = (error?: Error | null) => void
export type BodyWriter = {
  write: (chunk: Chunk, encoding: BufferEncoding | undefined, callback: Callback | undefined) => boolean
  end: (chunk: Chunk | undefined, encoding: BufferEncoding | undefined, callback: Callback | undefined) => void
}

/** Writes through a zlib stream into `send`/`finish` (the response's own write and end); `flushEachTurn` for a page streamed as it renders. */
export function compressingWriter(
  res: ServerResponse,
  encoding: Encoding,
  {send, finish, flushEachTurn}: {send: (chunk: Buffer) => boolean; finish: (callback?: () => void) => void; flushEachTurn: boolean},
): BodyWriter {
  const zlib: BrotliCompress | Gzip =
    encoding === 'br' ? createBrotliCompress({params: {[zlibConstants.BROTLI_PARAM_QUALITY]: 4}}) : createGzip({level: 6})
  const flushKind = encoding === 'br' ? zlibConstants.BROTLI_OPERATION_FLUSH : zlibConstants.Z_SYNC_FLUSH
  let endCallback: Callback | undefined
  let flushing = false

  zlib.on('data', (chunk: Buffer) => {
    if (!send(chunk)) zlib.pause()
  })
  // The socket emptied (its own 'drain', not the one forwarded below, after which it may still be full).
  res.on('drain', () => {
    if (zlib.isPaused() && !res.writableNeedDrain) zlib.resume()
  })
  // zlib took what it was given: whoever writes may go on.
  zlib.on('drain', () => res.emit('drain'))
  zlib.on('end', () => finish(() => endCallback?.()))
  zlib.on('error', (error) => res.destroy(error))
  res.once('close', () => {
    if (!zlib.writableEnded) zlib.destroy()
  })

  const flushSoon = () => {
    if (flushing || !flushEachTurn) return
    flushing = true
    setImmediate(() => {
      flushing = false
      if (!zlib.writableEnded && !zlib.destroyed) zlib.flush(flushKind)
    })
  }
  return {
    write(chunk, chunkEncoding, callback) {
      const ok = zlib.write(typeof chunk === 'string' ? Buffer.from(chunk, chunkEncoding ?? 'utf8') : chunk, callback)
      flushSoon()
      return ok
    },
    end(chunk, chunkEncoding, callback) {
      endCallback = callback
      if (chunk !== undefined && chunk !== null) zlib.write(typeof chunk === 'string' ? Buffer.from(chunk, chunkEncoding ?? 'utf8') : chunk)
      zlib.end()
    },
  }
}
