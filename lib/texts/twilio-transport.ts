import twilio from 'twilio'
import type RequestClient from 'twilio/lib/base/RequestClient'
import {TextRefusedError, type OutgoingText, type TextTransport} from './transport'
import {twilioDescription, type TwilioSettings} from './twilio-settings'

/**
 * Texts through Twilio's Programmable Messaging, with its official SDK: POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json (form-encoded, HTTP basic auth with the account
 * SID and auth token), sent from TWILIO_FROM or a messaging service (TWILIO_MESSAGING_SERVICE_SID),
 * with the status webhook's address as its StatusCallback. Also the check of Twilio's webhook
 * signature (X-Twilio-Signature), the SDK's `validateRequest`. The only module that imports twilio.
 */

/** The SDK's HTTP client, sending to `baseUrl` what it would send to Twilio's API hosts. */
class RedirectingRequestClient extends twilio.RequestClient {
  constructor(private readonly baseUrl: string) {
    super()
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const target = new URL(this.baseUrl)
    const uri = new URL(opts.uri)
    uri.protocol = target.protocol
    uri.host = target.host
    return super.request<TData>({...opts, uri: uri.toString()})
  }
}

/** Twilio's error for a number that replied STOP to this sender. */
export const TWILIO_UNSUBSCRIBED = 21610
/** Refusals a retry would not change: invalid, unreachable or non-mobile numbers, a blocked body. */
const PERMANENT_CODES = new Set([21211, 21212, 21408, 21606, 21612, 21614, 30003, 30005, 30006, 30007])

export function createTwilioTransport(settings: TwilioSettings): TextTransport {
  const client = twilio(settings.accountSid, settings.authToken, settings.apiBaseUrl ? {httpClient: new RedirectingRequestClient(settings.apiBaseUrl)} : {})
  return {
    description: twilioDescription(settings),
    async send(text: OutgoingText) {
      try {
        const message = await client.messages.create({
          to: text.to,
          body: text.body,
          ...(settings.messagingServiceSid ? {messagingServiceSid: settings.messagingServiceSid} : {from: settings.from as string}),
          ...(settings.statusCallback ? {statusCallback: settings.statusCallback} : {}),
        })
        return {providerMessageId: message.sid, status: message.status}
      } catch (error) {
        const code = (error as {code?: unknown}).code
        const status = (error as {status?: unknown}).status
        if (code === TWILIO_UNSUBSCRIBED) throw new TextRefusedError((error as Error).message, String(code), true)
        if (typeof code === 'number' && (PERMANENT_CODES.has(code) || status === 400)) throw new TextRefusedError((error as Error).message, String(code), false)
        throw error
      }
    },
  }
}

/**
 * Whether a webhook came from Twilio: X-Twilio-Signature is the base64 HMAC-SHA1, keyed with the
 * auth token, of the public URL Twilio posted to followed by each POST parameter's name and value
 * in name order. `url` is the site's configured address (SITE_URL), never the request's Host.
 */
export function validTwilioSignature(authToken: string, signature: string | null, url: string, params: Record<string, string>): boolean {
  if (!signature) return false
  return twilio.validateRequest(authToken, signature, url, params)
}

/** The TwiML answer to an incoming text: none (Twilio itself confirms STOP and START). */
export function emptyMessagingResponse(): string {
  return new twilio.twiml.MessagingResponse().toString()
}
