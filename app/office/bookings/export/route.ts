import {parseBookingFilter} from '@/lib/office/booking-filter'
import {bookingsCsvStream, csvFileName} from '@/lib/office/booking-lists'
import {officeListDeps} from '@/lib/office/booking-lists-server'
import {officeRoute} from '@/lib/office/route-access'

/** The bookings list's CSV: every booking the filter in the address matches, all pages, streamed. */
export const GET = officeRoute({role: 'owner'}, async (request) => {
  const deps = await officeListDeps()
  const filter = parseBookingFilter(new URL(request.url).searchParams)
  return new Response(bookingsCsvStream(deps, filter), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${csvFileName(deps.now())}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  })
})
