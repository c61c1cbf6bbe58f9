import {TEXT_INCOMING_PATH, textWebhookDeps} from '@/lib/texts/server'
import {handleIncomingTextRequest} from '@/lib/texts/webhooks'

/** Texts customers send to the business's number: STOP opts out, START opts back in (signed by Twilio, 403 otherwise); answered with TwiML. */
export async function POST(request: Request) {
  return handleIncomingTextRequest(request, await textWebhookDeps(TEXT_INCOMING_PATH))
}
