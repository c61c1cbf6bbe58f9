import {healthCheckResponse} from '@/lib/health/server'

/**
 * For load balancers and process managers: 200 `{status: "ok", database: "ok",
 * oldestUnsentEmailSeconds, version}` while this process can serve, 503 `{status: "unavailable",
 * database: "unreachable", …}` when its database cannot be reached (lib/health).
 */
export const dynamic = 'force-dynamic'

export async function GET() {
  return healthCheckResponse()
}
