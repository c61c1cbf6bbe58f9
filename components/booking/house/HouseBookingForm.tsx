'use client'

import {ArrivalSection} from '@/components/booking/shared/ArrivalSection'
import {BookingFormFooter, CustomerDetailsSection, NotesSection} from '@/components/booking/shared/BookingSections'
import {useMemo, type ReactNode} from 'react'
import {useWatch} from 'react-hook-form'
import {
  HOUSE_COUNTS,
  HOUSE_DEFAULTS,
  HOUSE_EXTRAS,
  HOUSE_FREQUENCIES,
  HOUSE_HOUR_OPTIONS,
  HOUSE_INSTRUCTION_QUESTIONS,
  HOUSE_MINUTE_OPTIONS,
  HOUSE_PARKING_OPTIONS,
  HOUSE_SERVICES,
  HOUSE_TIP_OPTIONS,
  EXTRA_COUNT_MAX,
  LOCATIONS,
  type CountRange,
} from '@/lib/booking/catalog'
import {formatUsd} from '@/lib/booking/money'
import {formatDuration, HOUSE_EXTRA_CENTS, POST_CONSTRUCTION_HOURLY_CENTS, previewHousePrice, type HouseBreakdown} from '@/lib/booking/pricing'
import type {HouseBookingInput} from '@/lib/booking/schemas'
import type {BookingFormTexts} from '@/lib/content'
import {fillIn} from '@/lib/format'
import {useBookingTexts} from '../shared/BookingTexts'
import {ConfirmPayButton} from '../shared/ConfirmPayButton'
import {CouponField} from '../shared/CouponField'
import {
  CountStepper,
  FieldsetSection,
  FormSection,
  RadioCardGroup,
  SelectField,
  } from '@/components/forms/fields'
import {SummaryCard, type SummaryRow} from '../shared/SummaryCard'
import {BookingFormProvider, useBookingForm, useBookingFormContext} from '../shared/useBookingForm'
import {useBookingSubmit} from '../shared/useBookingSubmit'
import styles from '../shared/booking.module.css'

/** The house form's starting values (decisions.md: counts 1, 1, 0, 0; tip 0 %, parking $0). */
const HOUSE_FORM_DEFAULTS = {
  ...HOUSE_DEFAULTS,
  extras: {...HOUSE_DEFAULTS.extras},
  frequency: '',
  date: '',
  arrivalWindow: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  notes: '',
  coupon: '',
} satisfies Partial<HouseBookingInput>

function countOptions(range: CountRange): number[] {
  return Array.from({length: range.max - range.min + 1}, (_, i) => range.min + i)
}

/**
 * The house booking form's state, shared by the form and the sidebar summary. Wrap the page's
 * BookingPageLayout in it.
 */
export function HouseBookingProvider({texts, children}: {texts: BookingFormTexts<'house'>; children: ReactNode}) {
  const form = useBookingForm('house', HOUSE_FORM_DEFAULTS, texts.messages)
  return (
    <BookingFormProvider form={form} texts={texts}>
      {children}
    </BookingFormProvider>
  )
}

/** The live price of the form as it stands (null until a service is chosen). */
function useHouseBreakdown(): {values: Partial<HouseBookingInput>; breakdown: HouseBreakdown | null} {
  const {control} = useBookingFormContext<'house'>()
  const values = useWatch({control}) as Partial<HouseBookingInput>
  const breakdown = useMemo(() => previewHousePrice(values), [values])
  return {values, breakdown}
}

/** The sidebar's Summary: service, frequency or N/A, rooms, every price line, discount, total. */
export function HouseSummary() {
  const {values, breakdown} = useHouseBreakdown()
  const service = values.service || null
  const rows: SummaryRow[] = [
    {label: 'Service', value: service ?? 'Not selected'},
    {label: 'Frequency', value: service === 'Regular Cleaning' ? values.frequency || 'Not selected' : 'N/A'},
  ]
  if (service === 'Post Construction') {
    rows.push({label: 'Time', value: formatDuration(values.hours ?? 0, values.minutes ?? 0)})
  }
  rows.push({label: 'Bedrooms', value: String(values.bedrooms ?? '')}, {label: 'Bathrooms', value: String(values.bathrooms ?? '')})
  if (values.halfBaths) rows.push({label: 'Half baths', value: String(values.halfBaths)})
  if (values.dens) rows.push({label: 'Dens', value: String(values.dens)})
  const texts = useBookingTexts<'house'>()
  return <SummaryCard heading={texts.summaryHeading} rows={rows} breakdown={breakdown} pendingText={texts.pricePending} />
}

