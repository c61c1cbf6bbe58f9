'use client'

import type {ComponentProps} from 'react'
import {CheckboxField, CountStepper, fieldLayout, FieldsetSection, FormSection, RadioCardGroup, TextAreaField, TextField} from '@/components/forms/fields'
import {EXTRA_COUNT_MAX, KEY_INFO_OPTIONS} from '@/lib/booking/catalog/common'
import {useControl} from './BookingSections'
import {useBookingTexts} from './BookingTexts'

/*
 * The later sections more than one booking form has, written once: the frequency, the extras, tip
 * and parking, the customer's details, the key information and the notes. Only a form's later
 * sections use them (their code comes with the visitor's first use of the form).
 */

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
