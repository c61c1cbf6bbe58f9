import type {CheckoutDetails, CheckoutRequest, CheckoutSession} from '../../../payments/provider'
import {createMemoryTestCheckoutSessions, TestCheckoutProvider} from '../../../payments/test-checkout'

/**
 * The local test checkout keeping a card when asked (what the payments branch adds to it): a real
 * TestCheckoutProvider whose paid checkouts made with `saveCard` report their card, as Stripe's do.
 */
export class CardKeepingTestCheckout extends TestCheckoutProvider {
  readonly requests: CheckoutRequest[] = []
  readonly keepsCard = new Set<string>()
  retrievals = 0

  constructor() {
    super(createMemoryTestCheckoutSessions())
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    this.requests.push(request)
    const session = await super.createCheckout(request)
    if (request.saveCard) this.keepsCard.add(session.id)
    return session
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutDetails> {
    this.retrievals += 1
    const details = await super.retrieveCheckout(sessionId)
    const kept = this.keepsCard.has(sessionId) && details.paymentStatus === 'paid'
    return {...details, savedCard: kept ? {customerId: 'test_cus_ada', paymentMethodId: 'test_pm_ada', label: 'Test card ending 4242'} : null}
  }
}
