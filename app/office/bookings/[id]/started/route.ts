import {getBookingStore} from '@/lib/booking/store'
import {getDatabaseFunctions} from '@/lib/database'
import {markStarted, markStartedLocation} from '@/lib/office/mark-started'
import {officeRoute} from '@/lib/office/route-access'
import {TEST_CLOCK_HEADER, testClockNow} from '@/lib/office/test-clock'
import {wakeTextOutbox} from '@/lib/texts/server'

/** Mark the visit started (the crew set off): answers 303 back to the booking page with the outcome. */
export const POST = officeRoute({role: 'staff'}, async (request, {staff, params}) => {
  const {id} = (await params) as {id: string}
  const testNow = testClockNow(process.env, request.headers.get(TEST_CLOCK_HEADER))
  let location: string
  try {
    const [store, functions] = await Promise.all([getBookingStore(), getDatabaseFunctions()])
    location = markStartedLocation(id, await markStarted(id, staff, {store, functions, now: () => testNow ?? new Date(), textsQueued: wakeTextOutbox}))
  } catch (error) {
    console.error('Office: marking a visit started failed', error)
    location = markStartedLocation(id, {ok: false, problem: 'failed'})
  }
  return new Response(null, {status: 303, headers: {Location: location}})
})
