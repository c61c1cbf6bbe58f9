import {zodResolver} from '@hookform/resolvers/zod'
import type {Resolver} from 'react-hook-form'
import type {Industry} from '@/lib/booking/catalog'
import {bookingSchemaFor} from '@/lib/booking/schemas'

/*
 * The booking forms' validation: the server's own zod schemas (lib/booking/schemas.ts) with zod
 * itself. Imported on the form's first use (useBookingForm.ts), not with the booking screen.
 */

const resolvers = new Map<Industry, Resolver>()

/** react-hook-form's resolver for one industry's form, built once. */
export function bookingResolver(industry: Industry): Resolver {
  let resolver = resolvers.get(industry)
  if (!resolver) {
    resolver = zodResolver(bookingSchemaFor(industry) as never) as unknown as Resolver
    resolvers.set(industry, resolver)
  }
  return resolver
}
