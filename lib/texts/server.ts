import 'server-only'

import {getDatabaseFunctions} from '../database'
import {outboxWorkerOptionsFromEnv} from '../email/server'
import type {ScheduledJob} from '../jobs/runner'
import {registerShutdownStep} from '../shutdown'
import {siteUrl} from '../site-url'
import {createTextFolderTransport, textOutboxFolder} from './folder-transport'
import {composeOutboxText} from './messages'
import {createTextOutboxStore} from './outbox'
import {createVisitTextRemindersJob} from './reminders'
import type {TextTransport} from './transport'
import {twilioDescription, twilioSettingsFromEnv, type TwilioSettings} from './twilio-settings'
import type {TextWebhookDeps} from './webhooks'
import {createTextWorker, type TextWorker} from './worker'

/**
 * Texts wired to the environment (the only module that reads it for texts): Twilio when
 * TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (or TWILIO_MESSAGING_SERVICE_SID) are set,
 * otherwise JSON files in the texts folder (TEXT_OUTBOX_DIR, default ./.data/texts); the worker of
 * this process, started at server start-up beside the e-mail outbox (instrumentation.ts) with the
 * e-mail outbox's timings, stopped gracefully with it; the reminder job; the webhooks' checks.
 */

export const TEXT_STATUS_PATH = '/api/texts/status'
export const TEXT_INCOMING_PATH = '/api/texts/incoming'

/** The Twilio SDK's module, loaded when first needed (a few hundred milliseconds the start-up need not wait for). */
const twilioModule = () => import('./twilio-transport')

/** Twilio's transport, its SDK loaded with the first text. */
function lazyTwilioTransport(settings: TwilioSettings): TextTransport {
  let transport: Promise<TextTransport> | undefined
  return {
    description: twilioDescription(settings),
    send: async (text) => (await (transport ??= twilioModule().then((module) => module.createTwilioTransport(settings)))).send(text),
  }
}

export function textTransportFromEnv(env: Record<string, string | undefined> = process.env): TextTransport {
  const twilio = twilioSettingsFromEnv(env, `${siteUrl}${TEXT_STATUS_PATH}`)
  return twilio ? lazyTwilioTransport(twilio) : createTextFolderTransport(textOutboxFolder(env))
}

const textOutbox = async () => createTextOutboxStore(await getDatabaseFunctions())

const WORKER_KEY = Symbol.for('renton-cleaning.texts.worker')
const SHUTDOWN_GRACE_MS = 10_000
type Holder = {[WORKER_KEY]?: TextWorker}

/** Starts this process's text worker (once); answers where texts go, for the start-up log. */
export function startTextOutbox(env: Record<string, string | undefined> = process.env): {transport: string} {
  const holder = globalThis as typeof globalThis & Holder
  const transport = textTransportFromEnv(env)
  if (!holder[WORKER_KEY]) {
    const worker = createTextWorker({
      outbox: textOutbox,
      transport,
      now: () => new Date(),
      compose: async (message) => {
        const {getSiteSettings, getTextMessages} = await import('../content')
        const [wording, company] = await Promise.all([getTextMessages(), getSiteSettings()])
        return {to: message.to, reference: message.eventKey, body: composeOutboxText(message, wording, company.companyName, siteUrl)}
      },
      options: outboxWorkerOptionsFromEnv(env),
    })
    holder[WORKER_KEY] = worker
    worker.start()
    registerShutdownStep('text-outbox', 'work', async () => {
      const {released, sendStillUnderWay} = await worker.shutdown(SHUTDOWN_GRACE_MS)
      if (released > 0) console.log(`[texts] Handed back ${released} claimed text(s) to the outbox for another process`)
      if (sendStillUnderWay) console.warn('[texts] A send was still under way when the server stopped; its text goes out again when its claim runs out')
    })
  }
  return {transport: transport.description}
}

/** Wakes the text worker after texts were queued (nothing when none runs). */
export function wakeTextOutbox(): void {
  ;(globalThis as typeof globalThis & Holder)[WORKER_KEY]?.kick()
}

/** The reminder job of lib/jobs/registry.ts. */
export function visitTextRemindersJob(env: Record<string, string | undefined> = process.env): ScheduledJob {
  void env
  return createVisitTextRemindersJob({outbox: textOutbox, textsQueued: wakeTextOutbox})
}

/** The webhooks' dependencies: Twilio's signature checked against SITE_URL + `path`. */
export async function textWebhookDeps(path: string, env: Record<string, string | undefined> = process.env): Promise<TextWebhookDeps & {twiml: () => string}> {
  const authToken = env.TWILIO_AUTH_TOKEN?.trim()
  const {emptyMessagingResponse, validTwilioSignature} = await twilioModule()
  return {
    verify: authToken ? (signature, url, params) => validTwilioSignature(authToken, signature, url, params) : null,
    publicUrl: `${siteUrl}${path}`,
    outbox: textOutbox,
    now: () => new Date(),
    twiml: emptyMessagingResponse,
  }
}
