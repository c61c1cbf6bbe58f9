import {zodResolver} from '@hookform/resolvers/zod'
import type {Resolver} from 'react-hook-form'
import type {Industry} from '@/lib/booking/catalog'
import {contentMessage, type BookingMessages} from '@/lib/booking/message-keys'
import {createBookingSchema} from '@/lib/booking/schemas'

/*
 * The booking forms' validation: the server's own zod schemas (lib/booking/schemas.ts) with zod
 * itself, worded with the form's messages (content). Imported on the form's first use
 * (useBookingForm.ts), not with the booking screen.
 */

const resolvers = new WeakMap<BookingMessages, Map<Industry, Resolver>>()

/** react-hook-form's resolver for one industry's form with these messages, built once. */
export function bookingResolver(industry: Industry, messages: BookingMessages): Resolver {
  let byIndustry = resolvers.get(messages)
  if (!byIndustry) {
    byIndustry = new Map()
    resolvers.set(messages, byIndustry)
  }
  let resolver = byIndustry.get(industry)
  if (!resolver) {
    resolver = zodResolver(createBookingSchema(industry, contentMessage(messages)) as never) as unknown as Resolver
    byIndustry.set(industry, resolver)
  }
  return resolver
}
