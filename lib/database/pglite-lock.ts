import {linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * The embedded database's data directory serves one process: PGlite keeps Postgres's shared state
 * in the process's memory, so a second process on the same files would not see the first one's
 * writes and the two would overwrite each other's pages. A lock file in the directory names the
 * process that has it open; any other process that wants to open it (a second server, a script, a
 * test) refuses with a message naming both. Loaded by Node directly (scripts/serve.ts, the database
 * thread): `.ts` import paths and erasable TypeScript only.
 *
 * The lock belongs to a process, not a thread: the server takes it before it serves and its
 * database thread opens the directory under it. It is released when the process closes the
 * database or ends; a lock left behind by a process that was killed (SIGKILL, a crash, a power cut)
 * is taken over, once its process is shown to be gone:
 * - the same host and no process with that id: gone;
 * - a process with that id that started at another time than the one recorded (Linux's
 *   /proc/<pid>/stat): the id was reused, gone;
 * - this process's own id (a container restarted as pid 1 again, or our own database thread):
 *   ours to take;
 * - another host (a directory on a network file system): we cannot tell, so we refuse.
 */

export const LOCK_FILE_NAME = 'pglite.lock'

export type LockOwner = {pid: number; host: string; startedAt: string; procStart: string | null; command: string}

export class DataDirectoryInUseError extends Error {
  readonly dataDir: string
  readonly owner: LockOwner

  constructor(dataDir: string, owner: LockOwner, lockFile: string) {
    const remote = owner.host !== os.hostname()
    super(
      `The embedded database in ${dataDir} is in use by another process (pid ${owner.pid} on ${owner.host}, ` +
        `since ${owner.startedAt}: ${owner.command}). PGlite serves one process only: stop that process first, ` +
        `or give this one a data directory of its own (BOOKINGS_DATA_DIR), or run several servers on ` +
        `Supabase/PostgreSQL instead.` +
        (remote ? ` If that process is gone, delete ${lockFile}.` : ''),
    )
    this.name = 'DataDirectoryInUseError'
    this.dataDir = dataDir
    this.owner = owner
  }
}

/** Linux's start time of a process (clock ticks since boot, /proc/<pid>/stat field 22); null where there is no /proc. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return fields[19] ?? null
  } catch {
    return null
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Whether the process a lock names is still running (so the lock still holds). */
export function ownerIsAlive(owner: LockOwner): boolean {
  if (owner.host !== os.hostname()) return true
  if (owner.pid === process.pid) return false
  if (!Number.isInteger(owner.pid) || owner.pid <= 0 || !processExists(owner.pid)) return false
  if (owner.procStart === null) return true
  const now = processStartTime(owner.pid)
  return now === null || now === owner.procStart
}

function thisProcess(): LockOwner {
  return {
    pid: process.pid,
    host: os.hostname(),
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    procStart: processStartTime(process.pid),
    command: process.argv.slice(1).map((arg) => path.basename(arg)).join(' ') || 'node',
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>
    if (typeof owner.pid !== 'number' || typeof owner.host !== 'string') return null
    return {
      pid: owner.pid,
      host: owner.host,
      startedAt: String(owner.startedAt ?? 'unknown'),
      procStart: typeof owner.procStart === 'string' ? owner.procStart : null,
      command: String(owner.command ?? 'unknown'),
    }
  } catch {
    return null
  }
}

function isOurs(owner: LockOwner | null): boolean {
  return owner !== null && owner.pid === process.pid && owner.host === os.hostname() && owner.procStart === processStartTime(process.pid)
}

export type DataDirectoryLock = {
  /** The lock file. */
  file: string
  /** False when this process held the lock already (it is released by whoever took it). */
  taken: boolean
  /** A lock taken over from a process that is gone. */
  takenOverFrom: LockOwner | null
  /** Removes the lock file if this call took it and it is still this process's. */
  release(): void
  /** Writes this process's lock again (a database image loaded into the directory brings the lock file of the process that made it). */
  rewrite(): void
}

/**
 * Takes the lock of `dataDir` for this process (creating the directory if needed), or throws
 * DataDirectoryInUseError. Taking it again in the same process succeeds without taking anything.
 */
export function lockDataDirectory(dataDir: string): DataDirectoryLock {
  const dir = path.resolve(dataDir)
  mkdirSync(dir, {recursive: true})
  const file = path.join(dir, LOCK_FILE_NAME)
  const me = thisProcess()
  let takenOverFrom: LockOwner | null = null
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createLockFile(file, me)) return held(file, true, takenOverFrom, me)
    const owner = readOwner(file)
    if (isOurs(owner)) return held(file, false, null, me)
    // An unreadable lock (a torn write by a machine that crashed) counts as left behind.
    if (owner && ownerIsAlive(owner)) throw new DataDirectoryInUseError(dir, owner, file)
    // Gone: set its lock aside under a name of our own (rename is atomic, so of two processes
    // taking it over at once only one moves it), check it is the one we judged, then create ours.
    const aside = `${file}.stale-${process.pid}-${Date.now()}`
    try {
      renameSync(file, aside)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue
      throw error
    }
    const moved = readOwner(aside)
    if (moved && ownerIsAlive(moved)) {
      // Another process took it over between our look and our move: put its lock back.
      try {
        linkSync(aside, file)
      } catch {
        // Someone holds it again already.
      }
      unlinkSync(aside)
      throw new DataDirectoryInUseError(dir, moved, file)
    }
    unlinkSync(aside)
    takenOverFrom = owner
  }
  throw new Error(`Could not take the lock of the embedded database in ${dir} (${file})`)
}

/**
 * Creates the lock file whole, or answers false if there is one: written under a name of its own,
 * then hard-linked into place (link fails if the name exists), so no process ever reads half a lock.
 */
function createLockFile(file: string, me: LockOwner): boolean {
  const draft = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}`
  writeFileSync(draft, `${JSON.stringify(me)}\n`, {mode: 0o644})
  try {
    linkSync(draft, file)
    return true
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') return false
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error
  } finally {
    unlinkSync(draft)
  }
  // A file system without hard links: create it exclusively (O_EXCL) and write it at once.
  try {
    writeFileSync(file, `${JSON.stringify(me)}\n`, {flag: 'wx', mode: 0o644})
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}

function held(file: string, taken: boolean, takenOverFrom: LockOwner | null, me: LockOwner): DataDirectoryLock {
  let released = !taken
  const release = () => {
    if (released) return
    released = true
    process.off('exit', release)
    if (!isOurs(readOwner(file))) return
    try {
      unlinkSync(file)
    } catch {
      // Gone already.
    }
  }
  // A normal end releases it; a killed process leaves it for the next one to take over.
  if (taken) process.on('exit', release)
  const rewrite = () => {
    if (!released) writeFileSync(file, `${JSON.stringify(me)}\n`)
  }
  return {file, taken, takenOverFrom, release, rewrite}
}
