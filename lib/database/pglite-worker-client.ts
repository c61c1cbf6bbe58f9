import {Worker} from 'node:worker_threads'
import type {Results} from '@electric-sql/pglite'
import type {OpenOptions} from './pglite-open.ts'
import {deserializeError, type WorkerMessage, type WorkerRequest} from './pglite-protocol.ts'
import type {MigrationClient} from './sql.ts'

/**
 * The embedded database in a worker thread of its own (pglite-worker.ts), seen from the main thread
 * as the app's MigrationClient: `query` and `exec` with PGlite's results, Postgres errors with their
 * fields (`code`, `constraint`, `detail`, …), `close`. PGlite is WebAssembly that runs synchronously
 * for as long as each call takes: initdb and the migrations on a new data directory are seconds of
 * CPU, a query a fraction of a millisecond to tens of them. In the worker that time is never spent on
 * the thread that serves pages.
 *
 * An idle client does not keep the process alive (as an in-thread PGlite would not); one with a
 * call under way does. If the thread dies, every pending and later call fails, and `exited`
 * resolves, so the owner can open the database again.
 */

export interface EmbeddedDatabase extends MigrationClient {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Results<R>>
  exec(sql: string): Promise<Array<Results>>
  /** Closes the database once the calls under way have settled; later calls fail. */
  close(): Promise<void>
  readonly closed: boolean
}

type Pending = {resolve(value: unknown): void; reject(error: Error): void}

export class PgliteWorkerClient implements EmbeddedDatabase {
  readonly #worker: Worker
  readonly #pending = new Map<number, Pending>()
  #nextId = 1
  #closing: Promise<void> | undefined
  #dead: Error | undefined
  #drained: (() => void) | undefined
  /** Resolves when the thread has ended, for whatever reason. */
  readonly exited: Promise<void>

  constructor(worker: Worker) {
    this.#worker = worker
    this.exited = new Promise((resolve) => worker.once('exit', () => resolve()))
    worker.on('message', (message: WorkerMessage) => {
      if (!('id' in message)) return
      const pending = this.#pending.get(message.id)
      if (!pending) return
      this.#settled(message.id)
      if (message.ok) pending.resolve(message.result)
      else pending.reject(deserializeError(message.error))
    })
    worker.on('error', (error) => this.#die(error))
    worker.on('exit', (code) => this.#die(new Error(`The database thread ended (exit code ${code}).`)))
    worker.unref()
  }

  get closed(): boolean {
    return this.#closing !== undefined || this.#dead !== undefined
  }

  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Results<R>> {
    return this.#call({op: 'query', text, params}) as Promise<Results<R>>
  }

  exec(sql: string): Promise<Array<Results>> {
    return this.#call({op: 'exec', sql}) as Promise<Array<Results>>
  }

  close(): Promise<void> {
    this.#closing ??= this.#close()
    return this.#closing
  }

  async #close(): Promise<void> {
    if (this.#dead) return
    if (this.#pending.size > 0) await new Promise<void>((resolve) => (this.#drained = resolve))
    try {
      await this.#send({op: 'close'})
    } catch (error) {
      if (!this.#dead) throw error
    }
    // The thread ends once its port is closed; a thread that does not is ended here.
    const timer = setTimeout(() => void this.#worker.terminate(), 5000)
    await this.exited
    clearTimeout(timer)
  }

  #call(request: Omit<Extract<WorkerRequest, {op: 'query'}>, 'id'> | Omit<Extract<WorkerRequest, {op: 'exec'}>, 'id'>): Promise<unknown> {
    if (this.#closing) return Promise.reject(new Error('The database is closed.'))
    if (this.#dead) return Promise.reject(this.#dead)
    return this.#send(request)
  }

  #send(request: Omit<WorkerRequest, 'id'>): Promise<unknown> {
    const id = this.#nextId++
    return new Promise((resolve, reject) => {
      try {
        this.#worker.postMessage({...request, id})
      } catch (error) {
        // A parameter that cannot be copied to the thread (a function, a symbol…).
        reject(error as Error)
        return
      }
      if (this.#pending.size === 0) this.#worker.ref()
      this.#pending.set(id, {resolve, reject})
    })
  }

  #settled(id: number): void {
    this.#pending.delete(id)
    if (this.#pending.size > 0) return
    this.#worker.unref()
    this.#drained?.()
    this.#drained = undefined
  }

  #die(error: Error): void {
    this.#dead ??= error
    for (const [id, pending] of this.#pending) {
      this.#pending.delete(id)
      pending.reject(this.#dead)
    }
    this.#drained?.()
    this.#drained = undefined
  }
}

/**
 * Starts a database thread on `dataDir` (in memory when undefined), which opens it (creating it if
 * needed) and applies the migrations; resolves once it has, or rejects with the reason it could not.
 */
export function openPgliteWorkerDatabase(dataDir: string | undefined, options: OpenOptions = {}): Promise<PgliteWorkerClient> {
  const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
    // None of the process's own flags: some are not allowed in a thread (`--input-type`, `-e`) and
    // the database thread needs none.
    execArgv: [],
    workerData: {pgliteWorker: true, dataDir, migrationsDir: options.migrationsDir, loadDataDir: options.loadDataDir},
  })
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => {
      worker.off('message', ready)
      reject(error)
    }
    const ready = (message: WorkerMessage) => {
      if (!('type' in message)) return
      worker.off('message', ready)
      worker.off('error', failed)
      worker.off('exit', exited)
      if (message.type === 'ready') {
        resolve(new PgliteWorkerClient(worker))
      } else {
        reject(deserializeError(message.error))
        void worker.terminate()
      }
    }
    const exited = (code: number) => failed(new Error(`The database thread ended while opening (exit code ${code}).`))
    worker.on('message', ready)
    worker.once('error', failed)
    worker.once('exit', exited)
  })
}
