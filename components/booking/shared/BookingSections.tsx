'use client'

import type {ReactNode} from 'react'
import type {Control, FieldValues} from 'react-hook-form'
import {FormErrorBanner} from '@/components/forms/FormErrorBanner'
import {FieldsetSection, RadioCardGroup} from '@/components/forms/choice-fields'
import {LOCATIONS} from '@/lib/booking/catalog/common'
import {useBookingTexts} from './BookingTexts'
import {FormSummary} from './SummaryCard'
import {useBookingFormContext} from './useBookingForm'
import styles from './booking.module.css'

/*
 * The parts more than one booking form has with the page: the location (a form's first section) and
 * the footer around Confirm & Pay. The later sections they share are DetailSections.tsx's, the
 * coupon's CouponField.tsx's. Their labels are the Booking forms document's (one set for all four)
 * or the form's own texts.
 */

/** The form's control, for the shared sections (any form's values). */
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
