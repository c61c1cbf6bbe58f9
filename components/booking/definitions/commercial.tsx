'use client'

import {INDUSTRY_NAMES} from '@/lib/booking/catalog/common'
import {COMMERCIAL_DEFAULTS, COMMERCIAL_SUB_SERVICES} from '@/lib/booking/catalog/commercial'
import {previewCommercialPrice} from '@/lib/booking/pricing/commercial'
import {LocationSection} from '../shared/BookingSections'
import {hydratedLater, laterSections} from '../shared/HydrateLater'
import {BLANK_DETAILS, bookingProvider, type BookingFormDefinition} from '../BookingForm'

/*
 * The commercial cleaning form (/commercial_cleaning): location, sub-service, the
 * frequencies that sub-service offers, date, customer details, notes.
 */

/** The sections after the location: their code comes with the visitor's first use of the form. */
const later = laterSections(() => import('./commercial-later'))

export const commercialBooking: BookingFormDefinition<'commercial'> = {
  industry: 'commercial',
  // Snohomish County, nothing else chosen.
  defaults: {
    ...COMMERCIAL_DEFAULTS,
    ...BLANK_DETAILS,
  },
  preselect: {field: 'subService', options: COMMERCIAL_SUB_SERVICES},
  sections: (
    <>
      <LocationSection />
      {hydratedLater(later('Choices'), later('Arrival'), later('Customer'), later('Notes'))}
    </>
  ),
  preview: previewCommercialPrice,
  summary: (values, texts) => ({
    rows: [
      {label: 'Industry', value: INDUSTRY_NAMES.commercial},
      {label: 'Service', value: values.subService || 'N/A'},
      {label: 'Frequency', value: values.frequency || 'Not selected'},
    ],
    pendingText: texts.pricePending,
  }),
}

/** The commercial form's state around the page (form and sidebar summary). */
export const CommercialBooking = bookingProvider(commercialBooking)
