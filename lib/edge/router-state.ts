/**
 * The client router's state header (Next-Router-State-Tree), sent with in-app navigations: the tree
 * of route segments the browser shows. Next throws on one it cannot read and answers a bare 500;
 * the edge answers such a request 400 instead, before Next sees it. The shape checked here is the
 * one Next's client writes (a segment, its children by slot, then optional url, refresh marker,
 * prefetch time and loading marker), and the size limit is Next's own (~40 kB).
 *
 * Plain code, no import: loaded by Node directly (type stripping) with the edge.
 */

/** The longest header Next reads (about 2,000 segment states). */
export const MAX_ROUTER_STATE_LENGTH = 20 * 2000

const DYNAMIC_PARAM_TYPES = new Set(['c', 'ci(..)(..)', 'ci(.)', 'ci(..)', 'ci(...)', 'oc', 'd', 'di(..)(..)', 'di(.)', 'di(..)', 'di(...)'])
const REFRESH_MARKERS = new Set(['refetch', 'inside-shared-layout', 'metadata-only'])

const isString = (value: unknown): value is string => typeof value === 'string'
const absent = (value: unknown) => value === undefined || value === null

/** A segment: its name, or a dynamic one as [param, cache key, type, static siblings or null]. */
function isSegment(value: unknown): boolean {
  if (isString(value)) return true
  if (!Array.isArray(value) || value.length !== 4) return false
  const [param, key, type, siblings] = value as unknown[]
  return (
    isString(param) &&
    isString(key) &&
    isString(type) &&
    DYNAMIC_PARAM_TYPES.has(type) &&
    (siblings === null || (Array.isArray(siblings) && siblings.every(isString)))
  )
}

function isRouterState(value: unknown): boolean {
  if (!Array.isArray(value) || value.length < 2 || value.length > 6) return false
  const [segment, children, url, refresh, prefetchTime, loading] = value as unknown[]
  if (!isSegment(segment)) return false
  if (typeof children !== 'object' || children === null) return false
  if (!Object.values(children).every(isRouterState)) return false
  if (!absent(url) && !(Array.isArray(url) && url.length === 2 && url.every(isString))) return false
  if (!absent(refresh) && !(isString(refresh) && REFRESH_MARKERS.has(refresh))) return false
  if (!absent(prefetchTime) && typeof prefetchTime !== 'number') return false
  return loading === undefined || isString(loading)
}

/** Whether the header is absent or one Next can read. */
export function isReadableRouterState(header: string | string[] | undefined): boolean {
  if (header === undefined) return true
  if (Array.isArray(header) || header.length > MAX_ROUTER_STATE_LENGTH) return false
  try {
    return isRouterState(JSON.parse(decodeURIComponent(header)))
  } catch {
    return false
  }
}
