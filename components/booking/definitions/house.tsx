'use client'

import {useWatch} from 'react-hook-form'
import {FieldsetSection, FormSection, RadioCardGroup, SelectField} from '@/components/forms/fields'
import {
  HOUSE_COUNTS,
  HOUSE_DEFAULTS,
  HOUSE_EXTRAS,
  HOUSE_FREQUENCIES,
  HOUSE_HOUR_OPTIONS,
  HOUSE_INSTRUCTION_QUESTIONS,
  HOUSE_MINUTE_OPTIONS,
  HOUSE_SERVICES,
} from '@/lib/booking/catalog/house'
import {HOUSE_PARKING_OPTIONS, HOUSE_TIP_OPTIONS, type CountRange} from '@/lib/booking/catalog/common'
import {formatUsd} from '@/lib/booking/money'
import {formatDuration, HOUSE_EXTRA_CENTS, POST_CONSTRUCTION_HOURLY_CENTS, previewHousePrice} from '@/lib/booking/pricing/house'
import type {HouseBookingInput} from '@/lib/booking/schemas'
import {fillIn} from '@/lib/format'
import {ArrivalSection} from '../shared/ArrivalSection'
import {CouponSection} from '../shared/CouponField'
import {CustomerDetailsSection, ExtrasSection, FrequencySection, LocationSection, NotesSection, TipsSection} from '../shared/BookingSections'
import type {SummaryRow} from '../shared/SummaryCard'
import {hydratedLater} from '../shared/HydrateLater'
import {BLANK_DETAILS, bookingProvider, useBookingSection, type BookingFormDefinition} from '../BookingForm'

/*
 * The house cleaning form (/house_cleaning): location, service, frequency (Regular
 * Cleaning) or time (Post Construction), rooms, extras, instructions, date, tip and parking,
 * customer details, notes, coupon.
 */

function countOptions(range: CountRange): number[] {
  return Array.from({length: range.max - range.min + 1}, (_, i) => range.min + i)
}

/** Service, then what it asks for: frequency or time, rooms, extras and the instructions. */
function HouseChoices() {
  const {form: {control, trigger, getFieldState}, texts} = useBookingSection<'house'>()
  // The time rule is reported on Hours: once it shows, re-check it when the minutes change too.
  const recheckTime = () => {
    if (getFieldState('hours').error) void trigger('hours')
  }
  const service = useWatch({control, name: 'service'})
  return (
    <>
      <FieldsetSection>
        <RadioCardGroup control={control} name="service" legend={texts.servicesHeading} headingLevel={2} options={HOUSE_SERVICES} minCardWidth="11rem" required />
      </FieldsetSection>

      {service === 'Regular Cleaning' ? <FrequencySection options={HOUSE_FREQUENCIES} /> : null}

      {service === 'Post Construction' ? (
        <FormSection heading={texts.timeHeading} description={fillIn(texts.timeHelp, {hourlyRate: formatUsd(POST_CONSTRUCTION_HOURLY_CENTS)})} grid>
          <SelectField control={control} name="hours" label="Hours" options={HOUSE_HOUR_OPTIONS} numeric />
          <SelectField control={control} name="minutes" label="Minutes" options={HOUSE_MINUTE_OPTIONS} numeric onValueChange={recheckTime} />
        </FormSection>
      ) : null}

      <FormSection heading={texts.roomsHeading} description={service === 'Post Construction' ? texts.roomsHelp : undefined} grid>
        {(['bedrooms', 'bathrooms', 'halfBaths', 'dens'] as const).map((room) => (
          <SelectField key={room} control={control} name={room} label={HOUSE_COUNTS[room].label} options={countOptions(HOUSE_COUNTS[room])} numeric />
        ))}
      </FormSection>

      <ExtrasSection
        extras={HOUSE_EXTRAS}
        description={texts.extrasHelp}
        note={(extra) => {
          const cents = HOUSE_EXTRA_CENTS[extra as (typeof HOUSE_EXTRAS)[number]]
          return cents === 0 ? texts.noExtraCharge : `${formatUsd(cents)} each`
        }}
      />

      <FormSection heading={texts.instructionsHeading}>
        {HOUSE_INSTRUCTION_QUESTIONS.map((item) => (
          <RadioCardGroup key={item.id} control={control} name={`instructions.${item.id}`} legend={item.question} options={item.options} size="compact" required />
        ))}
      </FormSection>
    </>
  )
}

/** Service, frequency or N/A, the time (Post Construction), rooms (half baths and dens when any). */
function houseSummaryRows(values: Partial<HouseBookingInput>): SummaryRow[] {
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
  return rows
}

export const houseBooking: BookingFormDefinition<'house'> = {
  industry: 'house',
  // Bedrooms 1, bathrooms 1, half baths 0, dens 0; tip 0 %, parking $0.
  defaults: {
    ...HOUSE_DEFAULTS,
    extras: {...HOUSE_DEFAULTS.extras},
    frequency: '',
    ...BLANK_DETAILS,
    coupon: '',
  } satisfies Partial<HouseBookingInput>,
  preselect: {field: 'service', options: HOUSE_SERVICES},
  sections: (
    <>
      <LocationSection required />
      {hydratedLater(
        <HouseChoices />,
        <ArrivalSection industry="house" />,
        <TipsSection tipLegend="Tip" tipOptions={HOUSE_TIP_OPTIONS} parkingOptions={HOUSE_PARKING_OPTIONS} />,
        <CustomerDetailsSection />,
        <NotesSection />,
        <CouponSection industry="house" onInvalid="keep" />,
      )}
    </>
  ),
  preview: previewHousePrice,
  summary: (values, texts) => ({rows: houseSummaryRows(values), pendingText: texts.pricePending}),
}

/** The house form's state around the page (form and sidebar summary). */
export const HouseBooking = bookingProvider(houseBooking)
