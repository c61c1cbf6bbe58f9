import {randomBytes} from 'node:crypto'
import {createServer, get, type IncomingMessage, type ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'
import {createBrotliDecompress} from 'node:zlib'
import {afterEach, describe, expect, it} from 'vitest'
import {tapResponse, type Route} from './response-tap'

/** A server whose handler taps each response with `route`, then lets `write` answer. */
async function serve(route: Route, write: (res: ServerResponse) => Promise<void> | void, options: {maxHeldBytes?: number} = {}) {
  const server = createServer((req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    tapResponse(res, {route: () => route, finish: async (held) => Buffer.concat([Buffer.from('held:'), held]), maxHeldBytes: options.maxHeldBytes})
    void write(res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
}
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

/** Opens the answer, not reading it until told. */
function open(url: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => get(url, {headers: {'accept-encoding': 'br'}}, (res) => (res.pause(), resolve(res))).on('error', reject))
}
const readAll = (stream: NodeJS.ReadableStream) => new Promise<Buffer>((resolve, reject) => {
  const chunks: Buffer[] = []
  stream.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject)
})

/**
 * Writes `total` bytes in 64 kB pieces, as Next does: on false, waits for 'drain'. Reports when a
 * write first returned false, and how much had been written by then.
 */
function writeWithBackPressure(total: number, body: Buffer, state: {refusedAt?: number; done?: boolean}) {
  return async (res: ServerResponse) => {
    let written = 0
    while (written < total) {
      const piece = body.subarray(written, written + 65536)
      written += piece.byteLength
      if (!res.write(piece)) {
        state.refusedAt ??= written
        await new Promise((resolve) => res.once('drain', resolve))
      }
    }
    res.end()
    state.done = true
  }
}

describe('the response tap', () => {
  for (const encoding of [null, 'br'] as const) {
    it(`passes back-pressure on to the writer while the client does not read (${encoding ?? 'uncompressed'})`, async () => {
      const total = 16 * 1024 * 1024
      const body = randomBytes(total)
      const state: {refusedAt?: number; done?: boolean} = {}
      const url = await serve({hold: false, encoding}, writeWithBackPressure(total, body, state))
      const res = await open(url)
      await expect.poll(() => state.refusedAt).toBeDefined()
      // Refused long before the whole body was taken into memory, and still waiting.
      expect(state.refusedAt!).toBeLessThan(total / 2)
      expect(state.done).toBeUndefined()
      const received = await readAll(encoding ? res.pipe(createBrotliDecompress()) : (res.resume(), res))
      expect(res.headers['content-encoding']).toBe(encoding ?? undefined)
      expect(received.equals(body)).toBe(true)
      expect(state.done).toBe(true)
    }, 60_000)
  }

  it('holds a page until it ends and sends what finish made of it, with its length', async () => {
    const url = await serve({hold: true}, async (res) => {
      res.writeHead(200, {'Content-Length': '5'})
      res.write('ab')
      await new Promise((resolve) => setImmediate(resolve))
      res.end('cde')
      res.end() // Next's error paths may end twice
    })
    const res = await open(url)
    expect(res.headers['content-length']).toBe('10')
    expect((await readAll((res.resume(), res))).toString()).toBe('held:abcde')
  })

  it('answers 500 rather than hold a page beyond its limit', async () => {
    const url = await serve({hold: true}, (res) => {
      for (let i = 0; i < 10; i++) res.write('x'.repeat(1000))
      res.end()
    }, {maxHeldBytes: 5000})
    const res = await open(url)
    expect(res.statusCode).toBe(500)
    expect((await readAll((res.resume(), res))).toString()).toBe('Internal Server Error')
  })
})
