'use client'

import type {ReactNode} from 'react'
import type {Control, FieldValues} from 'react-hook-form'
import {FormErrorBanner} from '@/components/forms/FormErrorBanner'
import {fieldLayout, FieldsetSection, FormSection, RadioCardGroup, TextAreaField, TextField} from '@/components/forms/fields'
import {KEY_INFO_OPTIONS, LOCATIONS} from '@/lib/booking/catalog'
import type {BookingFormTexts} from '@/lib/content'
import {useBookingTexts} from './BookingTexts'
import {CouponField} from './CouponField'
import {FormSummary} from './SummaryCard'
import {useBookingFormContext} from './useBookingForm'
import styles from './booking.module.css'

/*
 * The sections more than one booking form has, written once: the location, the customer's details,
 * the key information, the notes, the coupon and the footer around Confirm & Pay. Their labels are
 * the Booking forms document's (one set for all four) or the form's own texts.
 */

function useControl(): Control<FieldValues, unknown, unknown> {
  return useBookingFormContext().control as unknown as Control<FieldValues, unknown, unknown>
}

/** Where the home or business is (a one-question section; optional on the commercial form). */
export function LocationSection({required}: {required?: boolean}) {
  const control = useControl()
  const texts = useBookingTexts<'house' | 'carpet' | 'commercial'>()
  return (
    <FieldsetSection>
      <RadioCardGroup control={control} name="location" legend={texts.locationHeading} headingLevel={2} options={LOCATIONS} required={required} />
    </FieldsetSection>
  )
}

/** First and last name, e-mail, phone and address. */
export function CustomerDetailsSection() {
  const control = useControl()
  const texts = useBookingTexts()
  return (
    <FormSection heading={texts.customerHeading} grid>
      <TextField control={control} name="firstName" label={texts.firstNameLabel} autoComplete="given-name" required />
      <TextField control={control} name="lastName" label={texts.lastNameLabel} autoComplete="family-name" required />
      <TextField control={control} name="email" type="email" label={texts.emailLabel} autoComplete="email" inputMode="email" required />
      <TextField control={control} name="phone" type="tel" label={texts.phoneLabel} description={texts.phoneHelp} autoComplete="tel-national" inputMode="tel" required />
      <TextField control={control} name="address" label={texts.addressLabel} autoComplete="street-address" className={fieldLayout.wide} required />
    </FormSection>
  )
}

/** The notes for the team (each form words its own heading and help). */
export function NotesSection() {
  const control = useControl()
  const texts = useBookingTexts()
  return (
    <FormSection heading={texts.notesHeading}>
      <TextAreaField control={control} name="notes" label={texts.notesLabel} description={texts.notesHelp} />
    </FormSection>
  )
}

/** How the crew gets in (the carpet and exterior forms). */
export function KeyInfoSection() {
  const control = useControl()
  const texts = useBookingTexts()
  return (
    <FieldsetSection>
      <RadioCardGroup
        control={control}
        name="keyInfo"
        legend={texts.keyInfoHeading}
        headingLevel={2}
        description={texts.keyInfoHelp}
        size="compact"
        options={KEY_INFO_OPTIONS}
      />
    </FieldsetSection>
  )
}

/** The coupon box (house: an invalid code keeps the previous discount; carpet: clears it, and has a help line). */
export function CouponSection({industry, onInvalid}: {industry: 'house' | 'carpet'; onInvalid: 'keep' | 'clear'}) {
  const control = useControl()
  const texts = useBookingTexts()
  const help = industry === 'carpet' ? (texts as BookingFormTexts<'carpet'>).couponHelp : undefined
  return (
    <FormSection heading={texts.couponHeading} description={help}>
      <CouponField control={control} name="coupon" industry={industry} onInvalid={onInvalid} />
    </FormSection>
  )
}

/**
 * On phones the form's summary (`summary`), then a failure's message, then the form's Confirm & Pay
 * (`children`: each form's own, which alone re-renders with the price).
 */
export function BookingFormFooter({formError, summary, children}: {formError: string | null; summary?: ReactNode; children: ReactNode}) {
  return (
    <div className={styles.formFooter}>
      {summary ? <FormSummary>{summary}</FormSummary> : null}
      <FormErrorBanner message={formError} />
      {children}
    </div>
  )
}
