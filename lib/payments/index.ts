import 'server-only'

import {PaymentConfigurationError, type PaymentProvider} from './provider'
import {paymentProviderName} from './provider-name'
import {stripeProviderFromEnv} from './stripe'
import {TEST_CHECKOUT_THIS_MACHINE_MESSAGE, testCheckoutAllowed, TestCheckoutProvider, testCheckoutProviderFromEnv} from './test-checkout'

/**
 * The app's one entry to payments. Route handlers and pages call `getPaymentProvider()` and work
 * with the `PaymentProvider` interface; which provider runs is decided here from the environment:
 * - STRIPE_SECRET_KEY set → Stripe (STRIPE_WEBHOOK_SECRET verifies webhooks; STRIPE_API_HOST,
 *   STRIPE_API_PORT, STRIPE_API_PROTOCOL point the SDK elsewhere, for tests or a proxy);
 * - else the local test checkout, unless refused (production mode without TEST_CHECKOUT_ENABLED=true,
 *   and for clients on other machines even with a loopback SITE_URL: `getPaymentProviderFor`);
 * - else a `PaymentConfigurationError` saying what to set.
 */

type Env = Record<string, string | undefined>

interface CachedProvider {
  signature: string
  provider: PaymentProvider
}

/**
 * Kept per module instance, not on globalThis: Next.js bundles each route separately, each with
 * its own copy of the provider classes and error classes, so a provider built by one bundle would
 * fail `instanceof TestCheckoutProvider` and throw errors that fail `instanceof
 * InvalidWebhookSignatureError` in another. What must be shared (the test checkout's sessions) is
 * shared through its own process-wide registry (test-checkout.ts).
 */
let cached: CachedProvider | undefined

/**
 * The configured provider, built once per bundle and configuration (rebuilt if the relevant
 * environment variables change, as they do in tests).
 */
export function getPaymentProvider(env: Env = process.env): PaymentProvider {
  const name = paymentProviderName(env)
  const signature = JSON.stringify([
    name,
    env.STRIPE_SECRET_KEY,
    env.STRIPE_WEBHOOK_SECRET,
    env.STRIPE_API_HOST,
    env.STRIPE_API_PORT,
    env.STRIPE_API_PROTOCOL,
    env.BOOKINGS_DATA_DIR,
  ])
  if (cached && cached.signature === signature) return cached.provider
  const provider = name === 'stripe' ? stripeProviderFromEnv(env) : testCheckoutProviderFromEnv(env)
  cached = {signature, provider}
  return provider
}

/**
 * The provider that takes a new payment from `client` (the address the edge server resolved): the
 * configured one, except that the test checkout of a server that serves this machine only refuses
 * other clients with `PaymentConfigurationError` (see `testCheckoutReach`).
 */
export function getPaymentProviderFor(client: string, env: Env = process.env): PaymentProvider {
  const provider = getPaymentProvider(env)
  if (provider instanceof TestCheckoutProvider && !testCheckoutAllowed(client, env)) throw new PaymentConfigurationError(TEST_CHECKOUT_THIS_MACHINE_MESSAGE)
  return provider
}

/**
 * The test checkout, for its own page and Pay/Cancel actions (`/checkout/test/<id>`) as `client`
 * (the address the edge server resolved) sees them, or null when another provider is configured or
 * the test checkout is refused to this client (the page then answers 404).
 */
export function getTestCheckout(client: string, env: Env = process.env): TestCheckoutProvider | null {
  let provider: PaymentProvider
  try {
    provider = getPaymentProviderFor(client, env)
  } catch (error) {
    if (error instanceof PaymentConfigurationError) return null
    throw error
  }
  return provider instanceof TestCheckoutProvider ? provider : null
}

export {paymentProviderName}
export {
  assertValidCheckoutRequest,
  CHECKOUT_SESSION_ID_PLACEHOLDER,
  CheckoutNotFoundError,
  checkoutReturnUrls,
  InvalidCheckoutRequestError,
  InvalidWebhookSignatureError,
  MIN_CHARGE_CENTS,
  PaymentConfigurationError,
  PaymentProviderError,
} from './provider'
export type {
  CardUpdateDetails,
  CardUpdateRequest,
  CardUpdateSession,
  OffSessionChargeRequest,
  OffSessionChargeResult,
  SavedCard,
  CheckoutDetails,
  CheckoutPaymentStatus,
  CheckoutRequest,
  CheckoutSession,
  CheckoutStatus,
  PaymentCurrency,
  PaymentEvent,
  PaymentEventKind,
  PaymentProvider,
  PaymentProviderName,
  Refund,
  RefundRequest,
} from './provider'
export {
  isLoopbackAddress,
  isTestCheckoutSessionId,
  testCheckoutAllowed,
  testCheckoutReach,
  testCheckoutDetails,
  testCheckoutPath,
  TestCheckoutProvider,
  testCheckoutReturnUrl,
  testCardUpdateReturnUrl,
  TEST_CARD_DECLINED_MESSAGE,
  TEST_CHECKOUT_REFUSED_MESSAGE,
  TEST_CHECKOUT_THIS_MACHINE_MESSAGE,
} from './test-checkout'
export type {TestCardCharge, TestCardUpdateRecord, TestChargeAnswer, TestCheckoutReach, TestCheckoutRefundRecord, TestRefundAnswer, TestCheckoutOutcome, TestCheckoutSessionRecord, TestCheckoutSessionStatus} from './test-checkout'
