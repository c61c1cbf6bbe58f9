/**
 * Charges and refunds sent again, exactly once. A provider answers a repeated idempotency key with
 * the first answer only while it keeps the key (Stripe: at least 24 hours, then it may forget it),
 * so a charge or refund sent again after an unknown outcome (a crash, no answer, a claim taken
 * over) is first looked up at the provider by the key kept in its metadata: found, it is the
 * answer; only when the provider has none is it sent (with the same key).
 *
 * Plain TypeScript on the `PaymentProvider` interface: no SDK.
 */
import type {OffSessionChargeRequest, OffSessionChargeResult, PaymentProvider, Refund, RefundRequest} from './provider'

/**
 * An off-session charge. `retry`: an earlier attempt with this key may have reached the provider
 * (this is not the first attempt), so it is looked up first. A first attempt is sent at once.
 */
export async function chargeSavedCardOnce(
  provider: Pick<PaymentProvider, 'chargeSavedCard' | 'findOffSessionCharge'>,
  request: OffSessionChargeRequest,
  options: {retry: boolean},
): Promise<OffSessionChargeResult> {
  if (options.retry) {
    const found = await provider.findOffSessionCharge({idempotencyKey: request.idempotencyKey, card: request.card, bookingId: request.bookingId})
    if (found) return found
  }
  return provider.chargeSavedCard(request)
}

/**
 * A refund, looked up first: a refund claim is taken over (its first try's answer lost) at any age,
 * and refunds are few, so the lookup is always made.
 */
export async function refundOnce(provider: Pick<PaymentProvider, 'refund' | 'findRefund'>, request: RefundRequest): Promise<Refund> {
  const found = await provider.findRefund({sessionId: request.sessionId, idempotencyKey: request.idempotencyKey})
  return found ?? provider.refund(request)
}
