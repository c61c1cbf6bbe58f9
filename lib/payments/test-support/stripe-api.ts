import {randomBytes} from 'node:crypto'
import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'

/**
 * A local HTTP server that speaks the part of Stripe's API the Checkout adapter uses, for the real
 * Stripe SDK pointed at it (host 127.0.0.1, its port, protocol http):
 * - POST /v1/checkout/sessions (form-encoded) creates an open, unpaid session;
 * - GET /v1/checkout/sessions/{id} returns it, or Stripe's 404 `resource_missing` error;
 * - POST /v1/refunds refunds part or all of a paid session's PaymentIntent: the same
 *   Idempotency-Key answers the first refund again (as Stripe does), more than is left is refused
 *   (`amount_too_large`), and `refuseRefunds(message)` makes the next refunds fail as a declined one.
 * Every request is recorded with its Idempotency-Key and form; `pay(id)` plays the customer paying
 * on Stripe's page.
 */

export interface StripeApiRequest {
  method: string
  path: string
  /** The Idempotency-Key header the SDK sent (POSTs), or null. */
  idempotencyKey: string | null
  /** The form-encoded body. */
  form: URLSearchParams
}

/** A refund the stand-in made. */
export interface StripeApiRefund {
  id: string
  paymentIntent: string
  amount: number
  idempotencyKey: string | null
  metadata: Record<string, string>
}

export interface StripeApiStandIn {
  port: number
  requests: StripeApiRequest[]
  sessions: Map<string, Record<string, unknown>>
  /** The refunds made, in order (a repeated Idempotency-Key adds none). */
  refunds: StripeApiRefund[]
  /** The customer paid: the session is complete and paid, with a PaymentIntent. */
  pay(sessionId: string): void
  /** Refunds from now on are refused with this message (null: accepted again). */
  refuseRefunds(message: string | null): void
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
  const refunds: StripeApiRefund[] = []
  const refundsByKey = new Map<string, Record<string, unknown>>()
  let refusal: string | null = null
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
      const idempotencyKey = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null
      requests.push({method: req.method ?? '', path: url.pathname, idempotencyKey, form})
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
        const session = checkoutSession(id, form)
        sessions.set(id, session)
        return reply(200, session)
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const earlier = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined
        if (earlier) return reply(200, earlier)
        const paymentIntent = form.get('payment_intent') ?? ''
        const session = [...sessions.values()].find((candidate) => candidate.payment_intent === paymentIntent)
        const refused = (code: string, message: string, status = 400) =>
          reply(status, {error: {code, message, param: code === 'amount_too_large' ? 'amount' : 'payment_intent', type: 'invalid_request_error'}})
        if (!session) return refused('resource_missing', `No such payment_intent: '${paymentIntent}'`, 404)
        if (refusal) return reply(402, {error: {code: 'charge_disputed', message: refusal, type: 'card_error'}})
        const alreadyRefunded = refunds.filter((refund) => refund.paymentIntent === paymentIntent).reduce((sum, refund) => sum + refund.amount, 0)
        const amount = form.has('amount') ? Number(form.get('amount')) : Number(session.amount_total) - alreadyRefunded
        if (!(amount > 0) || amount > Number(session.amount_total) - alreadyRefunded) {
          return refused('amount_too_large', `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge`)
        }
        const metadata: Record<string, string> = {}
        for (const [key, value] of form) {
          const match = /^metadata\[(.+)\]$/.exec(key)
          if (match) metadata[match[1]] = value
        }
        const id = `re_${randomBytes(12).toString('hex')}`
        refunds.push({id, paymentIntent, amount, idempotencyKey, metadata})
        const refund = {
          id,
          object: 'refund',
          amount,
          currency: session.currency,
          created: 1_767_225_600,
          metadata,
          payment_intent: paymentIntent,
          reason: null,
          status: 'succeeded',
        }
        if (idempotencyKey) refundsByKey.set(idempotencyKey, refund)
        return reply(200, refund)
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
    refunds,
    pay(sessionId) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`No session ${sessionId} on the Stripe stand-in`)
      Object.assign(session, {status: 'complete', payment_status: 'paid', payment_intent: `pi_${randomBytes(12).toString('hex')}`})
    },
    refuseRefunds(message) {
      refusal = message
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}
