import {spawn, type ChildProcess} from 'node:child_process'
import {existsSync, mkdtempSync, rmSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {closedPort} from '../../database/test-support/ports.ts'

/**
 * A throwaway Redis server for tests: Debian's redis-server on a free loopback port, in a temporary
 * directory, with nothing saved to disk (`--save '' --appendonly no`); stopped and deleted at the end.
 */

export const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((file) => existsSync(file)) ?? null

export type RedisServer = {url: string; port: number; stop(): Promise<void>}

export async function startRedisServer(): Promise<RedisServer> {
  if (!REDIS_SERVER) throw new Error('redis-server is not installed (apt-get install redis-server)')
  const dir = mkdtempSync(path.join(os.tmpdir(), 'redis-test-'))
  const port = await closedPort()
  const child: ChildProcess = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--loglevel', 'notice'],
    {stdio: ['ignore', 'pipe', 'pipe']},
  )
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start within 10 s:\n${output}`)), 10_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`redis-server exited with ${code}:\n${output}`))
    })
  }).catch((error: unknown) => {
    child.kill('SIGKILL')
    rmSync(dir, {recursive: true, force: true})
    throw error
  })
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      rmSync(dir, {recursive: true, force: true})
    },
  }
}
