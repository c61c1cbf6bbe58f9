'use client'

import {useEffect} from 'react'
import {useFormState, useWatch} from 'react-hook-form'
import {CountStepper, FormSection} from '@/components/forms/fields'
import {CARPET_COUNTS, CARPET_EXTRAS, CARPET_FREQUENCIES, type CarpetFrequency} from '@/lib/booking/catalog/carpet'
import {formatUsd} from '@/lib/booking/money'
import {CARPET_EXTRA_CENTS, CARPET_UNIT_CENTS} from '@/lib/booking/pricing/carpet'
import type {BookingFormTexts} from '@/lib/content'
import {fillIn} from '@/lib/format'
import {ArrivalSection} from '../shared/ArrivalSection'
import {CouponSection} from '../shared/CouponField'
import {CustomerDetailsSection, ExtrasSection, FrequencySection, KeyInfoSection, NotesSection} from '../shared/DetailSections'
import {useBookingSection} from '../BookingForm'

/*
 * The carpet form's later sections (carpet.tsx lists them in page order): their own chunk, fetched
 * when the visitor first uses the form.
 */

function isCarpetFrequency(value: unknown): value is CarpetFrequency {
  return (CARPET_FREQUENCIES as readonly unknown[]).includes(value)
}

/**
 * "$44.00 each" at the chosen frequency; until one is chosen, the three rates in the frequencies'
 * order ("$52.00 / $47.00 / $44.00 each", One-Time / Every 6 Months / Every 3 Months).
 */
function unitNote(unitCents: Record<CarpetFrequency, number>, frequency: CarpetFrequency | null): string {
  if (frequency) return `${formatUsd(unitCents[frequency])} each`
  return `${CARPET_FREQUENCIES.map((option) => formatUsd(unitCents[option])).join(' / ')} each`
}

/** The section line that says which rate the notes show. */
function rateLine(texts: BookingFormTexts<'carpet'>, frequency: CarpetFrequency | null): string {
  return frequency ? fillIn(texts.rateChosen, {frequency}) : fillIn(texts.ratesAll, {frequencies: CARPET_FREQUENCIES.join(' / ')})
}

/**
 * "Please add at least one room or staircase." sits beside Rooms, but adding a staircase answers it
 * too: re-check Rooms whenever the staircase count changes while that message is shown.
 */
function useRecheckRoomsWithStairs() {
  const {control, trigger} = useBookingSection<'carpet'>().form
  const stairs = useWatch({control, name: 'stairs'})
  const roomsInvalid = Boolean(useFormState({control, name: 'rooms'}).errors.rooms)
  useEffect(() => {
    if (roomsInvalid) void trigger('rooms')
  }, [stairs, roomsInvalid, trigger])
}

/** Rooms, staircases and extras with their rates at the chosen frequency. */
function CarpetCounts() {
  const {form: {control}, texts} = useBookingSection<'carpet'>()
  useRecheckRoomsWithStairs()
  const chosenFrequency = useWatch({control, name: 'frequency'})
  const frequency = isCarpetFrequency(chosenFrequency) ? chosenFrequency : null
  return (
    <>
      <FormSection heading={texts.roomsHeading} description={`${texts.roomsHelp} ${rateLine(texts, frequency)}`} grid>
        {(['rooms', 'stairs'] as const).map((count) => (
          <CountStepper
            key={count}
            control={control}
            name={count}
            label={CARPET_COUNTS[count].label}
            min={CARPET_COUNTS[count].min}
            max={CARPET_COUNTS[count].max}
            note={unitNote(CARPET_UNIT_CENTS, frequency)}
          />
        ))}
      </FormSection>

      <ExtrasSection
        extras={CARPET_EXTRAS}
        description={rateLine(texts, frequency)}
        note={(extra) => unitNote(CARPET_EXTRA_CENTS[extra as (typeof CARPET_EXTRAS)[number]], frequency)}
      />
    </>
  )
}

/** The frequency with its rates, then the counts, which show the chosen frequency's rates. */
export function Choices() {
  return (
    <>
      <FrequencySection
        options={CARPET_FREQUENCIES.map((option) => ({
          value: option,
          label: option,
          description: `${formatUsd(CARPET_UNIT_CENTS[option])} per room or staircase`,
        }))}
      />
      <CarpetCounts />
    </>
  )
}
export const Arrival = () => <ArrivalSection industry="carpet" />
export const Customer = CustomerDetailsSection
export const KeyInfo = KeyInfoSection
export const Notes = NotesSection
export const Coupon = () => <CouponSection industry="carpet" onInvalid="clear" />
