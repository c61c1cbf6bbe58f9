'use client'

import type {ComponentProps, ReactNode} from 'react'
import type {Control, FieldValues} from 'react-hook-form'
import {FormErrorBanner} from '@/components/forms/FormErrorBanner'
import {CheckboxField, CountStepper, fieldLayout, FieldsetSection, FormSection, RadioCardGroup, TextAreaField, TextField} from '@/components/forms/fields'
import {EXTRA_COUNT_MAX, KEY_INFO_OPTIONS, LOCATIONS} from '@/lib/booking/catalog/common'
import {useBookingTexts} from './BookingTexts'
import {FormSummary} from './SummaryCard'
import {useBookingFormContext} from './useBookingForm'
import styles from './booking.module.css'

/*
 * The sections more than one booking form has, written once: the location, the frequency, the
 * extras, tip and parking, the customer's details, the key information, the notes and the footer
 * around Confirm & Pay (the coupon's section is CouponField.tsx's: only the forms with coupons load
 * it). Their labels are the Booking forms document's (one set for all four) or the form's own texts.
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

/** Each extra with its count (0 up to EXTRA_COUNT_MAX) and a note on its price (house, carpet). */
export function ExtrasSection({extras, description, note}: {extras: readonly string[]; description: string; note: (extra: string) => string}) {
  const control = useControl()
  const texts = useBookingTexts()
  return (
    <FormSection heading={texts.extrasHeading} description={description}>
      <div>
        {extras.map((extra) => (
          <CountStepper key={extra} control={control} name={`extras.${extra}`} label={extra} min={0} max={EXTRA_COUNT_MAX} note={note(extra)} />
        ))}
      </div>
    </FormSection>
  )
}

/** Tip and parking fee, as percentages and dollar amounts to pick (house: charged; exterior: recorded only). */
export function TipsSection({tipLegend, tipOptions, parkingOptions}: {tipLegend: string; tipOptions: readonly string[]; parkingOptions: readonly string[]}) {
  const control = useControl()
  const texts = useBookingTexts<'house' | 'exterior'>()
  return (
    <FormSection heading={texts.tipsHeading} description={texts.tipsHelp}>
      <RadioCardGroup control={control} name="tip" legend={tipLegend} options={tipOptions} size="compact" />
      <RadioCardGroup control={control} name="parkingFee" legend="Parking fee" options={parkingOptions} size="compact" />
    </FormSection>
  )
}

/** First and last name, e-mail, phone and address, and the consent to text messages (all four forms). */
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
      {/* Texts only with the customer's explicit consent: unticked until they tick it. */}
      <CheckboxField control={control} name="smsConsent" label={texts.textsConsentLabel} description={texts.textsConsentHelp} className={fieldLayout.wide} />
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
