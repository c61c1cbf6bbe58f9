/**
 * The `plan-visits` job (every hour): keeps every active plan's visits stored up to the booking
 * horizon as the days go by, and makes the plan of a paid first visit that has none (the server
 * stopped between the payment and the plan). Plain TypeScript: the stores, the provider, the rules
 * and the clock are passed in. Plans are read a page at a time in id order; each visit is stored
 * by the database once (add_plan_visit), so two runs at once still add each visit once.
 */
import type {ScheduledJob} from '../../jobs/runner'
import type {PaymentProvider, SavedCard} from '../../payments/provider'
import type {StoredPlan} from './plan'
import {planHorizon} from './schedule'
import {generateVisits, startPlan, type GenerateSummary, type PlanFlowDeps, type VisitEmails} from './visits'

export interface RollForwardDeps extends PlanFlowDeps {
  /** The provider the first visits were paid with: a repaired plan's card is retrieved from its checkout. */
  payments?: () => PaymentProvider
  emails?: VisitEmails
  /** Plans read at once (default 500). */
  pageSize?: number
  /** Plans worked on at once (default 4: a remote database's round trips overlap). */
  concurrency?: number
  log?: Pick<Console, 'error' | 'warn'>
}

export type RollForwardSummary = GenerateSummary & {
  /** Plans made for paid first visits that had none. */
  repaired: number
  /** Plans that had visits to generate. */
  plans: number
  /** Plans whose visits could not be stored this time (tried again at the next run). */
  failed: number
}

/** A confirmation under way makes its own plan: only first visits paid longer ago than this are repaired. */
export const REPAIR_AFTER_MS = 10 * 60_000

/** The repairs of one run at most (the rest at the next). */
const REPAIRS_PER_RUN = 200

async function keptCard(deps: RollForwardDeps, sessionId: string | null): Promise<(SavedCard & {provider: string}) | null> {
  if (!deps.payments || !sessionId) return null
  try {
    const payments = deps.payments()
    const card = (await payments.retrieveCheckout(sessionId)).savedCard
    return card ? {...card, provider: payments.name} : null
  } catch (error) {
    // No card known: the plan is made anyway, and its first charge asks the customer for one.
    deps.log?.warn(`Plans: the card of checkout ${sessionId} could not be retrieved`, error)
    return null
  }
}

export async function rollPlansForward(deps: RollForwardDeps, now: Date): Promise<RollForwardSummary> {
  const summary: RollForwardSummary = {repaired: 0, plans: 0, failed: 0, added: 0, existing: 0, full: 0, placedElsewhere: 0}
  const log = deps.log ?? console
  const count = (done: GenerateSummary) => {
    summary.added += done.added
    summary.existing += done.existing
    summary.full += done.full
    summary.placedElsewhere += done.placedElsewhere
  }

  for (const booking of await deps.plans.paidBookingsWithoutPlan(new Date(now.getTime() - REPAIR_AFTER_MS), REPAIRS_PER_RUN)) {
    try {
      const result = await startPlan(booking, await keptCard(deps, booking.paymentSessionId), deps, now)
      if (result.status === 'created') summary.repaired += 1
      if (result.status !== 'not_a_plan') count(result.visits)
    } catch (error) {
      summary.failed += 1
      log.error(`Plans: the plan of paid booking ${booking.id} could not be made`, error)
    }
  }

  const rules = await deps.availability()
  const horizon = planHorizon(rules, now)
  const pageSize = deps.pageSize ?? 500
  const concurrency = Math.max(1, deps.concurrency ?? 4)
  const work = async (plan: StoredPlan) => {
    try {
      count(await generateVisits(plan, deps, rules, now))
      summary.plans += 1
    } catch (error) {
      summary.failed += 1
      log.error(`Plans: the visits of plan ${plan.id} could not be stored`, error)
    }
  }
  for (let after: string | null = null; ; ) {
    const page: StoredPlan[] = await deps.plans.plansToRollForward(horizon, after, pageSize)
    for (let index = 0; index < page.length; index += concurrency) await Promise.all(page.slice(index, index + concurrency).map(work))
    if (page.length < pageSize) break
    after = page[page.length - 1].id
  }
  return summary
}

export const PLAN_VISITS_JOB = 'plan-visits'

/** The job: every hour, with a claim longer than a run of thousands of plans takes. */
export function createPlanVisitsJob(deps: () => Promise<RollForwardDeps>): ScheduledJob {
  return {
    name: PLAN_VISITS_JOB,
    everySeconds: 60 * 60,
    leaseSeconds: 30 * 60,
    run: async (now) => rollPlansForward(await deps(), now),
  }
}
