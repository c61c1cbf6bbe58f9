/**
 * Which address a request comes from, as far as this deployment can trust it: the key of the
 * booking and form rate limits. Forwarding headers are written by whoever sends the request, so
 * they count only as far as the operator says proxies of theirs write them:
 * - nothing set: the TCP peer (the site is reached directly);
 * - TRUSTED_PROXY_HOPS=n: n proxies of ours each append the address they saw to X-Forwarded-For;
 *   the client is the entry n places left of the peer (anything further left is the client's own);
 * - TRUSTED_CLIENT_IP_HEADER=name: a proxy of ours sets that header (cf-connecting-ip, x-real-ip…)
 *   and overwrites any the client sent.
 *
 * The edge server (lib/edge/server.ts) resolves the address once per request and hands it to the
 * app in CLIENT_ADDRESS_HEADER, stamped with a token only this process knows, after removing any
 * copy the client sent: a route reads it with `clientAddress(request.headers)`.
 *
 * Loaded by Node directly (scripts/serve.ts) as well as by Next: relative imports carry `.ts`.
 */
import {randomUUID} from 'node:crypto'
import {isIP} from 'node:net'

export type ProxyTrust = {kind: 'none'} | {kind: 'hops'; hops: number} | {kind: 'header'; name: string}

/** The trust settings from the environment; a value that makes no sense is an error, said at start-up. */
export function proxyTrustFromEnv(env: Record<string, string | undefined>): ProxyTrust {
  const header = env.TRUSTED_CLIENT_IP_HEADER?.trim().toLowerCase()
  const hops = env.TRUSTED_PROXY_HOPS?.trim()
  if (header && hops) throw new Error('Set TRUSTED_CLIENT_IP_HEADER or TRUSTED_PROXY_HOPS, not both')
  if (header) {
    if (!/^[a-z0-9-]+$/.test(header)) throw new Error(`TRUSTED_CLIENT_IP_HEADER is not a header name: ${header}`)
    return {kind: 'header', name: header}
  }
  if (hops) {
    const count = Number(hops)
    if (!Number.isInteger(count) || count < 0 || count > 10) throw new Error(`TRUSTED_PROXY_HOPS must be a whole number from 0 to 10, got ${hops}`)
    return count === 0 ? {kind: 'none'} : {kind: 'hops', hops: count}
  }
  return {kind: 'none'}
}

export function describeProxyTrust(trust: ProxyTrust): string {
  switch (trust.kind) {
    case 'none':
      return 'the connection’s own address (no proxy trusted; set TRUSTED_PROXY_HOPS or TRUSTED_CLIENT_IP_HEADER behind one)'
    case 'hops':
      return `X-Forwarded-For, ${trust.hops} trusted prox${trust.hops === 1 ? 'y' : 'ies'} from the connection`
    case 'header':
      return `the ${trust.name} header set by the trusted proxy`
  }
}

/** An IP address in one spelling (IPv4-mapped IPv6 as IPv4, lower case, no port or brackets), or null. */
export function normalizeAddress(value: string | undefined): string | null {
  if (!value) return null
  let address = value.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address)
  if (bracketed) address = bracketed[1]
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'))
  address = address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '')
  return isIP(address) ? address : null
}

type HeaderValue = string | string[] | undefined

function listOf(value: HeaderValue): string[] {
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '')
  return joined
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
}

/** The client's address for one request: `socketAddress` is the TCP peer, `headers` the raw request headers. */
export function resolveClientAddress(socketAddress: string | undefined, headers: Record<string, HeaderValue>, trust: ProxyTrust): string {
  const peer = normalizeAddress(socketAddress) ?? 'unknown'
  switch (trust.kind) {
    case 'none':
      return peer
    case 'header':
      // Missing only when a request reaches the site around the proxy: then the peer is the client.
      return normalizeAddress(listOf(headers[trust.name])[0]) ?? peer
    case 'hops': {
      const chain = [...listOf(headers['x-forwarded-for']), peer]
      const index = Math.max(0, chain.length - 1 - trust.hops)
      return normalizeAddress(chain[index]) ?? peer
    }
  }
}

/** Where the edge server hands the resolved address to the app. */
export const CLIENT_ADDRESS_HEADER = 'x-edge-client-address'

const TOKEN = Symbol.for('renton-cleaning.edge.clientAddressToken')

/** This process's token; created by the edge server at start-up (absent when Next runs on its own). */
export function edgeToken(create = false): string | undefined {
  const holder = globalThis as typeof globalThis & {[TOKEN]?: string}
  if (create) holder[TOKEN] ??= randomUUID()
  return holder[TOKEN]
}

/** The header value the edge server sets. */
export function stampClientAddress(address: string): string {
  const token = edgeToken(true)
  return `${token} ${address}`
}

/**
 * The client's address as the edge server resolved it. Without the edge server (`next dev`, or a
 * bare `next start`) or with a stamp it did not make, every request shares the bucket 'unknown':
 * never a fresh quota for a forged header.
 */
export function clientAddress(headers: Headers): string {
  const token = edgeToken()
  const value = headers.get(CLIENT_ADDRESS_HEADER)
  if (!token || !value) return 'unknown'
  const space = value.indexOf(' ')
  return space > 0 && value.slice(0, space) === token ? value.slice(space + 1) : 'unknown'
}
