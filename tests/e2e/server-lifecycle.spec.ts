import {randomUUID} from 'node:crypto'
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {request as httpRequest, type IncomingMessage} from 'node:http'
import {connect} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {expect, test} from './support/test'
import {freePort, killServer, ROOT, startServer, waitUntilServing, type PrivateServer} from './support/private-server'

/**
 * Several servers, one database, on production servers of their own (scripts/serve.ts)
 * sharing one embedded database directory: a second server refuses to start on it; a server killed
 * with SIGKILL does not keep the next one out; SIGTERM stops a server gracefully (the request in
 * flight finishes, new connections are refused, the database closes and releases the directory,
 * exit code 0), also once nobody reads its output.
 */

test.describe('production servers on one embedded database directory', () => {
  test.describe.configure({mode: 'serial'})
  let dataDir = ''
  let first: PrivateServer | undefined
  let second: PrivateServer | undefined
  let third: PrivateServer | undefined

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    dataDir = mkdtempSync(join(tmpdir(), 'server-lifecycle-'))
    first = startServer({port: await freePort(), dataDir})
    await waitUntilServing(first, 90_000)
  })

  test.afterAll(async () => {
    for (const server of [first, second, third]) if (server) await killServer(server.child, 'SIGKILL')
    if (dataDir) rmSync(dataDir, {recursive: true, force: true})
  })

  test('the server says at start-up that the embedded database serves it alone', async () => {
    expect(first!.output()).toContain(`[database] The embedded database (PGlite in ${dataDir}) serves this one process only`)
    expect(first!.output()).toContain('To run several server processes, use Supabase/PostgreSQL.')
  })

  test('a second server on the same directory refuses to start, naming the directory and the first server', async () => {
    test.setTimeout(60_000)
    second = startServer({port: await freePort(), dataDir})
    const code = await new Promise<number | null>((resolve) => second!.child.once('exit', (exitCode) => resolve(exitCode)))
    expect(code).not.toBe(0)
    expect(second.output()).toContain(`[database] Not starting: The embedded database in ${dataDir} is in use by another process (pid ${first!.child.pid}`)
    // The first server keeps serving, its database untouched.
    const health = await fetch(`${first!.baseUrl}/api/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toMatchObject({status: 'ok', database: 'ok'})
  })

  test('a server killed with SIGKILL leaves a lock that does not keep the next server out', async () => {
    test.setTimeout(120_000)
    await killServer(first!.child, 'SIGKILL')
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(true)
    third = startServer({port: await freePort(), dataDir})
    await waitUntilServing(third, 90_000)
    expect(third.output()).toContain(`[database] Took over the lock left by process ${first!.child.pid}`)
    await expect.poll(async () => (await fetch(`${third!.baseUrl}/api/health`)).status, {timeout: 30_000}).toBe(200)
  })

  test('SIGTERM: the request in flight finishes, new connections are refused, the directory is released, exit code 0', async () => {
    test.setTimeout(60_000)
    const server = third!
    const body = JSON.stringify({
      submissionKey: randomUUID(),
      name: 'Graceful Stop',
      email: `graceful-${randomUUID()}@example.com`,
      phone: '4255550100',
      message: 'Sent while the server stops.',
      page: {path: '/contact'},
    })
    // A request whose body is still on its way: `Expect: 100-continue` tells us when the server has
    // taken the request in (it answers 100 Continue) before the body is sent.
    const inFlight = httpRequest(`${server.baseUrl}/api/contact-messages`, {
      method: 'POST',
      headers: {'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue'},
    })
    const answered = new Promise<{status: number; body: string}>((resolve, reject) => {
      inFlight.on('response', (res: IncomingMessage) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk.toString()))
        res.on('end', () => resolve({status: res.statusCode ?? 0, body: text}))
      })
      inFlight.on('error', reject)
    })
    const accepted = new Promise<void>((resolve) => inFlight.once('continue', () => resolve()))
    inFlight.flushHeaders()
    await accepted
    inFlight.write(body.slice(0, 20))

    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)))
    process.kill(server.child.pid!, 'SIGTERM')
    await expect.poll(() => server.output()).toContain('[server] SIGTERM: not accepting new connections')
    // A new connection is refused at once (a load balancer tries another process).
    await expect
      .poll(
        () =>
          new Promise<string>((resolve) => {
            const socket = connect(server.port, '127.0.0.1')
            socket.once('connect', () => {
              socket.destroy()
              resolve('connected')
            })
            socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
          }),
      )
      .toBe('ECONNREFUSED')
    expect(server.child.exitCode).toBeNull()

    inFlight.end(body.slice(20))
    const answer = await answered
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toMatchObject({ok: true})
    expect(await exited).toBe(0)
    expect(server.output()).toContain('[server] Stopped')
    // The database closed and let the directory go.
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false)
  })
})

test('whoever read its output went away: the server keeps serving, and SIGTERM still stops it with exit code 0', async () => {
  test.setTimeout(120_000)
  const dataDir = mkdtempSync(join(tmpdir(), 'server-output-'))
  const server = startServer({port: await freePort(), dataDir})
  try {
    await waitUntilServing(server, 90_000)
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)))
    // A log collector restarting, or the shell that started the server closing.
    server.child.stdout?.destroy()
    server.child.stderr?.destroy()
    // Requests that make it write to its log.
    expect((await fetch(`${server.baseUrl}/api/bookings`, {method: 'POST', headers: {'content-type': 'application/json'}, body: '{'})).status).toBe(400)
    expect((await fetch(`${server.baseUrl}/no-such-page`)).status).toBe(404)
    expect((await fetch(`${server.baseUrl}/cancel`)).status).toBe(200)
    process.kill(server.child.pid!, 'SIGTERM')
    // Spinning on its own log, a server never reaches its signal handler.
    const stillRunning = new Promise<string>((resolve) => setTimeout(() => resolve('still running 30 s after SIGTERM'), 30_000).unref())
    expect(await Promise.race([exited, stillRunning])).toBe(0)
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false)
  } finally {
    await killServer(server.child, 'SIGKILL')
    rmSync(dataDir, {recursive: true, force: true})
  }
})

test.describe('GET /api/health', () => {
  test('answers the load balancer: ok, the database answers, the oldest unsent e-mail, the version; never cached', async ({request}) => {
    const response = await request.get('/api/health')
    expect(response.status()).toBe(200)
    expect(response.headers()['cache-control']).toBe('no-store')
    const report = await response.json()
    expect(Object.keys(report).sort()).toEqual(['database', 'oldestUnsentEmailSeconds', 'status', 'version'])
    expect(report).toMatchObject({status: 'ok', database: 'ok'})
    expect(report.oldestUnsentEmailSeconds === null || Number.isInteger(report.oldestUnsentEmailSeconds)).toBe(true)
    const {version} = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {version: string}
    expect(report.version).toBe(`${version}+${readFileSync(join(ROOT, '.next', 'BUILD_ID'), 'utf8').trim()}`)
  })
})
