/**
 * A server or worker goes on when whatever reads its output goes away: a log collector restarting,
 * or the shell or parent process that started it exiting. A write to the closed pipe fails (EPIPE)
 * with an 'error' event on process.stdout or process.stderr. Unheard, that event is an uncaught
 * exception, which Next.js logs to the same closed pipe, which fails again: the process spins at
 * full CPU forever and never reaches its SIGTERM handler. Heard here, the lines that cannot be
 * written are dropped, and the process serves and stops as usual.
 *
 * Loaded by Node directly (scripts/serve.ts, scripts/worker.ts): erasable TypeScript, no imports.
 */
export function dropOutputNobodyReads(): void {
  for (const stream of [process.stdout, process.stderr]) {
    // Any failure to write a log line: there is no better place to report it than the stream that failed.
    stream.on('error', () => {})
  }
}
