/**
 * The embedded database's thread (started by pglite-worker-client.ts): it owns the PGlite instance,
 * so its WebAssembly (initdb on a new data directory, the migrations, every query) never holds the
 * server's event loop. Turbopack builds it as a worker entry of its own in the Next build; tests
 * and scripts run it with Node directly: `.ts` import paths and erasable TypeScript only. Import
 * nothing from here: it is a thread's entry point.
 *
 * Protocol (pglite-protocol.ts): workerData {pgliteWorker: true, dataDir?, migrationsDir?,
 * loadDataDir?}; it posts {type: 'ready'} or {type: 'failed', error} once, then answers each
 * {id, op: 'query' | 'exec' | 'close', …} with {id, ok: true, result} or {id, ok: false, error}.
 * After 'close' it closes its port, and the thread ends.
 */
import {parentPort, workerData} from 'node:worker_threads'
import type {PGlite} from '@electric-sql/pglite'
import {openPgliteDatabase, type OpenOptions} from './pglite-open.ts'
import {serializeError, type WorkerRequest} from './pglite-protocol.ts'

type Data = OpenOptions & {pgliteWorker?: boolean; dataDir?: string}

const port = parentPort
const data = (workerData ?? {}) as Data
// Only as the database thread (never when some other thread happens to load this file).
if (port && data.pgliteWorker) {
  let db: PGlite | undefined
  try {
    db = await openPgliteDatabase(data.dataDir, {migrationsDir: data.migrationsDir, loadDataDir: data.loadDataDir})
    port.postMessage({type: 'ready'})
  } catch (error) {
    port.postMessage({type: 'failed', error: serializeError(error)})
    port.close()
  }
  if (db) {
    const database = db
    port.on('message', async (request: WorkerRequest) => {
      try {
        if (request.op === 'close') {
          await database.close()
          port.postMessage({id: request.id, ok: true, result: null})
          port.close()
          return
        }
        // PGlite runs one statement at a time and queues the rest, as it does in the main thread.
        const result = request.op === 'query' ? await database.query(request.text, request.params) : await database.exec(request.sql)
        port.postMessage({id: request.id, ok: true, result})
      } catch (error) {
        port.postMessage({id: request.id, ok: false, error: serializeError(error)})
      }
    })
  }
}
