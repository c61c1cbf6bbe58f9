'use client'

import {FormSection, RadioCardGroup} from '@/components/forms/fields'
import {useControl} from './BookingSections'
import {useBookingTexts} from './BookingTexts'

/** Tip and parking fee, as percentages and dollar amounts to pick (house: charged; exterior: recorded only). */
export function TipsSection({tipLegend, tipOptions, parkingOptions}: {tipLegend: string; tipOptions: readonly string[]; parkingOptions: readonly string[]}) {
  const control = useControl()
  const texts = useBookingTexts<'house' | 'exterior'>()
  return (
    <FormSection heading={texts.tipsHeading} description={texts.tipsHelp}>
      <RadioCardGroup control={control} name="tip" legend={tipLegend} options={tipOptions} size="compact" />
      <RadioCardGroup control={control} name="parkingFee" legend="Parking fee" options={parkingOptions} size="compact" />
    </FormSection>
  )
}
