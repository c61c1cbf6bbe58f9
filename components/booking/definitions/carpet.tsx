'use client'

import {useEffect} from 'react'
import {useFormState, useWatch} from 'react-hook-form'
import {CountStepper, FormSection} from '@/components/forms/fields'
import {INDUSTRY_NAMES} from '@/lib/booking/catalog/common'
import {CARPET_COUNTS, CARPET_DEFAULTS, CARPET_EXTRAS, CARPET_FREQUENCIES, type CarpetFrequency} from '@/lib/booking/catalog/carpet'
import {formatUsd} from '@/lib/booking/money'
import {CARPET_EXTRA_CENTS, CARPET_UNIT_CENTS, previewCarpetPrice} from '@/lib/booking/pricing/carpet'
import type {BookingFormTexts} from '@/lib/content'
import {fillIn} from '@/lib/format'
import {ArrivalSection} from '../shared/ArrivalSection'
import {CouponSection} from '../shared/CouponField'
import {CustomerDetailsSection, ExtrasSection, FrequencySection, KeyInfoSection, LocationSection, NotesSection} from '../shared/BookingSections'
import {hydratedLater} from '../shared/HydrateLater'
import {BLANK_DETAILS, bookingProvider, useBookingSection, type BookingFormDefinition} from '../BookingForm'

/*
 * The carpet cleaning form (/carpet_cleaning): location, frequency, rooms (0–10)
 * and staircases (0–5), extras with counts priced per unit by frequency, date, customer details, key
 * information, notes, coupon (a percentage of the total). Validation is the server's schema: at
 * least one room or staircase, and the exterior form's customer-detail messages.
 */

function isCarpetFrequency(value: unknown): value is CarpetFrequency {
  return (CARPET_FREQUENCIES as readonly unknown[]).includes(value)
}

/** "Pet, Food, Drink Stain × 2, HALLWAYS × 1", or "None". */
export function extrasSummary(extras: Partial<Record<string, number>> | undefined): string {
  const chosen = CARPET_EXTRAS.flatMap((extra) => {
    const count = extras?.[extra] ?? 0
    return typeof count === 'number' && count > 0 ? [`${extra} \u00d7 ${count}`] : []
  })
  return chosen.length > 0 ? chosen.join(', ') : 'None'
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

export const carpetBooking: BookingFormDefinition<'carpet'> = {
  industry: 'carpet',
  defaults: {
    ...CARPET_DEFAULTS,
    extras: {...CARPET_DEFAULTS.extras},
    industry: 'carpet' as const,
    frequency: '' as never,
    ...BLANK_DETAILS,
    keyInfo: '',
    coupon: '',
  },
  sections: (
    <>
      <LocationSection required />
      {hydratedLater(
        <>
          <FrequencySection
            options={CARPET_FREQUENCIES.map((option) => ({
              value: option,
              label: option,
              description: `${formatUsd(CARPET_UNIT_CENTS[option])} per room or staircase`,
            }))}
          />
          {/* One shell: the counts show the chosen frequency's rates. */}
          <CarpetCounts />
        </>,
        <ArrivalSection industry="carpet" />,
        <CustomerDetailsSection />,
        <KeyInfoSection />,
        <NotesSection />,
        <CouponSection industry="carpet" onInvalid="clear" />,
      )}
    </>
  ),
  preview: previewCarpetPrice,
  // Industry, frequency, rooms, staircases, extras; the discount row even before a frequency is chosen.
  summary: (values, texts) => ({
    rows: [
      {label: 'Industry', value: INDUSTRY_NAMES.carpet},
      {label: 'Frequency', value: values.frequency || 'Not selected'},
      {label: 'Rooms', value: String(values.rooms ?? CARPET_COUNTS.rooms.default)},
      {label: 'Staircases', value: String(values.stairs ?? CARPET_COUNTS.stairs.default)},
      {label: 'Extras', value: extrasSummary(values.extras as Partial<Record<string, number>> | undefined)},
    ],
    showDiscount: true,
    pendingText: texts.pricePending,
  }),
}

/** The carpet form's state around the page (form and sidebar summary). */
export const CarpetBooking = bookingProvider(carpetBooking)
