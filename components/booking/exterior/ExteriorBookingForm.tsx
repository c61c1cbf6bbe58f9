'use client'

import {ArrivalSection} from '@/components/booking/shared/ArrivalSection'
import {BookingFormFooter, CustomerDetailsSection, NotesSection} from '@/components/booking/shared/BookingSections'
import type {ReactNode} from 'react'
import {useWatch} from 'react-hook-form'
import {ConfirmPayButton} from '@/components/booking/shared/ConfirmPayButton'
import {FieldsetSection, FormSection, RadioCardGroup} from '@/components/forms/fields'
import sharedStyles from '@/components/booking/shared/booking.module.css'
import {SummaryCard} from '@/components/booking/shared/SummaryCard'
import {useBookingTexts} from '@/components/booking/shared/BookingTexts'
import {BookingFormProvider, useBookingForm, useBookingFormContext, type BookingFormValues} from '@/components/booking/shared/useBookingForm'
import type {BookingFormTexts} from '@/lib/content'
import {fillIn} from '@/lib/format'
import {useBookingSubmit} from '@/components/booking/shared/useBookingSubmit'
import {
  EXTERIOR_DEFAULTS,
  EXTERIOR_FREQUENCIES,
  EXTERIOR_PARKING_OPTIONS,
  EXTERIOR_SERVICES,
  EXTERIOR_TIP_OPTIONS,
  INDUSTRY_NAMES,
  KEY_INFO_OPTIONS,
} from '@/lib/booking/catalog'
import {formatUsd} from '@/lib/booking/money'
import {EXTERIOR_BASE_CENTS, EXTERIOR_FREQUENCY_CENTS, EXTERIOR_SERVICE_CENTS, previewExteriorPrice} from '@/lib/booking/pricing'

/*
 * The exterior cleaning booking screen (/exterior_cleaning, spec §2 and §9): service, frequency,
 * tips and parking (recorded with the booking, not charged: spec §9), customer details, key
 * information, notes, Confirm & Pay; and the sidebar's live summary. The form and the summary share
 * one react-hook-form instance through ExteriorBookingProvider, which the page wraps around
 * BookingPageLayout. Validation is the server's zod schema (exteriorBookingSchema), so the messages
 * are spec §5's word for word.
 */

type ExteriorValues = BookingFormValues['exterior']

/** Nothing chosen yet, except the recorded-only tip and parking (0% and $0, as on the house form). */
const EXTERIOR_FORM_DEFAULTS = {
  ...EXTERIOR_DEFAULTS,
  industry: 'exterior' as const,
  service: '' as never,
  frequency: '' as never,
  keyInfo: '',
  date: '',
  arrivalWindow: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  notes: '',
} satisfies Partial<ExteriorValues>

/** Wraps the page (form and sidebar) so the summary follows what is typed. */
export function ExteriorBookingProvider({texts, children}: {texts: BookingFormTexts<'exterior'>; children: ReactNode}) {
  const form = useBookingForm('exterior', EXTERIOR_FORM_DEFAULTS, texts.messages)
  return (
    <BookingFormProvider form={form} texts={texts}>
      {children}
    </BookingFormProvider>
  )
}

/** The form's values as they are now, priced with the same function the server charges with. */
function useExteriorPreview() {
  const {control} = useBookingFormContext<'exterior'>()
  const values = useWatch({control})
  return {values, breakdown: previewExteriorPrice(values)}
}

/** "+$30.00" */
const addOn = (cents: number) => `+${formatUsd(cents)}`

/** The sidebar's Summary Section: industry, service, frequency, what is charged, and the unpriced choices. */
export function ExteriorSummary() {
  const {values, breakdown} = useExteriorPreview()
  const texts = useBookingTexts<'exterior'>()
  return (
    <SummaryCard
      heading={texts.summaryHeading}
      rows={[
        {label: 'Industry', value: INDUSTRY_NAMES.exterior},
        {label: 'Service', value: values.service || 'Not selected'},
        {label: 'Frequency', value: values.frequency || 'Not selected'},
        {label: texts.tipSummaryLabel, value: values.tip || EXTERIOR_DEFAULTS.tip},
        {label: texts.parkingSummaryLabel, value: values.parkingFee || EXTERIOR_DEFAULTS.parkingFee},
      ]}
      breakdown={breakdown}
      showDiscount={false}
      note={texts.tipsHelp}
    />
  )
}

export function ExteriorBookingForm() {
  const {control} = useBookingFormContext<'exterior'>()
  const {formProps, busy, formError} = useBookingSubmit('exterior')
  const {breakdown} = useExteriorPreview()
  const texts = useBookingTexts<'exterior'>()

  return (
    <form {...formProps} aria-label={texts.formName} className={sharedStyles.form}>
      <FieldsetSection>
        <RadioCardGroup
          control={control}
          name="service"
          legend={texts.servicesHeading}
          headingLevel={2}
          description={fillIn(texts.servicesHelp, {baseCharge: formatUsd(EXTERIOR_BASE_CENTS)})}
          minCardWidth="13rem"
          required
          options={EXTERIOR_SERVICES.map((service) => ({
            value: service,
            label: service,
            description: addOn(EXTERIOR_SERVICE_CENTS[service]),
          }))}
        />
      </FieldsetSection>

      <FieldsetSection>
        <RadioCardGroup
          control={control}
          name="frequency"
          legend="Frequency"
          headingLevel={2}
          description={texts.frequencyHelp}
          required
          options={EXTERIOR_FREQUENCIES.map((frequency) => ({
            value: frequency,
            label: frequency,
            description: addOn(EXTERIOR_FREQUENCY_CENTS[frequency]),
          }))}
        />
      </FieldsetSection>

      <ArrivalSection industry="exterior" />

      <FormSection heading={texts.tipsHeading} description={texts.tipsHelp}>
        <RadioCardGroup control={control} name="tip" legend="Tip for your crew" size="compact" options={EXTERIOR_TIP_OPTIONS} />
        <RadioCardGroup
          control={control}
          name="parkingFee"
          legend="Parking fee"
          size="compact"
          options={EXTERIOR_PARKING_OPTIONS}
        />
      </FormSection>

      <CustomerDetailsSection />

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

      <NotesSection />

      <BookingFormFooter formError={formError} summary={<ExteriorSummary />}>
        <ConfirmPayButton busy={busy} totalCents={breakdown.totalCents} />
      </BookingFormFooter>
    </form>
  )
}
