'use client'

import type {MouseEvent, ReactNode} from 'react'
import {BusyLabel} from '@/components/forms/BusyLabel'
import {Button} from '@/components/ui/Button'
import {formatUsd} from '@/lib/booking/money'
import styles from './booking.module.css'
import {useBookingTexts} from './BookingTexts'

export type ConfirmPayButtonProps = {
  /** While true the button is disabled (aria-disabled, so it keeps focus) and shows progress. */
  busy: boolean
  /** The amount to be charged, shown above the button (null while it cannot be priced yet). */
  totalCents?: number | null
  children?: ReactNode
  busyText?: string
}

/**
 * The form's submit button, "Confirm & Pay". While busy it is marked disabled, shows a spinner and
 * "Processing…", and a click does nothing (useBookingSubmit also ignores a second submission).
 * aria-disabled rather than disabled: a keyboard user's focus stays on the button.
 */
export function ConfirmPayButton({busy, totalCents, children = 'Confirm & Pay', busyText = 'Processing…'}: ConfirmPayButtonProps) {
  const {totalToPay, sending} = useBookingTexts()
  const onClick = busy
    ? (event: MouseEvent<HTMLButtonElement>) => {
        event.preventDefault()
      }
    : undefined
  return (
    <div className={styles.confirm}>
      {totalCents !== undefined ? (
        <p className={styles.confirmTotal}>
          <span>{totalToPay}</span>{' '}
          <span className={styles.confirmAmount}>{totalCents === null ? '—' : formatUsd(totalCents)}</span>
        </p>
      ) : null}
      <Button type="submit" size="lg" fullWidth aria-disabled={busy || undefined} onClick={onClick} data-busy={busy || undefined}>
        {busy ? (
          <BusyLabel>{busyText}</BusyLabel>
        ) : (
          children
        )}
      </Button>
      <p className="visually-hidden" role="status">
        {busy ? sending : ''}
      </p>
    </div>
  )
}
