'use client'

import type {ReactNode} from 'react'
import type {Control, FieldValues} from 'react-hook-form'
import {FormErrorBanner} from '@/components/forms/FormErrorBanner'
import {fieldLayout, FormSection, TextAreaField, TextField} from '@/components/forms/fields'
import {useBookingTexts} from './BookingTexts'
import {FormSummary} from './SummaryCard'
import {useBookingFormContext} from './useBookingForm'
import styles from './booking.module.css'

/*
 * The sections every booking form has, written once: the customer's details, the notes and the
 * footer around Confirm & Pay. Their labels are the Booking forms document's (one set for all four).
 */

function useControl(): Control<FieldValues, unknown, unknown> {
  return useBookingFormContext().control as unknown as Control<FieldValues, unknown, unknown>
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
