import {handleWebhookRequest} from '@/lib/booking/routes'
import {getBookingStore, getPaymentProvider, planCardDeps, planFlowDeps, reconcileDeps, systemNow, wakeEmailOutbox} from '@/lib/booking/server'

/**
 * Stripe's webhook: the signature is verified on the body exactly as received (never re-serialised
 * JSON), at most 1 MB (413). Bad signature 400; verified events 200 `{received: true}`, unknown types
 * included; a card update's card_saved is recorded on its plan; plan charges, refunds and disputes
 * made outside the site's requests are reconciled.
 */
export async function POST(request: Request) {
  return handleWebhookRequest(request, {
    payments: () => getPaymentProvider(),
    store: getBookingStore,
    now: systemNow,
    emailsQueued: wakeEmailOutbox,
    plans: planFlowDeps,
    cards: planCardDeps,
    reconcile: reconcileDeps,
  })
}
