'use client'

import {CountStepper, FormSection} from '@/components/forms/fields'
import {EXTRA_COUNT_MAX} from '@/lib/booking/catalog'
import {useControl} from './BookingSections'
import {useBookingTexts} from './BookingTexts'

/** Each extra with its count (0 up to EXTRA_COUNT_MAX) and a note on its price (house, carpet). */
export function ExtrasSection({extras, description, note}: {extras: readonly string[]; description: string; note: (extra: string) => string}) {
  const control = useControl()
  const texts = useBookingTexts()
  return (
    <FormSection heading={texts.extrasHeading} description={description}>
      <div>
        {extras.map((extra) => (
          <CountStepper key={extra} control={control} name={`extras.${extra}`} label={extra} min={0} max={EXTRA_COUNT_MAX} note={note(extra)} />
        ))}
      </div>
    </FormSection>
  )
}
