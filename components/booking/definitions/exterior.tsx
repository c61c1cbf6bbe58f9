'use client'

import {FieldsetSection, RadioCardGroup} from '@/components/forms/choice-fields'
import {INDUSTRY_NAMES} from '@/lib/booking/catalog/common'
import {EXTERIOR_DEFAULTS, EXTERIOR_SERVICES} from '@/lib/booking/catalog/exterior'
import {formatUsd} from '@/lib/booking/money'
import {EXTERIOR_BASE_CENTS, EXTERIOR_SERVICE_CENTS, previewExteriorPrice} from '@/lib/booking/pricing/exterior'
import {fillIn} from '@/lib/format'
import {hydratedLater, laterSections} from '../shared/HydrateLater'
import {withAddOns} from '../shared/withAddOns'
import {BLANK_DETAILS, bookingProvider, useBookingSection, type BookingFormDefinition} from '../BookingForm'

/*
 * The exterior cleaning form (/exterior_cleaning): service, frequency, date, tips
 * and parking (recorded with the booking, not charged), customer details, key information,
 * notes. Validation is the server's schema, so the messages are the form's own, word for word.
 */

/** The service, each with its add-on, under a line saying what the base charge is. */
function ExteriorServices() {
  const {form: {control}, texts} = useBookingSection<'exterior'>()
  return (
    <FieldsetSection>
      <RadioCardGroup
        control={control}
        name="service"
        legend={texts.servicesHeading}
        headingLevel={2}
        description={fillIn(texts.servicesHelp, {baseCharge: formatUsd(EXTERIOR_BASE_CENTS)})}
        minCardWidth="13rem"
        required
        options={withAddOns(EXTERIOR_SERVICES, EXTERIOR_SERVICE_CENTS)}
      />
    </FieldsetSection>
  )
}

/** The sections after the service: their code comes with the visitor's first use of the form. */
const later = laterSections(() => import('./exterior-later'))

export const exteriorBooking: BookingFormDefinition<'exterior'> = {
  industry: 'exterior',
  // Nothing chosen yet, except the recorded-only tip and parking (0% and $0, as on the house form).
  defaults: {
    ...EXTERIOR_DEFAULTS,
    industry: 'exterior' as const,
    service: '' as never,
    frequency: '' as never,
    keyInfo: '',
    ...BLANK_DETAILS,
  },
  preselect: {field: 'service', options: EXTERIOR_SERVICES},
  sections: (
    <>
      <ExteriorServices />
      {hydratedLater(later('Frequency'), later('Arrival'), later('Tips'), later('Customer'), later('KeyInfo'), later('Notes'))}
    </>
  ),
  preview: previewExteriorPrice,
  // Industry, service, frequency, and the unpriced tip and parking under their own labels.
  summary: (values, texts) => ({
    rows: [
      {label: 'Industry', value: INDUSTRY_NAMES.exterior},
      {label: 'Service', value: values.service || 'Not selected'},
      {label: 'Frequency', value: values.frequency || 'Not selected'},
      {label: texts.tipSummaryLabel, value: values.tip || EXTERIOR_DEFAULTS.tip},
      {label: texts.parkingSummaryLabel, value: values.parkingFee || EXTERIOR_DEFAULTS.parkingFee},
    ],
    showDiscount: false,
    note: texts.tipsHelp,
  }),
}

/** The exterior form's state around the page (form and sidebar summary). */
export const ExteriorBooking = bookingProvider(exteriorBooking)
