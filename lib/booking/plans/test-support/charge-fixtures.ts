/**
 * Plans and their later visits written with plain SQL, matching the foundation's columns
 * (20261122000200_baseline_plans_and_charges.sql), for the charge job's tests and measurement: the functions
 * that make plans (`plans`) are not needed to test what charges them.
 */
import {randomUUID} from 'node:crypto'
import type {PaymentProvider, OffSessionChargeRequest, OffSessionChargeResult} from '../../../payments/provider.ts'
import {PaymentProviderError} from '../../../payments/provider.ts'
import {toInsertRow} from '../../store/mapping.ts'
import {houseBooking} from '../../store/test-support/fixtures.ts'

export interface SqlQuery {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{rows: R[]}>
}

export interface PlanFixture {
  planId: string
  firstBookingId: string
  visitId: string
}

export interface PlanFixtureOptions {
  /** The later visit's date (YYYY-MM-DD) and when its 08:00-10:00 window starts (ISO 8601). */
  date: string
  windowStartsAt: string
  /** Default: 48 hours before the window. */
  chargeDueAt?: string
  amountCents?: number
  status?: 'active' | 'paused' | 'cancelled'
  /** The saved card; null: none. Default: a card of the test stand-in, customer `cus_<random>`. */
  card?: {provider: string; customerId: string; paymentMethodId: string; label: string} | null
  cardGeneration?: number
  email?: string
}

async function insertBooking(sql: SqlQuery, row: Record<string, unknown>): Promise<void> {
  const columns = Object.keys(row)
  await sql.query(
    `insert into public.bookings (${columns.join(', ')}) select ${columns.join(', ')} from jsonb_populate_record(null::public.bookings, $1::jsonb)`,
    [JSON.stringify(row)],
  )
}

/** A plan's later visit and its charge row, in one statement (a 'scheduled' booking never lacks one). */
async function insertVisit(sql: SqlQuery, row: Record<string, unknown>, charge: {state: string; dueAt: string}): Promise<void> {
  const columns = Object.keys(row)
  await sql.query(
    `with visit as (
       insert into public.bookings (${columns.join(', ')}) select ${columns.join(', ')} from jsonb_populate_record(null::public.bookings, $1::jsonb) returning id
     )
     insert into public.plan_visit_charges (booking_id, state, due_at) select id, $2, $3::timestamptz from visit`,
    [JSON.stringify(row), charge.state, charge.dueAt],
  )
}

