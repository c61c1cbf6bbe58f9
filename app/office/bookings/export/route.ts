import {parseBookingFilter, refusedBookingFilter} from '@/lib/office/bookings/filter'
import {bookingsCsvStream, csvFileName} from '@/lib/office/bookings/lists'
import {officeListDeps} from '@/lib/office/bookings/lists-server'
import {officeRoute, refusedParameterAnswer} from '@/lib/office/access/routes'

/** The bookings list's CSV: every booking the filter in the address matches, all pages, streamed. A refused filter is a 400 before anything is streamed. */
export const GET = officeRoute({role: 'owner'}, async (request) => {
  const params = new URL(request.url).searchParams
  const refused = refusedBookingFilter(params)
  if (refused) return refusedParameterAnswer(refused)
  const deps = await officeListDeps()
  const filter = parseBookingFilter(params)
  return new Response(bookingsCsvStream(deps, filter), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${csvFileName(deps.now())}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  })
})
