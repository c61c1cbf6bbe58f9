import {spawn, spawnSync, type ChildProcess} from 'node:child_process'
import {existsSync, mkdtempSync, rmSync} from 'node:fs'
import {connect} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

/**
 * A real Redis (Debian's redis-server, which .ci/run installs) on a loopback port, in memory only
 * (no snapshot, no append-only file) in a temporary directory: what REDIS_URL points the servers at.
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

/** The redis-server binary, or null when it is not installed. */
export function redisServerBinary(): string | null {
  for (const candidate of ['/usr/bin/redis-server', '/usr/local/bin/redis-server']) if (existsSync(candidate)) return candidate
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], {encoding: 'utf8'})
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null
}

export const REDIS_MISSING = 'redis-server is not installed (apt-get install redis-server; .ci/run installs it): the shared page cache across processes is not tested here'

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

export async function startRedis(binary: string, port: number): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-redis-'))
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

  await start()
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
