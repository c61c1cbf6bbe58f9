import {spawn} from 'node:child_process'
import {createServer, request, type IncomingMessage, type Server} from 'node:http'
import {connect} from 'node:net'
import path from 'node:path'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {shutdownGraceMs, stopAccepting, trackRequests} from './graceful-stop'

vi.setConfig({testTimeout: 20_000})

/**
 * The production server's graceful stop on a real HTTP server: requests in flight finish, new
 * connections are refused, idle keep-alive connections do not hold the stop, and what is still
 * unfinished after the grace is cut. And the whole sequence in a real process on SIGTERM.
 */

let server: Server | undefined

afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => (server?.listening ? server.close(resolve) : resolve(undefined)))
  server = undefined
})

/** A server that answers each request with the length of its body, once the body has arrived. */
async function echoServer(): Promise<{port: number; inFlight: ReturnType<typeof trackRequests>}> {
  server = createServer((req, res) => {
    let length = 0
    req.on('data', (chunk: Buffer) => (length += chunk.length))
    req.on('end', () => res.end(`received ${length} bytes`))
  })
  // Longer than any test: a stop that waited for idle connections to time out would fail the test.
  server.keepAliveTimeout = 60_000
  const inFlight = trackRequests(server)
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return {port: (server.address() as {port: number}).port, inFlight}
}

function answer(req: ReturnType<typeof request>): Promise<{status: number; body: string; connection: string | undefined}> {
  return new Promise((resolve, reject) => {
    req.on('response', (res: IncomingMessage) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({status: res.statusCode ?? 0, body, connection: res.headers.connection}))
    })
    req.on('error', reject)
  })
}

function refused(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.on('connect', () => {
      socket.destroy()
      resolve('connected')
    })
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
  })
}

describe('stopAccepting', () => {
  it('lets a request whose body is still being sent finish, refuses new connections, and resolves once it has', async () => {
    const {port, inFlight} = await echoServer()
    const slow = request({port, host: '127.0.0.1', method: 'POST', path: '/slow', headers: {'content-length': '10'}})
    const answered = answer(slow)
    slow.write('hello')
    await vi.waitFor(() => expect(inFlight.size).toBe(1))
    let stopped = false
    const stopping = stopAccepting(server!, 10_000, inFlight).then((result) => {
      stopped = true
      return result
    })
    expect(await refused(port)).toBe('ECONNREFUSED')
    expect(stopped).toBe(false)
    slow.end('world')
    expect(await answered).toEqual({status: 200, body: 'received 10 bytes', connection: 'close'})
    expect(await stopping).toEqual({cut: 0})
  })

  it('closes an event stream (the preview feed of content changes) at once instead of waiting the grace for it', async () => {
    server = createServer((req, res) => {
      res.writeHead(200, {'content-type': 'text/event-stream', 'cache-control': 'no-store'})
      res.write('event: ready\ndata: {}\n\n')
    })
    const inFlight = trackRequests(server)
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    const {port} = server.address() as {port: number}
    const feed = request({port, host: '127.0.0.1', path: '/api/draft-mode/changes', headers: {accept: 'text/event-stream'}})
    const ended = new Promise<string>((resolve) => {
      feed.on('response', (res: IncomingMessage) => {
        res.on('data', () => {})
        res.on('close', () => resolve('closed'))
      })
      feed.on('error', () => resolve('closed'))
    })
    feed.end()
    await vi.waitFor(() => expect(inFlight.size).toBe(1))
    const startedAt = performance.now()
    expect(await stopAccepting(server, 10_000, inFlight)).toEqual({cut: 0})
    expect(performance.now() - startedAt).toBeLessThan(2_000)
    expect(await ended).toBe('closed')
  })

  it('does not wait for idle keep-alive connections to time out', async () => {
    const {port, inFlight} = await echoServer()
    const agent = new (await import('node:http')).Agent({keepAlive: true})
    const first = request({port, host: '127.0.0.1', method: 'POST', path: '/', agent, headers: {'content-length': '2'}})
    const firstAnswer = answer(first)
    first.end('ok')
    expect((await firstAnswer).connection).toBe('keep-alive')
    // The connection stays open, idle, in the agent.
    expect(await stopAccepting(server!, 10_000, inFlight)).toEqual({cut: 0})
    agent.destroy()
  })

  it('cuts what is still unfinished when the grace is over', async () => {
    const {port, inFlight} = await echoServer()
    const stuck = request({port, host: '127.0.0.1', method: 'POST', path: '/', headers: {'content-length': '100'}})
    const outcome = answer(stuck).catch((error: NodeJS.ErrnoException) => error.code)
    stuck.write('never finished')
    await vi.waitFor(() => expect(inFlight.size).toBe(1))
    expect(await stopAccepting(server!, 100, inFlight)).toEqual({cut: 1})
    expect(await outcome).toBe('ECONNRESET')
  })
})

describe('stopGracefullyOnSignals in a process', () => {
  it('on SIGTERM: stops serving, runs the stop steps in order (work before the database), exits 0', async () => {
    const dir = import.meta.dirname
    const script = `
      import {createServer} from 'node:http'
      const {stopGracefullyOnSignals} = await import(${JSON.stringify(path.join(dir, 'graceful-stop.ts'))})
      const {registerShutdownStep} = await import(${JSON.stringify(path.join(dir, 'shutdown.ts'))})
      const server = createServer((req, res) => res.end('ok'))
      stopGracefullyOnSignals(server, {graceMs: 5000})
      // Registered the way the services do, the database first: the phases decide the order.
      registerShutdownStep('database', 'database', async () => console.log('step: database closed'))
      registerShutdownStep('outbox', 'work', async () => {
        await new Promise((resolve) => setImmediate(resolve))
        console.log('step: outbox handed back')
      })
      server.listen(0, '127.0.0.1', () => console.log('listening'))
    `
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {stdio: ['ignore', 'pipe', 'pipe']})
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    await vi.waitFor(() => expect(out).toContain('listening'), {timeout: 10_000})
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    const steps = out.split('\n').filter((line) => line.startsWith('step:') || line.includes('[server]'))
    expect(steps).toEqual([
      '[server] SIGTERM: not accepting new connections; finishing the requests in flight (up to 5 s)',
      'step: outbox handed back',
      'step: database closed',
      '[server] Stopped',
    ])
  })
})

describe('shutdownGraceMs', () => {
  it('is SHUTDOWN_GRACE_SECONDS, else 15 s', () => {
    expect(shutdownGraceMs({SHUTDOWN_GRACE_SECONDS: '25'})).toBe(25_000)
    expect(shutdownGraceMs({SHUTDOWN_GRACE_SECONDS: 'soon'})).toBe(15_000)
    expect(shutdownGraceMs({})).toBe(15_000)
  })
})
