'use client'

import {zodResolver} from '@hookform/resolvers/zod'
import {useForm, useFormContext, type DefaultValues, type Resolver, type UseFormReturn} from 'react-hook-form'
import {useBookingPrefill} from './useBookingPrefill'
import type {Industry} from '@/lib/booking/catalog'
import {
  bookingSchemaFor,
  type CarpetBooking,
  type CarpetBookingInput,
  type CommercialBooking,
  type CommercialBookingInput,
  type ExteriorBooking,
  type ExteriorBookingInput,
  type HouseBooking,
  type HouseBookingInput,
} from '@/lib/booking/schemas'

/** What each form holds while being filled in (the schemas' input types). */
export type BookingFormValues = {
  house: HouseBookingInput
  exterior: ExteriorBookingInput
  carpet: CarpetBookingInput
  commercial: CommercialBookingInput
}

/** Validated, normalised values of each form (the schemas' output types). */
export type BookingValues = {
  house: HouseBooking
  exterior: ExteriorBooking
  carpet: CarpetBooking
  commercial: CommercialBooking
}

/** The react-hook-form instance of one booking form. */
export type BookingForm<I extends Industry> = UseFormReturn<BookingFormValues[I], unknown, BookingValues[I]>

/**
 * A booking form's react-hook-form instance, validated by the same zod schema the server uses
 * (lib/booking/schemas.ts). Messages appear after the first submit and then update as the customer
 * types. Focus on the first invalid field is handled by useBookingSubmit (in page order).
 *
 * `industry` is added to `defaultValues` here; `idempotencyKey` need not be there either:
 * useBookingSubmit sets it before validating. The address may fill the form in (useBookingPrefill).
 */
export function useBookingForm<I extends Industry>(
  industry: I,
  defaultValues: DefaultValues<BookingFormValues[I]>,
): BookingForm<I> {
  const resolver = zodResolver(bookingSchemaFor(industry)) as unknown as Resolver<BookingFormValues[I], unknown, BookingValues[I]>
  const form = useForm<BookingFormValues[I], unknown, BookingValues[I]>({
    resolver,
    defaultValues: {...defaultValues, industry} as DefaultValues<BookingFormValues[I]>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  })
  useBookingPrefill(industry, form as never)
  return form
}

/** The booking form of the nearest <FormProvider> (each industry's provider renders one). */
export function useBookingFormContext<I extends Industry>(): BookingForm<I> {
  return useFormContext<BookingFormValues[I], unknown, BookingValues[I]>()
}