/** A weekly house plan: its paid first visit a week before `date`, and its visit 2 on `date`, scheduled for its charge. */
export async function insertPlanWithVisit(sql: SqlQuery, options: PlanFixtureOptions): Promise<PlanFixture> {
  const amountCents = options.amountCents ?? 16624
  const windowStart = new Date(options.windowStartsAt)
  const week = 7 * 86_400_000
  const firstDate = new Date(Date.parse(`${options.date}T12:00:00Z`) - week).toISOString().slice(0, 10)
  const email = options.email ?? `plan-${randomUUID().slice(0, 8)}@example.com`
  const template = houseBooking({frequency: 'Weekly', coupon: null, discountCents: null, amountCents, email, arrivalWindow: '08:00-10:00', serviceFamily: 'indoor'})
  const firstBookingId = randomUUID()
  await insertBooking(sql, {
    ...toInsertRow({...template, idempotencyKey: randomUUID(), date: firstDate, windowStartsAt: new Date(windowStart.getTime() - week).toISOString()}),
    id: firstBookingId,
    payment_status: 'paid',
    paid_at: new Date(windowStart.getTime() - 2 * week).toISOString(),
  })
  const card = options.card === undefined ? {provider: 'stripe', customerId: `cus_${randomUUID().slice(0, 8)}`, paymentMethodId: 'pm_card_visa', label: 'Visa ending 4242'} : options.card
  const status = options.status ?? 'active'
  const planId = randomUUID()
  const changedAt = new Date(windowStart.getTime() - 2 * week).toISOString()
  await sql.query(
    `insert into public.booking_plans (id, first_booking_id, industry, frequency, cadence, anchor_date, arrival_window, service_family, visit_template,
       per_visit_cents, one_time_cents, first_name, last_name, email, phone, status, paused_at, cancelled_at, cancelled_by, generated_through,
       payment_provider, payment_customer_id, payment_method_id, card_label, card_generation)
     values ($1, $2, 'house', 'Weekly', 'weekly', $3, '08:00-10:00', 'indoor', $4::jsonb, $5, 21500, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
    [
      planId, firstBookingId, firstDate, JSON.stringify(template), amountCents, template.firstName, template.lastName, email, template.phone, status,
      status === 'paused' ? changedAt : null, status === 'cancelled' ? changedAt : null, status === 'cancelled' ? 'customer' : null, options.date,
      card?.provider ?? null, card?.customerId ?? null, card?.paymentMethodId ?? null, card?.label ?? null, options.cardGeneration ?? 0,
    ],
  )
  await sql.query(`update public.bookings set plan_id = $1, plan_visit = 1 where id = $2`, [planId, firstBookingId])
  const visitId = randomUUID()
  await insertVisit(
    sql,
    {
      ...toInsertRow({...template, idempotencyKey: randomUUID(), date: options.date, windowStartsAt: windowStart.toISOString()}),
      id: visitId,
      plan_id: planId,
      plan_visit: 2,
      payment_status: 'scheduled',
    },
    {state: 'scheduled', dueAt: options.chargeDueAt ?? new Date(windowStart.getTime() - 48 * 3_600_000).toISOString()},
  )
  return {planId, firstBookingId, visitId}
}

export type CardBehaviour = 'succeed' | 'decline' | 'authentication_required' | 'unreachable' | 'card_removed' | 'bad_key'

/**
 * A card processor standing in for the vendor behind `PaymentProvider` (only the saved-card charge):
 * it answers as Stripe does, one payment per idempotency key (the same key again is answered the
 * first result), and counts what it is asked. `behaviour` decides each customer's card.
 */
export class CardProcessorStandIn implements Pick<PaymentProvider, 'name' | 'chargeSavedCard' | 'findOffSessionCharge'> {
  readonly name = 'stripe' as const
  readonly requests: OffSessionChargeRequest[] = []
  /** Payments made (succeeded), by idempotency key. */
  readonly payments = new Map<string, OffSessionChargeResult>()
  private readonly answers = new Map<string, OffSessionChargeResult>()
  private readonly behaviour: (request: OffSessionChargeRequest) => CardBehaviour

  // No parameter properties: scripts run this file with Node's type stripping.
  constructor(behaviour: (request: OffSessionChargeRequest) => CardBehaviour = () => 'succeed') {
    this.behaviour = behaviour
  }

  async chargeSavedCard(request: OffSessionChargeRequest): Promise<OffSessionChargeResult> {
    this.requests.push(request)
    const answered = this.answers.get(request.idempotencyKey)
    if (answered) return answered
    const behaviour = this.behaviour(request)
    if (behaviour === 'unreachable') throw new PaymentProviderError('stripe', 'An error occurred with our connection to Stripe.')
    // As Stripe refuses a PaymentMethod detached from its Customer, and a revoked API key.
    if (behaviour === 'card_removed') throw new PaymentProviderError('stripe', `No such PaymentMethod: '${request.card.paymentMethodId}'`, {statusCode: 400, code: 'resource_missing'})
    if (behaviour === 'bad_key') throw new PaymentProviderError('stripe', 'Invalid API Key provided: sk_test_***', {statusCode: 401})
    const paymentId = `pi_${randomUUID().replace(/-/g, '').slice(0, 24)}`
    const result: OffSessionChargeResult =
      behaviour === 'succeed'
        ? {outcome: 'succeeded', paymentId, amountCents: request.amountCents}
        : behaviour === 'decline'
          ? {outcome: 'declined', paymentId, code: 'card_declined', message: 'Your card was declined.'}
          : {outcome: 'authentication_required', paymentId, code: 'authentication_required', message: 'This payment requires authentication.'}
    this.answers.set(request.idempotencyKey, result)
    if (result.outcome === 'succeeded') this.payments.set(request.idempotencyKey, result)
    return result
  }

  /** The payment made under the key, as Stripe's list finds it by the key in its metadata (however long ago). */
  async findOffSessionCharge(lookup: {idempotencyKey: string}): Promise<OffSessionChargeResult | null> {
    this.lookups.push(lookup.idempotencyKey)
    return this.answers.get(lookup.idempotencyKey) ?? null
  }

  /** The keys looked up before a retry. */
  readonly lookups: string[] = []

  /** The charges asked for one visit. */
  requestsFor(bookingId: string): OffSessionChargeRequest[] {
    return this.requests.filter((request) => request.bookingId === bookingId)
  }
}

/** The stand-in as the job takes it (the job calls only `name`, `chargeSavedCard` and `findOffSessionCharge`). */
export function asProvider(standIn: CardProcessorStandIn): PaymentProvider {
  return standIn as unknown as PaymentProvider
}
