'use client'

import {useWatch} from 'react-hook-form'
import {FieldsetSection, FormSection, RadioCardGroup, SelectField} from '@/components/forms/fields'
import {HOUSE_PARKING_OPTIONS, HOUSE_TIP_OPTIONS, type CountRange} from '@/lib/booking/catalog/common'
import {HOUSE_COUNTS, HOUSE_EXTRAS, HOUSE_FREQUENCIES, HOUSE_HOUR_OPTIONS, HOUSE_INSTRUCTION_QUESTIONS, HOUSE_MINUTE_OPTIONS, HOUSE_SERVICES} from '@/lib/booking/catalog/house'
import {formatUsd} from '@/lib/booking/money'
import {HOUSE_EXTRA_CENTS, POST_CONSTRUCTION_HOURLY_CENTS} from '@/lib/booking/pricing/house'
import {fillIn} from '@/lib/format'
import {ArrivalSection} from '../shared/ArrivalSection'
import {CouponSection} from '../shared/CouponField'
import {CustomerDetailsSection, ExtrasSection, FrequencySection, NotesSection, TipsSection} from '../shared/DetailSections'
import {useBookingSection} from '../BookingForm'

/*
 * The house form's later sections (house.tsx lists them in page order): their own chunk, fetched
 * when the visitor first uses the form.
 */

function countOptions(range: CountRange): number[] {
  return Array.from({length: range.max - range.min + 1}, (_, i) => range.min + i)
}

/** Service, then what it asks for: frequency or time, rooms, extras and the instructions. */
export function Choices() {
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

export const Arrival = () => <ArrivalSection industry="house" />
export const Tips = () => <TipsSection tipLegend="Tip" tipOptions={HOUSE_TIP_OPTIONS} parkingOptions={HOUSE_PARKING_OPTIONS} />
export const Customer = CustomerDetailsSection
export const Notes = NotesSection
export const Coupon = () => <CouponSection industry="house" onInvalid="keep" />
