'use client'

import {ArrivalSection} from '@/components/booking/shared/ArrivalSection'
import {BookingFormFooter, CustomerDetailsSection, NotesSection} from '@/components/booking/shared/BookingSections'
import {useMemo, type ReactNode} from 'react'
import {useWatch} from 'react-hook-form'
import {
  COMMERCIAL_DEFAULTS,
  COMMERCIAL_SUB_SERVICES,
  commercialFrequenciesFor,
  INDUSTRY_NAMES,
  LOCATIONS,
  type CommercialSubService,
} from '@/lib/booking/catalog'
import {previewCommercialPrice} from '@/lib/booking/pricing'
import type {CommercialBookingInput} from '@/lib/booking/schemas'
import {ConfirmPayButton} from '../shared/ConfirmPayButton'
import {FieldsetSection, RadioCardGroup} from '@/components/forms/fields'
import {SummaryCard} from '../shared/SummaryCard'
import {useBookingTexts} from '../shared/BookingTexts'
import {BookingFormProvider, useBookingForm, useBookingFormContext} from '../shared/useBookingForm'
import type {BookingFormTexts} from '@/lib/content'
import {useBookingSubmit} from '../shared/useBookingSubmit'
import styles from '../shared/booking.module.css'

/** Starting values: Snohomish County (spec §9), nothing else chosen. */
const COMMERCIAL_FORM_DEFAULTS = {
  ...COMMERCIAL_DEFAULTS,
  date: '',
  arrivalWindow: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  notes: '',
} satisfies Partial<CommercialBookingInput>

/** The commercial form's state, shared by the form and the sidebar summary. */
export function CommercialBookingProvider({texts, children}: {texts: BookingFormTexts<'commercial'>; children: ReactNode}) {
  const form = useBookingForm('commercial', COMMERCIAL_FORM_DEFAULTS, texts.messages)
  return (
    <BookingFormProvider form={form} texts={texts}>
      {children}
    </BookingFormProvider>
  )
}

function useCommercialBreakdown() {
  const {control} = useBookingFormContext<'commercial'>()
  const subService = useWatch({control, name: 'subService'}) as CommercialSubService | '' | undefined
  const frequency = useWatch({control, name: 'frequency'}) as string | undefined
  const breakdown = useMemo(() => previewCommercialPrice({subService}), [subService])
  return {subService: subService || null, frequency: frequency || null, breakdown}
}

/** The sidebar's summary: industry, sub-service or N/A, the price lines and the total in dollars. */
export function CommercialSummary() {
  const {subService, frequency, breakdown} = useCommercialBreakdown()
  const texts = useBookingTexts<'commercial'>()
  return (
    <SummaryCard
      heading={texts.summaryHeading}
      pendingText={texts.pricePending}
      rows={[
        {label: 'Industry', value: INDUSTRY_NAMES.commercial},
        {label: 'Service', value: subService ?? 'N/A'},
        {label: 'Frequency', value: frequency ?? 'Not selected'},
      ]}
      breakdown={breakdown}
    />
  )
}

/** /commercial_cleaning: location, sub-service, frequency, date, customer details, notes. */
export function CommercialBookingForm() {
  const {control, setValue, getFieldState} = useBookingFormContext<'commercial'>()
  const {formProps, busy, formError} = useBookingSubmit('commercial')
  const subService = useWatch({control, name: 'subService'}) as CommercialSubService | '' | undefined
  const frequencies = commercialFrequenciesFor(subService || null)
  const texts = useBookingTexts<'commercial'>()

  return (
    <form {...formProps} aria-label={texts.formName} className={styles.form}>
      <FieldsetSection>
        <RadioCardGroup control={control} name="location" legend={texts.locationHeading} headingLevel={2} options={LOCATIONS} />
      </FieldsetSection>

      <FieldsetSection>
        <RadioCardGroup
          control={control}
          name="subService"
          legend={texts.servicesHeading}
          headingLevel={2}
          options={COMMERCIAL_SUB_SERVICES}
          minCardWidth="13rem"
          required
          onValueChange={() => {
            // Spec §4: changing the sub-service clears the chosen frequency.
            setValue('frequency', '' as never, {shouldValidate: Boolean(getFieldState('frequency').error)})
          }}
        />
      </FieldsetSection>

      <FieldsetSection>
        <RadioCardGroup
          control={control}
          name="frequency"
          legend="Frequency"
          headingLevel={2}
          description={
            subService === 'Construction Final Clean' ? texts.oneTimeNote : undefined
          }
          options={frequencies}
          emptyText={texts.frequencyPending}
          required
        />
      </FieldsetSection>

      <ArrivalSection industry="commercial" />

      <CustomerDetailsSection />

      <NotesSection />

      <BookingFormFooter formError={formError} summary={<CommercialSummary />}>
        <CommercialConfirmPay busy={busy} />
      </BookingFormFooter>
    </form>
  )
}

function CommercialConfirmPay({busy}: {busy: boolean}) {
  const {breakdown} = useCommercialBreakdown()
  return <ConfirmPayButton busy={busy} totalCents={breakdown.totalCents} />
}
