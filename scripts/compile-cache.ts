/**
 * Imported first by scripts/serve.ts: turns on Node's module compile cache before Next.js and the
 * build's server chunks load, so a restarted server reuses the V8 code it compiled last time
 * instead of compiling megabytes of JavaScript again before its first answer (about 0.4 s of CPU
 * here). The cache sits in the system's temporary folder (`NODE_COMPILE_CACHE` moves it,
 * `NODE_DISABLE_COMPILE_CACHE=1` turns it off); entries are checked against each file's content,
 * so a new build simply adds its own. Node writes it when the process exits; it is also written
 * once start-up is over (`flushCompileCache`), in case the process is killed.
 */
import {enableCompileCache, flushCompileCache} from 'node:module'

enableCompileCache()

/** Writes what has been compiled so far (start-up is over by then). */
export function saveCompileCacheSoon(delayMs = 30_000): void {
  setTimeout(() => flushCompileCache(), delayMs).unref()
}
