'use client'

import {useWatch} from 'react-hook-form'
import {FieldsetSection, RadioCardGroup} from '@/components/forms/fields'
import {COMMERCIAL_SUB_SERVICES, commercialFrequenciesFor, type CommercialSubService} from '@/lib/booking/catalog/commercial'
import {ArrivalSection} from '../shared/ArrivalSection'
import {CustomerDetailsSection, NotesSection} from '../shared/DetailSections'
import {useBookingSection} from '../BookingForm'

/*
 * The commercial form's later sections (commercial.tsx lists them in page order): their own chunk,
 * fetched when the visitor first uses the form.
 */

/** The sub-service, then the frequencies it offers (changing it clears the frequency). */
export function Choices() {
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

export const Arrival = () => <ArrivalSection industry="commercial" />
export const Customer = CustomerDetailsSection
export const Notes = NotesSection
