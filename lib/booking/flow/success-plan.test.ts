import type {PGlite} from '@electric-sql/pglite'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {openMigratedMemoryDatabase} from '../../database/test-support/temp-pglite'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {createMemoryTestCheckoutSessions, TestCheckoutProvider} from '../../payments/test-checkout'
import {createPlanStore} from '../plans/plan-store'
import {createPlanReader, type PlanReader} from '../plans/reader'
import {DEFAULT_PLAN_SETTINGS} from '../plans/settings'
import {createSqlBookingStore} from '../store/sql-store'
import type {BookingStore} from '../store/store'
import {roomyAvailability} from '../test-support/availability'
import {fixedClock, houseRequest, ORIGIN} from '../test-support/requests'
import {fulfilCheckout} from './fulfil'
import type {BookingFlowDeps} from './shared'
import {submitBooking} from './submit'
import {planForSuccess} from './success-plan'

/**
 * i24-plan-ui. What /success shows of a plan (issue 24, acceptance 1): the plan a paid first visit
 * started, read from the store (a real one on PGlite, the plan made by the booking flow after payment).
 */

let db: PGlite
let store: BookingStore
let plans: PlanReader
let payments: TestCheckoutProvider
let deps: BookingFlowDeps

beforeAll(async () => {
  db = await openMigratedMemoryDatabase()
  store = createSqlBookingStore(db)
  const functions = createSqlDatabaseFunctions(db)
  plans = createPlanReader(functions)
  payments = new TestCheckoutProvider(createMemoryTestCheckoutSessions())
  deps = {
    store,
    payments,
    origin: ORIGIN,
    now: fixedClock,
    availability: roomyAvailability,
    plans: {plans: createPlanStore(functions), availability: roomyAvailability, settings: DEFAULT_PLAN_SETTINGS},
  }
}, 60_000)

afterAll(async () => {
  await db.close()
})

async function book(overrides: Record<string, unknown>, pay: boolean): Promise<string> {
  const submitted = await submitBooking(houseRequest(overrides), deps)
  if (!submitted.ok) throw new Error(JSON.stringify(submitted))
  if (pay) {
    const sessionId = decodeURIComponent(new URL(submitted.checkoutUrl).pathname.split('/').pop() ?? '')
    await payments.complete(sessionId, 'paid')
    await fulfilCheckout(sessionId, deps)
  }
  return submitted.bookingId
}

describe('the plan on /success', () => {
  it('a paid Every Other Week booking: the frequency, its weekday and window, and its next visits to the horizon', async () => {
    // Friday 2030-02-01, 10–12; the horizon is 2030-03-16 (FIXED_NOW + 60 days).
    const id = await book({frequency: 'Every Other Week', date: '2030-02-01', arrivalWindow: '10:00-12:00'}, true)
    expect(await planForSuccess(id, {store, plans})).toEqual({
      frequency: 'Every Other Week',
      weekday: 'Friday',
      window: '10:00 AM – 12:00 PM',
      visits: [
        {date: '2030-02-15', window: '10:00 AM – 12:00 PM'},
        {date: '2030-03-01', window: '10:00 AM – 12:00 PM'},
        {date: '2030-03-15', window: '10:00 AM – 12:00 PM'},
      ],
    })
  })

  it('nothing for a one-time booking, an unpaid plan frequency, an unknown or missing id', async () => {
    expect(await planForSuccess(await book({frequency: 'One-Time'}, true), {store, plans})).toBeNull()
    expect(await planForSuccess(await book({frequency: 'Weekly'}, false), {store, plans})).toBeNull()
    expect(await planForSuccess('00000000-0000-4000-8000-000000000000', {store, plans})).toBeNull()
    expect(await planForSuccess('not-a-uuid', {store, plans})).toBeNull()
    expect(await planForSuccess(null, {store, plans})).toBeNull()
  })
})
