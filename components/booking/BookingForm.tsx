'use client'

import {createContext, useContext, useLayoutEffect, useMemo, type ReactNode} from 'react'
import {useWatch, type DefaultValues} from 'react-hook-form'
import type {Industry} from '@/lib/booking/catalog'
import type {PriceBreakdown} from '@/lib/booking/pricing'
import type {BookingFormTexts} from '@/lib/content'
import {fillIn} from '@/lib/format'
import {BookingFormFooter} from './shared/BookingSections'
import {adoptVisitorInput} from './shared/sectionHydration'
import {useBookingTexts} from './shared/BookingTexts'
import {ConfirmPayButton} from './shared/ConfirmPayButton'
import {formCadence, PlanNotice} from './shared/PlanNotice'
import {SummaryCard, type SummaryCardProps} from './shared/SummaryCard'
import {BookingFormProvider, useBookingForm, useBookingFormContext, type BookingFormValues} from './shared/useBookingForm'
import {useBookingSubmit} from './shared/useBookingSubmit'
import type {BookingPreselect} from './shared/useBookingPrefill'
import styles from './shared/booking.module.css'

/*
 * One booking form for the four industries, driven by the industry's definition
 * (components/booking/definitions/*): its starting values, its sections in page order, its live
 * price and its summary's rows. What every form has (the <form>, the footer with the phone summary,
 * the error banner and Confirm & Pay with the amount) is written here once.
 */

/** What the summary shows besides the price: the rows of what is booked, and the card's options. */
export type BookingSummaryContent = Pick<SummaryCardProps, 'rows' | 'pendingText' | 'showDiscount' | 'note'>

export type BookingFormDefinition<I extends Industry> = {
  industry: I
  /** The form's starting values (`industry` is added by useBookingForm). */
  defaults: DefaultValues<BookingFormValues[I]>
  /** The field a service page may choose in advance (`?service=…`) and its options, if any. */
  preselect?: BookingPreselect
  /** The form's sections, in page order (shared ones from shared/BookingSections.tsx). */
  sections: ReactNode
  /** The live price of the values as they stand (lib/booking/pricing.ts; null until it can be priced). */
  preview: (values: Partial<BookingFormValues[I]>) => PriceBreakdown<I> | null
  /** The summary's rows (Service, Frequency…) and options for the values as they stand. */
  summary: (values: Partial<BookingFormValues[I]>, texts: BookingFormTexts<I>) => BookingSummaryContent
}

/** The date, window, customer details and notes every form starts without. */
export const BLANK_DETAILS = {date: '', arrivalWindow: '', firstName: '', lastName: '', email: '', phone: '', address: '', notes: ''} as const

const DefinitionContext = createContext<BookingFormDefinition<Industry> | null>(null)

function useDefinition<I extends Industry>(): BookingFormDefinition<I> {
  const definition = useContext(DefinitionContext)
  if (!definition) throw new Error('A booking form must be inside its BookingProvider')
  return definition as unknown as BookingFormDefinition<I>
}

/**
 * A booking form's state, shared by the form and the sidebar's summary: wrap the page's layout in
 * it (each definition file exports one bound to its definition, e.g. HouseBooking).
 */
export function BookingProvider<I extends Industry>({definition, texts, children}: {definition: BookingFormDefinition<I>; texts: BookingFormTexts<I>; children: ReactNode}) {
  const form = useBookingForm(definition.industry, definition.defaults, texts.messages, definition.preselect)
  return (
    <DefinitionContext.Provider value={definition as unknown as BookingFormDefinition<Industry>}>
      <BookingFormProvider form={form} texts={texts}>
        {children}
      </BookingFormProvider>
    </DefinitionContext.Provider>
  )
}

/** What an industry's own section needs: the form (control, trigger…) and the form's texts. */
export function useBookingSection<I extends Industry>() {
  return {form: useBookingFormContext<I>(), texts: useBookingTexts<I>()}
}

/** The provider of one definition, for its page: `export const HouseBooking = bookingProvider(houseBooking)`. */
export function bookingProvider<I extends Industry>(definition: BookingFormDefinition<I>) {
  return function Booking({texts, children}: {texts: BookingFormTexts<I>; children: ReactNode}) {
    return (
      <BookingProvider definition={definition} texts={texts}>
        {children}
      </BookingProvider>
    )
  }
}

/** The form's values as they stand, priced with the same function the server charges with. */
function useBookingPreview<I extends Industry>() {
  const definition = useDefinition<I>()
  const {control} = useBookingFormContext<I>()
  const values = useWatch({control}) as Partial<BookingFormValues[I]>
  const breakdown = useMemo(() => definition.preview(values), [definition, values])
  return {values, breakdown}
}

/** The live summary: what is booked, every price line, discount and the total. */
export function BookingSummary() {
  const {values, breakdown} = useBookingPreview()
  const texts = useBookingTexts()
  const definition = useDefinition()
  const content = definition.summary(values, texts)
  // A recurring frequency is shown as the plan it starts.
  const plan = formCadence(definition.industry, values)
  const rows = plan ? content.rows.map((row) => (row.label === 'Frequency' && typeof row.value === 'string' ? {...row, value: fillIn(texts.plan.summaryFrequency, {frequency: row.value})} : row)) : content.rows
  return <SummaryCard heading={texts.summaryHeading} breakdown={breakdown} {...content} rows={rows} />
}

/** Confirm & Pay with the amount to be charged above it (re-renders with the price, not the whole form). */
function BookingConfirmPay({busy}: {busy: boolean}) {
  const {breakdown} = useBookingPreview()
  return <ConfirmPayButton busy={busy} totalCents={breakdown ? breakdown.totalCents : null} />
}

/**
 * The <form>: the definition's sections (the first live with the page, the others as the visitor
 * reaches them, shared/HydrateLater.tsx), then the phone summary, the error banner and Confirm & Pay.
 */
export function BookingForm() {
  const {industry, sections, preview} = useDefinition()
  const {formProps, busy, formError} = useBookingSubmit(industry)
  const texts = useBookingTexts()
  const form = useBookingFormContext()
  // What was chosen in the form's first section before its code ran is the form's from the start.
  const formElement = formProps.ref
  useLayoutEffect(() => {
    if (formElement.current) adoptVisitorInput(formElement.current, form)
  }, [formElement, form])
  return (
    <form {...formProps} aria-label={texts.formName} className={styles.form}>
      {sections}
      <BookingFormFooter formError={formError} summary={<BookingSummary />}>
        <PlanNotice industry={industry} preview={preview as (values: Record<string, unknown>) => PriceBreakdown | null} />
        <BookingConfirmPay busy={busy} />
      </BookingFormFooter>
    </form>
  )
}
