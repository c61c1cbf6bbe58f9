import type {ReactNode} from 'react'
import type {DefaultValues} from 'react-hook-form'
import {BookingFormProvider, useBookingForm, type BookingFormValues} from '@/components/booking/shared/useBookingForm'
import type {Industry} from '@/lib/booking/catalog'
import {bookingFormTexts} from './content'

const TEXTS = {
  house: bookingFormTexts('house'),
  carpet: bookingFormTexts('carpet'),
  exterior: bookingFormTexts('exterior'),
  commercial: bookingFormTexts('commercial'),
}

/** The texts a booking form gets from the content (the local dataset). */
export function textsOf<I extends Industry>(industry: I) {
  return TEXTS[industry]
}

/**
 * One booking form's state (the app's own useBookingForm and provider, with the content's texts),
 * for testing a shared piece of the booking screen inside it.
 */
export function InBookingForm<I extends Industry>({industry, values, children}: {industry: I; values: DefaultValues<BookingFormValues[I]>; children: ReactNode}) {
  const texts = TEXTS[industry]
  const form = useBookingForm(industry, values, texts.messages)
  return (
    <BookingFormProvider form={form} texts={texts as never}>
      {children}
    </BookingFormProvider>
  )
}
