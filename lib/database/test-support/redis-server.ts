import {spawn, spawnSync, type ChildProcess} from 'node:child_process'
import {existsSync, mkdtempSync, rmSync} from 'node:fs'
import {connect} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {closedPort} from './ports.ts'

/**
 * A throwaway Redis for tests (what REDIS_URL points the app at): Debian's redis-server, which
 * .ci/run installs, on a loopback port, in memory only (no snapshot, no append-only file) in a
 * temporary directory. It can be stopped and started again on the same port, empty, to show what
 * the app does while Redis is down.
 */

export type RedisServer = {
  port: number
  url: string
  /** Stops it (SIGTERM) and waits until it has exited: Redis is down. */
  stop: () => Promise<void>
  /** Starts it again on the same port, empty. */
  start: () => Promise<void>
  /** Stops it for good and removes its directory. */
  dispose: () => Promise<void>
}

function findRedisServer(): string | null {
  for (const candidate of ['/usr/bin/redis-server', '/usr/local/bin/redis-server']) if (existsSync(candidate)) return candidate
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], {encoding: 'utf8'})
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null
}

/** The redis-server binary, or null when it is not installed. */
export const REDIS_SERVER = findRedisServer()

export const REDIS_MISSING = 'redis-server is not installed (apt-get install redis-server; .ci/run installs it)'

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.setTimeout(500)
    socket.once('connect', () => socket.write('PING\r\n'))
    socket.once('data', (data) => {
      socket.destroy()
      resolve(data.toString().startsWith('+PONG'))
    })
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => {
      socket.destroy()
      resolve(false)
    })
  })
}

export async function startRedisServer(options: {port?: number} = {}): Promise<RedisServer> {
  const binary = REDIS_SERVER
  if (!binary) throw new Error(REDIS_MISSING)
  const port = options.port ?? (await closedPort())
  const dir = mkdtempSync(join(tmpdir(), 'redis-test-'))
  let child: ChildProcess | undefined
  let output = ''

  const start = async () => {
    output = ''
    child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {stdio: ['ignore', 'pipe', 'pipe']})
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const deadline = Date.now() + 10_000
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`redis-server exited:\n${output}`)
      if (await answersPing(port)) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error(`redis-server did not answer on port ${port}:\n${output}`)
  }
  const stop = async () => {
    const running = child
    if (!running || running.exitCode !== null || running.signalCode !== null) return
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()))
    running.kill('SIGTERM')
    await exited
  }

  try {
    await start()
  } catch (error) {
    child?.kill('SIGKILL')
    rmSync(dir, {recursive: true, force: true})
    throw error
  }
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    dispose: async () => {
      await stop()
      rmSync(dir, {recursive: true, force: true})
    },
  }
}
