import {spawn, type ChildProcess} from 'node:child_process'
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {DataDirectoryInUseError, LOCK_FILE_NAME, lockDataDirectory, processStartTime} from './pglite-lock'
import {openPgliteDatabase} from './pglite-open'
import {migratedImage, PGLITE_SETUP_TIMEOUT} from './test-support/temp-pglite'

vi.setConfig({testTimeout: 60_000})

/**
 * The embedded database's data directory belongs to one process at a time: a second process is
 * refused with a message naming the directory and the holder, the lock goes when the holder closes
 * or ends, and a lock left by a killed process (or by a process whose id was reused since) is
 * taken over. The holders here are real Node processes.
 */

const LOCK_MODULE = path.join(import.meta.dirname, 'pglite-lock.ts')
const dirs: string[] = []
const children: ChildProcess[] = []

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pglite-lock-'))
  dirs.push(dir)
  return dir
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  for (const dir of dirs.splice(0)) rmSync(dir, {recursive: true, force: true})
})

/** Another process that takes the lock of `dir` and keeps it until it ends (`then`: what it does after). */
async function holder(dir: string, then = ''): Promise<ChildProcess> {
  const script = `
    const {lockDataDirectory} = await import(${JSON.stringify(LOCK_MODULE)})
    lockDataDirectory(${JSON.stringify(dir)})
    process.stdout.write('locked\\n')
    ${then}
    setInterval(() => {}, 1000)
  `
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {stdio: ['pipe', 'pipe', 'pipe']})
  children.push(child)
  await new Promise<void>((resolve, reject) => {
    let out = ''
    let err = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('locked')) resolve()
    })
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()))
    child.once('exit', (code) => reject(new Error(`The holder exited (${code}): ${err}`)))
  })
  return child
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

describe('the data directory lock', () => {
  it('refuses a second process while the first is running, naming the directory and the holder', async () => {
    const dir = tempDir()
    const first = await holder(dir)
    let refusal: unknown
    try {
      lockDataDirectory(dir)
    } catch (error) {
      refusal = error
    }
    expect(refusal).toBeInstanceOf(DataDirectoryInUseError)
    const message = (refusal as Error).message
    expect(message).toContain(dir)
    expect(message).toContain(`pid ${first.pid} on ${os.hostname()}`)
    expect(message).toMatch(/serves one process only/)
    expect(message).toMatch(/Supabase\/PostgreSQL/)
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8'))).toMatchObject({pid: first.pid})
  })

  it('takes over the lock a killed process left behind (SIGKILL: no chance to release it)', async () => {
    const dir = tempDir()
    const first = await holder(dir)
    first.kill('SIGKILL')
    await exited(first)
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(true)
    const lock = lockDataDirectory(dir)
    expect(lock.taken).toBe(true)
    expect(lock.takenOverFrom?.pid).toBe(first.pid)
    expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toMatchObject({pid: process.pid, host: os.hostname()})
    lock.release()
    expect(existsSync(lock.file)).toBe(false)
  })

  it('is released when the holder ends normally', async () => {
    const dir = tempDir()
    const first = await holder(dir, 'process.stdin.once("data", () => process.exit(0))')
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(true)
    first.stdin!.write('end\n')
    await exited(first)
    expect(first.exitCode).toBe(0)
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false)
  })

  it.skipIf(processStartTime(process.pid) === null)('takes over a lock whose process id now belongs to another process (id reused)', async () => {
    const dir = tempDir()
    // A live process with the recorded id, but not the one that took the lock: it started at another time.
    const other = await holder(tempDir())
    writeFileSync(
      path.join(dir, LOCK_FILE_NAME),
      JSON.stringify({pid: other.pid, host: os.hostname(), startedAt: '2026-01-01T00:00:00.000Z', procStart: '1', command: 'scripts/serve.ts'}),
    )
    const lock = lockDataDirectory(dir)
    expect(lock.takenOverFrom?.pid).toBe(other.pid)
    lock.release()
  })

  it('refuses a lock taken on another host (a shared file system), saying which file to delete once that process is gone', () => {
    const dir = tempDir()
    const file = path.join(dir, LOCK_FILE_NAME)
    writeFileSync(file, JSON.stringify({pid: 4242, host: 'web-2.internal', startedAt: '2026-11-27T10:00:00.000Z', procStart: '77', command: 'serve.ts -p 3000'}))
    expect(() => lockDataDirectory(dir)).toThrow(`pid 4242 on web-2.internal`)
    expect(() => lockDataDirectory(dir)).toThrow(`delete ${file}`)
  })

  it('belongs to the process: taking it again in the same process succeeds, and only the first taker releases it', () => {
    const dir = tempDir()
    const server = lockDataDirectory(dir)
    const thread = lockDataDirectory(dir)
    expect([server.taken, thread.taken]).toEqual([true, false])
    thread.release()
    expect(existsSync(server.file)).toBe(true)
    server.release()
    expect(existsSync(server.file)).toBe(false)
  })

  it(
    'is taken by opening the database and released by closing it; another process cannot open it meanwhile',
    async () => {
      const dir = tempDir()
      // From the migrated image (which holds the lock file of the process that made it): no initdb.
      const db = await openPgliteDatabase(dir, {loadDataDir: await migratedImage()})
      const file = path.join(dir, LOCK_FILE_NAME)
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({pid: process.pid})
      const other = spawn(
        process.execPath,
        ['--input-type=module', '-e', `const {openPgliteDatabase} = await import(${JSON.stringify(path.join(import.meta.dirname, 'pglite-open.ts'))}); await openPgliteDatabase(${JSON.stringify(dir)})`],
        {stdio: ['ignore', 'ignore', 'pipe'], cwd: process.cwd()},
      )
      children.push(other)
      let stderr = ''
      other.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      await exited(other)
      expect(other.exitCode).not.toBe(0)
      expect(stderr).toContain(`The embedded database in ${dir} is in use by another process (pid ${process.pid}`)
      await db.close()
      expect(existsSync(file)).toBe(false)
    },
    PGLITE_SETUP_TIMEOUT,
  )
})
