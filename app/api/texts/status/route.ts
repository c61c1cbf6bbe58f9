import {TEXT_STATUS_PATH, textWebhookDeps} from '@/lib/texts/server'
import {handleTextStatusRequest} from '@/lib/texts/webhooks'

/** Twilio's status callback of a sent text: X-Twilio-Signature checked over SITE_URL + this path (403 otherwise), at most 64 KB. */
export async function POST(request: Request) {
  return handleTextStatusRequest(request, await textWebhookDeps(TEXT_STATUS_PATH))
}
