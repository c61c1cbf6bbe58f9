'use client'

import {INDUSTRY_NAMES} from '@/lib/booking/catalog/common'
import {CARPET_COUNTS, CARPET_DEFAULTS, CARPET_EXTRAS} from '@/lib/booking/catalog/carpet'
import {previewCarpetPrice} from '@/lib/booking/pricing/carpet'
import {LocationSection} from '../shared/BookingSections'
import {hydratedLater, laterSections} from '../shared/HydrateLater'
import {BLANK_DETAILS, bookingProvider, type BookingFormDefinition} from '../BookingForm'

/*
 * The carpet cleaning form (/carpet_cleaning): location, frequency, rooms (0–10)
 * and staircases (0–5), extras with counts priced per unit by frequency, date, customer details, key
 * information, notes, coupon (a percentage of the total). Validation is the server's schema: at
 * least one room or staircase, and the exterior form's customer-detail messages.
 */

/** "Pet, Food, Drink Stain × 2, HALLWAYS × 1", or "None". */
export function extrasSummary(extras: Partial<Record<string, number>> | undefined): string {
  const chosen = CARPET_EXTRAS.flatMap((extra) => {
    const count = extras?.[extra] ?? 0
    return typeof count === 'number' && count > 0 ? [`${extra} \u00d7 ${count}`] : []
  })
  return chosen.length > 0 ? chosen.join(', ') : 'None'
}

/** The sections after the location: their code comes with the visitor's first use of the form. */
const later = laterSections(() => import('./carpet-later'))

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
      {/* Frequency and counts in one shell: the counts show the chosen frequency's rates. */}
      {hydratedLater(later('Choices'), later('Arrival'), later('Customer'), later('KeyInfo'), later('Notes'), later('Coupon'))}
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
