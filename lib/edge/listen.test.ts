import type {Server} from 'node:http'
import {connect, type AddressInfo, type Socket} from 'node:net'
import {networkInterfaces} from 'node:os'
import {afterEach, describe, expect, it} from 'vitest'
import {CLIENT_TIMEOUTS, createSiteServer, DEFAULT_LISTEN_HOST, listenAddress} from './listen'

/** This machine's first address that is not loopback, if it has one. */
const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve)))))
})

function listening(server: Server, host: string): Promise<number> {
  servers.push(server)
  return new Promise((resolve) => server.listen(0, host, () => resolve((server.address() as AddressInfo).port)))
}

/** What the server sent before it closed the connection, and when it closed (ms after `start`), within `boundMs`. */
function untilClosed(socket: Socket, start: number, boundMs: number): Promise<{answer: string; closedAfterMs: number}> {
  return new Promise((resolve, reject) => {
    let answer = ''
    const bound = setTimeout(() => reject(new Error(`still open after ${boundMs} ms`)), boundMs)
    socket.on('data', (chunk) => (answer += chunk.toString()))
    socket.on('error', () => {})
    socket.on('close', () => {
      clearTimeout(bound)
      resolve({answer, closedAfterMs: Date.now() - start})
    })
  })
}

/** Client time limits short enough that a slow client is cut within a test. */
const SHORT_TIMEOUTS = {headersTimeout: 300, requestTimeout: 600, keepAliveTimeout: 5_000, connectionsCheckingInterval: 50}

/**
 * A slow client: connects to `port`, sends `opening`, then `drip` every 50 ms (always busy, never
 * done) until the server closes the connection, within 3 s.
 */
function trickleUntilClosed(port: number, opening: string, drip: string): Promise<{answer: string; closedAfterMs: number}> {
  const socket = connect(port, '127.0.0.1')
  const closed = untilClosed(socket, Date.now(), 3_000)
  socket.write(opening)
  const trickle = setInterval(() => socket.writable && socket.write(drip), 50)
  return closed.finally(() => clearInterval(trickle))
}

describe('where the production server listens', () => {
  it('is loopback unless a host is given, whatever HOSTNAME the shell or container set', () => {
    expect(DEFAULT_LISTEN_HOST).toBe('127.0.0.1')
    expect(listenAddress([], {})).toEqual({port: 3000, host: '127.0.0.1'})
    expect(listenAddress(['-p', '3100'], {HOSTNAME: 'cleaning-web-7f9c'})).toEqual({port: 3100, host: '127.0.0.1'})
    expect(listenAddress(['-p', '3100', '-H', '0.0.0.0'], {})).toEqual({port: 3100, host: '0.0.0.0'})
    expect(listenAddress(['--hostname=::', '--port=8080'], {})).toEqual({port: 8080, host: '::'})
    expect(listenAddress([], {LISTEN_HOST: '0.0.0.0', PORT: '4000'})).toEqual({port: 4000, host: '0.0.0.0'})
    expect(() => listenAddress(['-p', 'http'], {})).toThrow(/port/)
  })

  it.skipIf(!networkAddress)('on the default host, another machine cannot connect (this machine’s network address is refused)', async () => {
    const port = await listening(createSiteServer((_req, res) => res.end('ok')), listenAddress([], {HOSTNAME: 'cleaning-web-7f9c'}).host)
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(port, networkAddress!)
      socket.on('connect', () => (socket.destroy(), resolve('connected')))
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
    })
    expect(refused).toBe('ECONNREFUSED')
    const answer = await fetch(`http://127.0.0.1:${port}/`)
    expect(await answer.text()).toBe('ok')
  })
})

describe('slow clients', () => {
  it('wait at most 10 s for headers and 30 s for a request, and outlive a proxy’s 60 s idle connections', () => {
    const server = createSiteServer(() => {})
    servers.push(server)
    expect(server.headersTimeout).toBe(10_000)
    expect(server.requestTimeout).toBe(30_000)
    expect(server.keepAliveTimeout).toBe(65_000)
    expect(CLIENT_TIMEOUTS.connectionsCheckingInterval).toBeLessThanOrEqual(1_000)
  })

  it('a client that trickles its headers is answered 408 and cut when the headers time is up', async () => {
    let handled = false
    const port = await listening(
      createSiteServer((_req, res) => ((handled = true), res.end('ok')), SHORT_TIMEOUTS),
      '127.0.0.1',
    )
    // One header line every 50 ms.
    const {answer, closedAfterMs} = await trickleUntilClosed(port, 'GET / HTTP/1.1\r\nHost: localhost\r\n', 'X-Slow: y\r\n')
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(closedAfterMs).toBeGreaterThanOrEqual(250)
    expect(closedAfterMs).toBeLessThan(1_500)
    expect(handled).toBe(false)
  })

  it('a client that sends headers but trickles its body is cut when the request time is up', async () => {
    const port = await listening(
      createSiteServer((req, res) => {
        req.resume()
        req.on('end', () => res.end('ok'))
      }, SHORT_TIMEOUTS),
      '127.0.0.1',
    )
    const opening = 'POST /api/bookings HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{'
    const {answer, closedAfterMs} = await trickleUntilClosed(port, opening, ' ')
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(closedAfterMs).toBeGreaterThanOrEqual(550)
    expect(closedAfterMs).toBeLessThan(2_000)
  })
})