/** /house_cleaning: the form, in the spec's section order (spec §2). */
export function HouseBookingForm() {
  const {control, trigger, getFieldState} = useBookingFormContext<'house'>()
  // The time rule is reported on Hours: once it shows, re-check it when the minutes change too.
  const recheckTime = () => {
    if (getFieldState('hours').error) void trigger('hours')
  }
  const {formProps, busy, formError} = useBookingSubmit('house')
  const service = useWatch({control, name: 'service'})
  const texts = useBookingTexts<'house'>()

  return (
    <form {...formProps} aria-label={texts.formName} className={styles.form}>
      <FieldsetSection>
        <RadioCardGroup control={control} name="location" legend={texts.locationHeading} headingLevel={2} options={LOCATIONS} required />
      </FieldsetSection>

      <FieldsetSection>
        <RadioCardGroup control={control} name="service" legend={texts.servicesHeading} headingLevel={2} options={HOUSE_SERVICES} minCardWidth="11rem" required />
      </FieldsetSection>

      {service === 'Regular Cleaning' ? (
        <FieldsetSection>
          <RadioCardGroup
            control={control}
            name="frequency"
            legend="Frequency"
            headingLevel={2}
            description={texts.frequencyHelp}
            options={HOUSE_FREQUENCIES}
            required
          />
        </FieldsetSection>
      ) : null}

      {service === 'Post Construction' ? (
        <FormSection heading={texts.timeHeading} description={fillIn(texts.timeHelp, {hourlyRate: formatUsd(POST_CONSTRUCTION_HOURLY_CENTS)})} grid>
          <SelectField control={control} name="hours" label="Hours" options={HOUSE_HOUR_OPTIONS} numeric />
          <SelectField control={control} name="minutes" label="Minutes" options={HOUSE_MINUTE_OPTIONS} numeric onValueChange={recheckTime} />
        </FormSection>
      ) : null}

      <FormSection
        heading={texts.roomsHeading}
        description={service === 'Post Construction' ? texts.roomsHelp : undefined}
        grid
      >
        <SelectField control={control} name="bedrooms" label={HOUSE_COUNTS.bedrooms.label} options={countOptions(HOUSE_COUNTS.bedrooms)} numeric />
        <SelectField control={control} name="bathrooms" label={HOUSE_COUNTS.bathrooms.label} options={countOptions(HOUSE_COUNTS.bathrooms)} numeric />
        <SelectField control={control} name="halfBaths" label={HOUSE_COUNTS.halfBaths.label} options={countOptions(HOUSE_COUNTS.halfBaths)} numeric />
        <SelectField control={control} name="dens" label={HOUSE_COUNTS.dens.label} options={countOptions(HOUSE_COUNTS.dens)} numeric />
      </FormSection>

      <FormSection heading={texts.extrasHeading} description={texts.extrasHelp}>
        <div>
          {HOUSE_EXTRAS.map((extra) => (
            <CountStepper
              key={extra}
              control={control}
              name={`extras.${extra}`}
              label={extra}
              min={0}
              max={EXTRA_COUNT_MAX}
              note={HOUSE_EXTRA_CENTS[extra] === 0 ? texts.noExtraCharge : `${formatUsd(HOUSE_EXTRA_CENTS[extra])} each`}
            />
          ))}
        </div>
      </FormSection>

      <FormSection heading={texts.instructionsHeading}>
        {HOUSE_INSTRUCTION_QUESTIONS.map((item) => (
          <RadioCardGroup key={item.id} control={control} name={`instructions.${item.id}`} legend={item.question} options={item.options} size="compact" required />
        ))}
      </FormSection>

      <ArrivalSection industry="house" />

      <FormSection heading={texts.tipsHeading} description={texts.tipsHelp}>
        <RadioCardGroup control={control} name="tip" legend="Tip" options={HOUSE_TIP_OPTIONS} size="compact" />
        <RadioCardGroup control={control} name="parkingFee" legend="Parking fee" options={HOUSE_PARKING_OPTIONS} size="compact" />
      </FormSection>

      <CustomerDetailsSection />

      <NotesSection />

      <FormSection heading={texts.couponHeading}>
        <CouponField control={control} name="coupon" industry="house" onInvalid="keep" />
      </FormSection>

      <BookingFormFooter formError={formError} summary={<HouseSummary />}>
        <HouseConfirmPay busy={busy} />
      </BookingFormFooter>
    </form>
  )
}

/** Confirm & Pay with the amount to be charged above it (re-renders with the price, not the whole form). */
function HouseConfirmPay({busy}: {busy: boolean}) {
  const {breakdown} = useHouseBreakdown()
  return <ConfirmPayButton busy={busy} totalCents={breakdown ? breakdown.totalCents : null} />
}
