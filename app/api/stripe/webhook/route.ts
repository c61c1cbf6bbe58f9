import {handleWebhookRequest} from '@/lib/booking/routes'
import {getBookingStore, getPaymentProvider, planFlowDeps, systemNow, wakeEmailOutbox} from '@/lib/booking/server'

/**
 * Stripe's webhook: the signature is verified on the body exactly as received (never re-serialised
 * JSON), at most 1 MB (413). Bad signature 400; verified events 200 `{received: true}`, unknown types included.
 */
export async function POST(request: Request) {
  return handleWebhookRequest(request, {
    payments: () => getPaymentProvider(),
    store: getBookingStore,
    now: systemNow,
    emailsQueued: wakeEmailOutbox,
    plans: planFlowDeps,
  })
}
