/**
 * The health check a load balancer polls every few seconds (GET /api/health): is this process able
 * to serve, and is e-mail going out. One small database call (the age of the oldest unsent e-mail,
 * which also shows the database answers), bounded in time, no rate limit spent, nothing stored, and
 * nothing in the answer an outsider could use (no address, no setting, no error text). Plain
 * TypeScript: the database call and the version are passed in (./server.ts wires them).
 */

export type HealthReport =
  | {status: 'ok'; database: 'ok'; oldestUnsentEmailSeconds: number | null; version: string}
  | {status: 'unavailable'; database: 'unreachable'; oldestUnsentEmailSeconds: null; version: string}

export interface HealthDeps {
  /** Seconds since the oldest e-mail still to be sent was queued (null: none waiting); rejects when the database cannot be reached. */
  oldestUnsentEmailSeconds: () => Promise<number | null>
  version: string
  /** How long the database may take to answer before the process counts as unavailable (default 2 s). */
  timeoutMs?: number
  /** Why the database could not be reached, for the server's log (never for the answer). */
  logFailure?: (error: unknown) => void
}

export const DEFAULT_HEALTH_TIMEOUT_MS = 2000

/** The report and its HTTP status: 200 when the database answers in time, else 503. */
export async function checkHealth(deps: HealthDeps): Promise<{httpStatus: 200 | 503; report: HealthReport}> {
  const timeoutMs = deps.timeoutMs ?? DEFAULT_HEALTH_TIMEOUT_MS
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    const seconds = await Promise.race([
      deps.oldestUnsentEmailSeconds(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`The database did not answer within ${timeoutMs} ms`)), timeoutMs)
      }),
    ])
    return {httpStatus: 200, report: {status: 'ok', database: 'ok', oldestUnsentEmailSeconds: seconds, version: deps.version}}
  } catch (error) {
    deps.logFailure?.(error)
    return {httpStatus: 503, report: {status: 'unavailable', database: 'unreachable', oldestUnsentEmailSeconds: null, version: deps.version}}
  } finally {
    clearTimeout(timer)
  }
}

/** The answer: JSON, never stored by a cache or a proxy (each poll must see this moment). */
export function healthResponse(result: {httpStatus: number; report: HealthReport}): Response {
  return Response.json(result.report, {status: result.httpStatus, headers: {'Cache-Control': 'no-store'}})
}

/** The version a health check names: the package's version and the build's id (`0.1.0+<build id>`), so an operator sees every process runs the same build. */
export function describeVersion(packageVersion: string, buildId: string | null): string {
  return `${packageVersion}+${buildId?.trim() || 'unbuilt'}`
}
