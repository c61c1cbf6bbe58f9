'use client'

import {createContext, createElement, useContext, type ReactNode} from 'react'
import type {Industry} from '@/lib/booking/catalog'
import type {BookingFormTexts} from '@/lib/content'

/**
 * A booking form's texts (content: the Booking forms document and the booking page's form texts),
 * handed down by the page to the form, its summary and the shared pieces inside them.
 */
const BookingTextsContext = createContext<BookingFormTexts | null>(null)

export function BookingTextsProvider({texts, children}: {texts: BookingFormTexts; children?: ReactNode}) {
  return createElement(BookingTextsContext.Provider, {value: texts}, children)
}

export function useBookingTexts<I extends Industry = Industry>(): BookingFormTexts<I> {
  const texts = useContext(BookingTextsContext)
  if (!texts) throw new Error('useBookingTexts must be used inside a BookingTextsProvider')
  return texts as BookingFormTexts<I>
}
