'use client'

import {FieldsetSection, RadioCardGroup} from '@/components/forms/fields'
import {KEY_INFO_OPTIONS} from '@/lib/booking/catalog'
import {useControl} from './BookingSections'
import {useBookingTexts} from './BookingTexts'

/** How the crew gets in (the carpet and exterior forms). */
export function KeyInfoSection() {
  const control = useControl()
  const texts = useBookingTexts()
  return (
    <FieldsetSection>
      <RadioCardGroup
        control={control}
        name="keyInfo"
        legend={texts.keyInfoHeading}
        headingLevel={2}
        description={texts.keyInfoHelp}
        size="compact"
        options={KEY_INFO_OPTIONS}
      />
    </FieldsetSection>
  )
}
