import {describe, expect, it} from 'vitest'
import {planFlowForTests} from '../test-support/plan-flow'
import {houseRequest} from '../test-support/requests'
import {submitBooking} from './submit'
import {planForSuccess} from './success-plan'

/**
 * What /success shows of a plan: the plan a paid first visit
 * started, read from the store (a real one on PGlite, the plan made by the booking flow after payment).
 */

const flow = planFlowForTests()

async function book(overrides: Record<string, unknown>, pay: boolean): Promise<string> {
  const submitted = await submitBooking(houseRequest(overrides), flow.deps)
  if (!submitted.ok) throw new Error(JSON.stringify(submitted))
  if (pay) await flow.pay(submitted.checkoutUrl)
  return submitted.bookingId
}

describe('the plan on /success', () => {
  it('a paid Every Other Week booking: the frequency, its weekday and window, and its next visits to the horizon', async () => {
    // Friday 2030-02-01, 10–12; the horizon is 2030-03-16 (FIXED_NOW + 60 days).
    const id = await book({frequency: 'Every Other Week', date: '2030-02-01', arrivalWindow: '10:00-12:00'}, true)
    expect(await planForSuccess(id, {store: flow.store, plans: flow.plans})).toEqual({
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
    expect(await planForSuccess(await book({frequency: 'One-Time'}, true), {store: flow.store, plans: flow.plans})).toBeNull()
    expect(await planForSuccess(await book({frequency: 'Weekly'}, false), {store: flow.store, plans: flow.plans})).toBeNull()
    expect(await planForSuccess('00000000-0000-4000-8000-000000000000', {store: flow.store, plans: flow.plans})).toBeNull()
    expect(await planForSuccess('not-a-uuid', {store: flow.store, plans: flow.plans})).toBeNull()
    expect(await planForSuccess(null, {store: flow.store, plans: flow.plans})).toBeNull()
  })
})
