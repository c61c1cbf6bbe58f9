import {spawn} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {openPgliteDatabase} from '../../database/pglite'
import {createSqlBookingStore} from './sql-store'
import {houseBooking} from './test-support/fixtures'

/**
 * An acknowledged booking survives the process being killed: a child process writes bookings in a
 * burst on PGlite, in its worker thread as the server runs it, and prints each id the store
 * acknowledged; it is killed with SIGKILL mid-burst, twice (the second run reopens the killed
 * database), and every printed id must be in the database when it is opened again. (Checked to
 * fail with synchronous_commit off.)
 * And a SIGTERM closes the process's database before the process ends.
 */

/** Each test opens a new data directory (initdb) in a child process: tens of seconds on a busy machine. */
const DURABILITY_TIMEOUT = 120_000

const WRITER = path.join(import.meta.dirname, 'test-support', 'durability-writer.ts')
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bookings-durability-'))

afterAll(() => rmSync(dataDir, {recursive: true, force: true}))

type Acknowledged = {id: string; idempotencyKey: string}

/** Runs the writer until it has acknowledged `atLeast` bookings, then SIGKILLs it. */
async function writeAndKill(atLeast: number): Promise<Acknowledged[]> {
  const child = spawn(process.execPath, [WRITER, dataDir], {cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe']})
  const acknowledged: Acknowledged[] = []
  let stderr = ''
  let buffered = ''
  let ready = false
  const exited = new Promise<{code: number | null; signal: NodeJS.Signals | null}>((resolve) =>
    child.once('exit', (code, signal) => resolve({code, signal})),
  )
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  await new Promise<void>((resolve, reject) => {
    child.once('exit', () => reject(new Error(`writer exited early: ${stderr}`)))
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) {
        if (line === 'ready') ready = true
        const match = /^ok (\S+) (\S+)$/.exec(line)
        if (match) acknowledged.push({id: match[1], idempotencyKey: match[2]})
      }
      if (ready && acknowledged.length >= atLeast) resolve()
    })
  })
  // Mid-burst: the writers are still going when the signal lands.
  child.kill('SIGKILL')
  const {signal} = await exited
  expect(signal).toBe('SIGKILL')
  // Lines that were already in the pipe when the process died were acknowledged too.
  for (const line of buffered.split('\n')) {
    const match = /^ok (\S+) (\S+)$/.exec(line)
    if (match) acknowledged.push({id: match[1], idempotencyKey: match[2]})
  }
  return acknowledged
}

describe('booking store durability on PGlite', () => {
  it('keeps every acknowledged booking when the process is killed (SIGKILL) mid-burst, twice', async () => {
    const first = await writeAndKill(300)
    const second = await writeAndKill(300) // reopens the database the first run left behind
    const acknowledged = [...first, ...second]
    expect(first.length).toBeGreaterThanOrEqual(300)
    expect(second.length).toBeGreaterThanOrEqual(300)

    const db = await openPgliteDatabase(dataDir)
    try {
      const {rows} = await db.query<{id: string; idempotency_key: string}>(
        'select id, idempotency_key from public.bookings where id = any($1::uuid[])',
        [acknowledged.map((booking) => booking.id)],
      )
      const stored = new Map(rows.map((row) => [row.id, row.idempotency_key]))
      const lost = acknowledged.filter((booking) => stored.get(booking.id) !== booking.idempotencyKey)
      expect(lost).toEqual([])
      const {rows: [{n}]} = await db.query<{n: number}>('select count(*)::int as n from public.bookings')
      expect(n).toBeGreaterThanOrEqual(acknowledged.length)

      // And the database keeps working after the crashes.
      const store = createSqlBookingStore(db)
      const {booking, created} = await store.createPending(houseBooking())
      expect(created).toBe(true)
      expect((await store.findById(booking.id))?.id).toBe(booking.id)
    } finally {
      await db.close()
    }
  }, DURABILITY_TIMEOUT)

  it('closes the database on SIGTERM, registers its handlers once, and still ends the process', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bookings-sigterm-'))
    try {
      // The child opens the process database twice (closing in between) and reports how many
      // SIGTERM/SIGINT listeners there are and when the database has been closed.
      const script = `
        const {getPgliteDatabase, closePgliteDatabase} = await import(${JSON.stringify(path.join(import.meta.dirname, '..', '..', 'database', 'pglite.ts'))})
        await getPgliteDatabase()
        await closePgliteDatabase()
        const db = await getPgliteDatabase()
        await getPgliteDatabase()
        const close = db.close.bind(db)
        db.close = async () => { await close(); process.stdout.write('closed\\n') }
        process.stdout.write('ready ' + process.listenerCount('SIGTERM') + ' ' + process.listenerCount('SIGINT') + '\\n')
        setInterval(() => {}, 1000)
      `
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
        cwd: process.cwd(),
        env: {...process.env, BOOKINGS_DATA_DIR: dir},
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let stdout = ''
      let stderr = ''
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)))
      await new Promise<void>((resolve, reject) => {
        child.once('exit', () => reject(new Error(`child exited early: ${stderr}`)))
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString()
          if (stdout.includes('ready')) resolve()
        })
      })
      expect(stdout).toContain('ready 1 1')
      child.kill('SIGTERM')
      expect(await exited).toBe('SIGTERM')
      expect(stdout).toContain('closed')
    } finally {
      rmSync(dir, {recursive: true, force: true})
    }
  }, DURABILITY_TIMEOUT)
})
