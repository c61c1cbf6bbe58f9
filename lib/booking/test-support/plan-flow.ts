import type {MigrationClient} from '../../database/sql'
import {embeddedDatabaseForTests} from '../../database/test-support/opened-for-tests'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {createMemoryTestCheckoutSessions, TestCheckoutProvider} from '../../payments/test-checkout'
import {fulfilCheckout} from '../flow/fulfil'
import type {BookingFlowDeps} from '../flow/shared'
import {createPlanStore} from '../plans/plan-store'
import {createPlanReader, type PlanReader} from '../plans/reader'
import {DEFAULT_PLAN_SETTINGS} from '../plans/settings'
import {createSqlBookingStore} from '../store/sql-store'
import type {BookingStore} from '../store/store'
import {roomyAvailability} from './availability'
import {fixedClock, ORIGIN} from './requests'

/**
 * The booking flow with plans on a real store (PGlite in memory), the local test
 * checkout and the clock at FIXED_NOW: for tests that book, pay and then read the plan back. The
 * database opens before the first test of the file and closes after the last.
 */
export interface PlanFlow {
  db: MigrationClient
  store: BookingStore
  plans: PlanReader
  payments: TestCheckoutProvider
  deps: BookingFlowDeps
  /** Pays the checkout on the test checkout and confirms it, as its Pay button does. */
  pay(checkoutUrl: string): Promise<void>
}

export function planFlowForTests(): PlanFlow {
  const db = embeddedDatabaseForTests()
  const store = createSqlBookingStore(db)
  const functions = createSqlDatabaseFunctions(db)
  const payments = new TestCheckoutProvider(createMemoryTestCheckoutSessions())
  const deps: BookingFlowDeps = {
    store,
    payments,
    origin: ORIGIN,
    now: fixedClock,
    availability: roomyAvailability,
    plans: {plans: createPlanStore(functions), availability: roomyAvailability, settings: DEFAULT_PLAN_SETTINGS},
  }
  return {
    db,
    store,
    plans: createPlanReader(functions),
    payments,
    deps,
    async pay(checkoutUrl) {
      const sessionId = checkoutSessionId(checkoutUrl)
      await payments.complete(sessionId, 'paid')
      await fulfilCheckout(sessionId, deps)
    },
  }
}

/** The test checkout's session id in its address. */
export function checkoutSessionId(checkoutUrl: string): string {
  return decodeURIComponent(new URL(checkoutUrl).pathname.split('/').pop() ?? '')
}
