'use client'

import type {ComponentProps, ReactNode} from 'react'
import type {Control, FieldValues} from 'react-hook-form'
import {FormErrorBanner} from '@/components/forms/FormErrorBanner'
import {fieldLayout, FieldsetSection, FormSection, RadioCardGroup, TextAreaField, TextField} from '@/components/forms/fields'
import {LOCATIONS} from '@/lib/booking/catalog'
import {useBookingTexts} from './BookingTexts'
import {FormSummary} from './SummaryCard'
import {useBookingFormContext} from './useBookingForm'
import styles from './booking.module.css'

/*
 * The sections three or four booking forms have, written once: the location, the frequency, the
 * customer's details, the notes and the footer around Confirm & Pay. Those two forms share are in
 * files of their own (ExtrasSection, TipsSection, KeyInfoSection, CouponField's CouponSection), so a
 * screen loads only the sections it shows. Their labels are the Booking forms document's (one set for
 * all four) or the form's own texts.
 */

/** The form's control, for sections that work on any of the four forms' fields by name. */
export function useControl(): Control<FieldValues, unknown, unknown> {
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

/** How often (house: Regular Cleaning's; carpet and exterior: each with its price). */
export function FrequencySection({options}: {options: ComponentProps<typeof RadioCardGroup>['options']}) {
  const control = useControl()
  const texts = useBookingTexts<'house' | 'carpet' | 'exterior'>()
  return (
    <FieldsetSection>
      <RadioCardGroup control={control} name="frequency" legend="Frequency" headingLevel={2} description={texts.frequencyHelp} options={options} required />
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
