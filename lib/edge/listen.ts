/**
 * Where the production server (scripts/serve.ts) listens, and how long it waits for a client.
 *
 * Loaded by Node directly (scripts/serve.ts): relative imports carry `.ts`, types are erasable.
 */
import {createServer, type RequestListener, type Server} from 'node:http'

/**
 * This machine only, unless a host is given: `npm start` is a developer's server (its test checkout
 * marks bookings paid, see lib/payments/test-checkout.ts), and a deploy puts a proxy in front
 * that reaches it on loopback anyway. IPv4, because `localhost` resolves to both families and
 * browsers, curl and Node's fetch all fall back to 127.0.0.1.
 */
export const DEFAULT_LISTEN_HOST = '127.0.0.1'
export const DEFAULT_PORT = 3000

/**
 * The port and host from `-p/--port` and `-H/--hostname` (as `next start` takes them), else PORT
 * and LISTEN_HOST. Never HOSTNAME: shells and containers set it to the machine's name, which
 * resolves to a network address, so a server would quietly listen on the network.
 */
export function listenAddress(argv: readonly string[], env: Record<string, string | undefined>): {port: number; host: string} {
  const option = (long: string, short: string): string | undefined => {
    for (let i = 0; i < argv.length; i++) {
      if (argv[i] === long || argv[i] === short) return argv[i + 1]
      if (argv[i].startsWith(`${long}=`)) return argv[i].slice(long.length + 1)
    }
    return undefined
  }
  const port = Number(option('--port', '-p') ?? env.PORT ?? DEFAULT_PORT)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`The port must be a whole number from 0 to 65535, got ${port}`)
  const host = option('--hostname', '-H')?.trim() || env.LISTEN_HOST?.trim() || DEFAULT_LISTEN_HOST
  return {port, host}
}

export interface ClientTimeouts {
  /** From a request's first byte to the end of its headers. */
  headersTimeout: number
  /** From a request's first byte to the end of its body. */
  requestTimeout: number
  /** How long an idle kept-alive connection stays open. */
  keepAliveTimeout: number
  /** How often the timeouts above are checked (Node checks every 30 s unless told). */
  connectionsCheckingInterval: number
}

/**
 * Node holds a client that trickles its headers for 60 s (and a body for 300 s), so a few hundred
 * slow connections tie up a server. The site's requests are small (32 kB at most) and come from a
 * proxy or a browser that sends headers in one packet:
 * - headers within 10 s (a slow phone on a bad network still makes it);
 * - the whole request within 30 s;
 * - an idle kept-alive connection open for 65 s: longer than the proxy's own idle timeout (nginx's
 *   upstream keepalive_timeout and most load balancers use 60 s), so the proxy, not Node, closes
 *   it, and never reuses one Node is closing at that moment (which the visitor sees as a 502);
 * - checked every second, so a slow client is cut within a second of its limit.
 */
export const CLIENT_TIMEOUTS: ClientTimeouts = {headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 65_000, connectionsCheckingInterval: 1_000}

/** The HTTP server of the site, with the client timeouts above (tests pass short ones). */
export function createSiteServer(handler: RequestListener, timeouts: ClientTimeouts = CLIENT_TIMEOUTS): Server {
  const server = createServer(
    {headersTimeout: timeouts.headersTimeout, requestTimeout: timeouts.requestTimeout, connectionsCheckingInterval: timeouts.connectionsCheckingInterval},
    handler,
  )
  server.keepAliveTimeout = timeouts.keepAliveTimeout
  return server
}
