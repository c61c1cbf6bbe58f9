'use client'

import {useWatch} from 'react-hook-form'
import {FieldsetSection, RadioCardGroup} from '@/components/forms/fields'
import {INDUSTRY_NAMES} from '@/lib/booking/catalog/common'
import {COMMERCIAL_DEFAULTS, COMMERCIAL_SUB_SERVICES, commercialFrequenciesFor, type CommercialSubService} from '@/lib/booking/catalog/commercial'
import {previewCommercialPrice} from '@/lib/booking/pricing/commercial'
import {ArrivalSection} from '../shared/ArrivalSection'
import {CustomerDetailsSection, LocationSection, NotesSection} from '../shared/BookingSections'
import {hydratedLater} from '../shared/HydrateLater'
import {BLANK_DETAILS, bookingProvider, useBookingSection, type BookingFormDefinition} from '../BookingForm'

/*
 * The commercial cleaning form (/commercial_cleaning): location, sub-service, the
 * frequencies that sub-service offers, date, customer details, notes.
 */

/** The sub-service, then the frequencies it offers (changing it clears the frequency). */
function CommercialChoices() {
  const {form: {control, setValue, getFieldState}, texts} = useBookingSection<'commercial'>()
  const subService = useWatch({control, name: 'subService'}) as CommercialSubService | '' | undefined
  return (
    <>
      <FieldsetSection>
        <RadioCardGroup
          control={control}
          name="subService"
          legend={texts.servicesHeading}
          headingLevel={2}
          options={COMMERCIAL_SUB_SERVICES}
          minCardWidth="13rem"
          required
          onValueChange={() => setValue('frequency', '' as never, {shouldValidate: Boolean(getFieldState('frequency').error)})}
        />
      </FieldsetSection>

      <FieldsetSection>
        <RadioCardGroup
          control={control}
          name="frequency"
          legend="Frequency"
          headingLevel={2}
          description={subService === 'Construction Final Clean' ? texts.oneTimeNote : undefined}
          options={commercialFrequenciesFor(subService || null)}
          emptyText={texts.frequencyPending}
          required
        />
      </FieldsetSection>
    </>
  )
}

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
      {hydratedLater(
        <CommercialChoices />,
        <ArrivalSection industry="commercial" />,
        <CustomerDetailsSection />,
        <NotesSection />,
      )}
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
