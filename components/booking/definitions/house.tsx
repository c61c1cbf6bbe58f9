'use client'

import {HOUSE_DEFAULTS, HOUSE_SERVICES} from '@/lib/booking/catalog/house'
import {formatDuration, previewHousePrice} from '@/lib/booking/pricing/house'
import type {HouseBookingInput} from '@/lib/booking/schemas'
import {LocationSection} from '../shared/BookingSections'
import type {SummaryRow} from '../shared/SummaryCard'
import {hydratedLater, laterSections} from '../shared/HydrateLater'
import {BLANK_DETAILS, bookingProvider, type BookingFormDefinition} from '../BookingForm'

/*
 * The house cleaning form (/house_cleaning): location, service, frequency (Regular
 * Cleaning) or time (Post Construction), rooms, extras, instructions, date, tip and parking,
 * customer details, notes, coupon.
 */

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

/** The sections after the location: their code comes with the visitor's first use of the form. */
const later = laterSections(() => import('./house-later'))

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
      {hydratedLater(later('Choices'), later('Arrival'), later('Tips'), later('Customer'), later('Notes'), later('Coupon'))}
    </>
  ),
  preview: previewHousePrice,
  summary: (values, texts) => ({rows: houseSummaryRows(values), pendingText: texts.pricePending}),
}

/** The house form's state around the page (form and sidebar summary). */
export const HouseBooking = bookingProvider(houseBooking)
