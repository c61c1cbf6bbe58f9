'use client'

import {useWatch, type Control, type FieldValues} from 'react-hook-form'
import {arrivalWindowLabel} from '@/lib/booking/arrival-window'
import {formatDate} from '@/lib/format'
import {useBookingTexts} from './BookingTexts'
import {useBookingFormContext} from './useBookingForm'
import styles from './booking.module.css'

/** The summary's date and arrival window, once chosen. */
export function ArrivalRows() {
  const control = useBookingFormContext().control as unknown as Control<FieldValues, unknown, unknown>
  const [date, arrivalWindow] = useWatch({control, name: ['date', 'arrivalWindow']}) as [string | undefined, string | undefined]
  const texts = useBookingTexts()
  return (
    <>
      {date ? (
        <div className={styles.summaryRow}>
          <dt>{texts.dateLabel}</dt>
          <dd>{formatDate(date)}</dd>
        </div>
      ) : null}
      {arrivalWindow ? (
        <div className={styles.summaryRow}>
          <dt>{texts.windowLabel}</dt>
          <dd>{arrivalWindowLabel(arrivalWindow)}</dd>
        </div>
      ) : null}
    </>
  )
}
