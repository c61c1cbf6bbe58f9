import {beforeEach} from 'vitest'
import {setFlowLogger, type FlowLogger} from '../../../booking/flow'
import {embeddedBookingStore} from '../../../booking/store/test-support/embedded-store'
import {createSqlDatabaseFunctions} from '../../../database/sql-functions'
import {openedForTests} from '../../../database/test-support/opened-for-tests'
import {startStripeApiStandIn} from '../../../payments/test-support/stripe-api'
import {createOfficeMoneyStore} from '../store'

/**
 * The office's money on the embedded database with every migration, beside the local stand-in for
 * Stripe's API, for the tests of one file (the booking flow logging to `log`): each test starts with
 * no bookings, e-mails or staff actions, and a stand-in that has seen no request and accepts refunds.
 */
export function officeMoneyOnStandIn(log: FlowLogger) {
  const {db, store} = embeddedBookingStore({set: setFlowLogger, log})
  const functions = createSqlDatabaseFunctions(db)
  const stripeApi = openedForTests(startStripeApiStandIn)
  beforeEach(async () => {
    await db.exec('delete from public.bookings; delete from public.email_outbox; delete from public.staff_actions')
    stripeApi.refunds.length = 0
    stripeApi.requests.length = 0
    stripeApi.refuseRefunds(null)
  })
  return {db, store, functions, money: createOfficeMoneyStore(functions), stripeApi}
}
