import {PaymentConfigurationError, type PaymentProviderName} from './provider'
import {TEST_CHECKOUT_REFUSED_MESSAGE, testCheckoutReach} from './test-checkout'

/**
 * Which payment provider the environment selects; throws `PaymentConfigurationError` when none may
 * run. Apart from ./index.ts (which loads the Stripe SDK)
 * so the server's start-up log can name it without loading any provider.
 */
export function paymentProviderName(env: Record<string, string | undefined> = process.env): PaymentProviderName {
  if (env.STRIPE_SECRET_KEY?.trim()) return 'stripe'
  if (testCheckoutReach(env) !== 'nobody') return 'test-checkout'
  throw new PaymentConfigurationError(`No payment provider is configured. ${TEST_CHECKOUT_REFUSED_MESSAGE}`)
}
