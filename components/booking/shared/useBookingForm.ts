'use client'

import {createContext, createElement, useContext, useMemo, type ReactNode} from 'react'
import {useForm, type DefaultValues, type Resolver, type UseFormReturn} from 'react-hook-form'
import {useBookingPrefill, type BookingPreselect} from './useBookingPrefill'
import {BookingTextsProvider} from './BookingTexts'
import type {BookingFormTexts} from '@/lib/content'
import type {Industry} from '@/lib/booking/catalog'
import type {BookingMessages} from '@/lib/booking/message-keys'
import type {
  CarpetBooking,
  CarpetBookingInput,
  CommercialBooking,
  CommercialBookingInput,
  ExteriorBooking,
  ExteriorBookingInput,
  HouseBooking,
  HouseBookingInput,
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

let validation: Promise<typeof import('./bookingValidation')> | null = null

/**
 * Starts loading the booking schemas and zod (./bookingValidation.ts), once: the booking screen
 * calls it on the form's first use (useBookingSubmit), long before its first validation. A failed
 * load (offline) is tried again on the next call.
 */
export function loadBookingValidation(): Promise<typeof import('./bookingValidation')> {
  validation ??= import('./bookingValidation').catch((error: unknown) => {
    validation = null
    throw error
  })
  return validation
}

/**
 * A resolver that awaits the schemas (resolvers are asynchronous anyway), then validates with them,
 * worded with the form's messages.
 */
function useLazyResolver(industry: Industry, messages: BookingMessages): Resolver {
  return useMemo<Resolver>(
    () => async (values, context, options) => (await loadBookingValidation()).bookingResolver(industry, messages)(values, context, options),
    [industry, messages],
  )
}

/**
 * A booking form's react-hook-form instance, validated by the same zod schema the server uses
 * (lib/booking/schemas.ts) worded with the form's `messages` (content), loaded on the form's first use
 * so that the screen's own code stays small (the live summary prices without it,
 * lib/booking/pricing.ts). Messages appear after the first submit and then update as the customer
 * types. Focus on the first invalid field is handled by useBookingSubmit (in page order).
 *
 * `industry` is added to `defaultValues` here; `idempotencyKey` need not be there either:
 * useBookingSubmit sets it before validating. The address may fill the form in (useBookingPrefill), choosing
 * `preselect`'s field when it names one of its options.
 */
export function useBookingForm<I extends Industry>(
  industry: I,
  defaultValues: DefaultValues<BookingFormValues[I]>,
  messages: BookingMessages,
  preselect?: BookingPreselect,
): BookingForm<I> {
  const resolver = useLazyResolver(industry, messages) as unknown as Resolver<BookingFormValues[I], unknown, BookingValues[I]>
  const form = useForm<BookingFormValues[I], unknown, BookingValues[I]>({
    resolver,
    defaultValues: {...defaultValues, industry} as DefaultValues<BookingFormValues[I]>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  })
  useBookingPrefill(industry, form as never, preselect)
  return form
}

const BookingFormContext = createContext<BookingForm<Industry> | null>(null)

/**
 * Shares one booking form with the form and its summary (each industry's provider renders one).
 * Not react-hook-form's FormProvider: that one passes the form's state along, so every change of
 * it (the first right after hydration) re-renders everything that uses the context, the whole form
 * included. This passes the form object, which never changes: each part re-renders on what it
 * watches (useWatch, useController, useFormState). Also hands down the form's texts (content).
 */
export function BookingFormProvider<I extends Industry>({form, texts, children}: {form: BookingForm<I>; texts: BookingFormTexts<I>; children: ReactNode}) {
  const formContext = createElement(BookingFormContext.Provider, {value: form as unknown as BookingForm<Industry>}, children)
  return createElement(BookingTextsProvider, {texts: texts as BookingFormTexts}, formContext)
}

/** The booking form of the nearest BookingFormProvider. */
export function useBookingFormContext<I extends Industry>(): BookingForm<I> {
  const form = useContext(BookingFormContext)
  if (!form) throw new Error('useBookingFormContext must be used inside a BookingFormProvider')
  return form as unknown as BookingForm<I>
}
