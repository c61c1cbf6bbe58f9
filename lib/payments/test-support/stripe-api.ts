import {randomBytes} from 'node:crypto'
import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'

/**
 * A local HTTP server that speaks the part of Stripe's API the Checkout adapter uses, for the real
 * Stripe SDK pointed at it (host 127.0.0.1, its port, protocol http):
 * - POST /v1/checkout/sessions (form-encoded) creates an open, unpaid session;
 * - GET /v1/checkout/sessions/{id} returns it, or Stripe's 404 `resource_missing` error.
 * Every request is recorded; `pay(id)` plays the customer paying on Stripe's page.
 */

export interface StripeApiRequest {
  method: string
  path: string
}

export interface StripeApiStandIn {
  port: number
  requests: StripeApiRequest[]
  sessions: Map<string, Record<string, unknown>>
  /** The customer paid: the session is complete and paid. */
  pay(sessionId: string): void
  close(): Promise<void>
}

function checkoutSession(id: string, form: URLSearchParams): Record<string, unknown> {
  const amount = Number(form.get('line_items[0][price_data][unit_amount]'))
  const bookingId = form.get('metadata[bookingId]')
  return {
    id,
    object: 'checkout.session',
    amount_subtotal: amount,
    amount_total: amount,
    cancel_url: form.get('cancel_url'),
    client_reference_id: form.get('client_reference_id'),
    created: 1_767_225_600,
    currency: form.get('line_items[0][price_data][currency]'),
    customer_email: form.get('customer_email'),
    expires_at: 1_767_225_600 + 24 * 60 * 60,
    livemode: false,
    metadata: bookingId ? {bookingId} : {},
    mode: 'payment',
    payment_intent: null,
    payment_status: 'unpaid',
    status: 'open',
    success_url: form.get('success_url'),
    url: `https://checkout.stripe.com/c/pay/${id}`,
  }
}

export async function startStripeApiStandIn(): Promise<StripeApiStandIn> {
  const requests: StripeApiRequest[] = []
  const sessions = new Map<string, Record<string, unknown>>()
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      requests.push({method: req.method ?? '', path: url.pathname})
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, {
          'Content-Type': 'application/json',
          'Request-Id': `req_standin${requests.length}`,
          'Stripe-Version': String(req.headers['stripe-version'] ?? ''),
        })
        res.end(JSON.stringify(body))
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const id = `cs_test_${randomBytes(24).toString('hex')}`
        const session = checkoutSession(id, new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
        sessions.set(id, session)
        return reply(200, session)
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname)
      const session = req.method === 'GET' && match ? sessions.get(decodeURIComponent(match[1])) : undefined
      if (session) return reply(200, session)
      reply(404, {
        error: {
          code: 'resource_missing',
          message: `No such checkout.session: '${match ? decodeURIComponent(match[1]) : url.pathname}'`,
          param: 'session',
          type: 'invalid_request_error',
        },
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    sessions,
    pay(sessionId) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`No session ${sessionId} on the Stripe stand-in`)
      Object.assign(session, {status: 'complete', payment_status: 'paid'})
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}
