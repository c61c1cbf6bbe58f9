import {randomBytes} from 'node:crypto'
import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'

/**
 * A local HTTP server that speaks the part of Twilio's REST API the text adapter uses, for the
 * real Twilio SDK pointed at it: POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded
 * (To, From or MessagingServiceSid, Body, StatusCallback), HTTP basic auth with the account SID and
 * auth token. It answers as Twilio does: 201 with the Message resource (sid SM…, status 'queued');
 * 401 (code 20003) for other credentials; 400 with code 21610 ("Attempt to send to unsubscribed
 * recipient") for a number in `unsubscribed`; `failNext(status)` answers the next sends with a
 * server error. Every request is recorded.
 */

export interface TwilioApiRequest {
  method: string
  path: string
  /** The Authorization header, decoded ('AC…:token'), or null. */
  basicAuth: string | null
  contentType: string | null
  form: URLSearchParams
}

export interface TwilioApiStandIn {
  baseUrl: string
  requests: TwilioApiRequest[]
  /** Numbers (E.164) that replied STOP to the sender: sends to them get error 21610. */
  unsubscribed: Set<string>
  /** The next `count` sends answer `status` (e.g. 500) with Twilio's error body. */
  failNext(status: number, count?: number): void
  /** Forgets the requests, the unsubscribed numbers and the failures to come. */
  reset(): void
  close(): Promise<void>
}

function twilioError(status: number, code: number, message: string) {
  return {code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status}
}

export async function startTwilioApi(credentials: {accountSid: string; authToken: string}): Promise<TwilioApiStandIn> {
  const requests: TwilioApiRequest[] = []
  const unsubscribed = new Set<string>()
  let failures: {status: number; count: number} | null = null
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
      const auth = request.headers.authorization
      const basicAuth = auth?.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString('utf8') : null
      const path = new URL(request.url ?? '/', 'http://stand-in').pathname
      requests.push({method: request.method ?? '', path, basicAuth, contentType: request.headers['content-type'] ?? null, form})
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, {'Content-Type': 'application/json'})
        response.end(JSON.stringify(body))
      }
      if (basicAuth !== `${credentials.accountSid}:${credentials.authToken}`) return answer(401, twilioError(401, 20003, 'Authenticate'))
      if (request.method !== 'POST' || path !== `/2010-04-01/Accounts/${credentials.accountSid}/Messages.json`) {
        return answer(404, twilioError(404, 20404, 'The requested resource was not found'))
      }
      if (failures && failures.count > 0) {
        failures.count -= 1
        return answer(failures.status, twilioError(failures.status, 20500, 'Internal Server Error'))
      }
      const to = form.get('To') ?? ''
      if (!to) return answer(400, twilioError(400, 21604, "A 'To' phone number is required."))
      if (!form.get('Body')) return answer(400, twilioError(400, 21602, 'Message body is required.'))
      if (unsubscribed.has(to)) return answer(400, twilioError(400, 21610, 'Attempt to send to unsubscribed recipient'))
      const sid = `SM${randomBytes(16).toString('hex')}`
      const now = new Date().toUTCString()
      answer(201, {
        account_sid: credentials.accountSid,
        api_version: '2010-04-01',
        body: form.get('Body'),
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: form.get('From'),
        messaging_service_sid: form.get('MessagingServiceSid'),
        num_media: '0',
        num_segments: '1',
        price: null,
        price_unit: 'USD',
        sid,
        status: 'queued',
        subresource_uris: {media: `/2010-04-01/Accounts/${credentials.accountSid}/Messages/${sid}/Media.json`},
        to,
        uri: `/2010-04-01/Accounts/${credentials.accountSid}/Messages/${sid}.json`,
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    unsubscribed,
    failNext(status, count = 1) {
      failures = {status, count}
    },
    reset() {
      requests.length = 0
      unsubscribed.clear()
      failures = null
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * X-Twilio-Signature as Twilio documents it (https://www.twilio.com/docs/usage/webhooks/webhooks-security):
 * the full URL, then each POST parameter's name and value, sorted by name, HMAC-SHA1 with the auth
 * token, base64. Written out here rather than taken from the SDK, so the test checks the SDK's check.
 */
export async function twilioSignature(authToken: string, url: string, params: Record<string, string>): Promise<string> {
  const {createHmac} = await import('node:crypto')
  const data = Object.keys(params)
    .sort()
    .reduce((text, key) => text + key + params[key], url)
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64')
}
