'use client'

import {useEffect, useRef, useState, type MouseEvent, type ReactNode, type RefObject} from 'react'
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

/** Whether the element is on the screen now (false before it is known). */
function useOnScreen(element: RefObject<HTMLElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(false)
  useEffect(() => {
    const target = element.current
    if (!target) return
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry.isIntersecting))
    observer.observe(target)
    return () => observer.disconnect()
  }, [element])
  return onScreen
}

/**
 * The form's submit button, "Confirm & Pay". While busy it is marked disabled, shows a spinner and
 * "Processing…", and a click does nothing (useBookingSubmit also ignores a second submission).
 * aria-disabled rather than disabled: a keyboard user's focus stays on the button.
 *
 * On phones the amount also stays in view while the customer fills the form in: a compact bar at
 * the bottom of the screen until the button and its amount come into view. It repeats what the
 * summary's live region says, so assistive technology skips it, and taps go through it.
 */
export function ConfirmPayButton({busy, totalCents, children = 'Confirm & Pay', busyText = 'Processing…'}: ConfirmPayButtonProps) {
  const {totalToPay, sending} = useBookingTexts()
  const onClick = busy
    ? (event: MouseEvent<HTMLButtonElement>) => {
        event.preventDefault()
      }
    : undefined
  const confirm = useRef<HTMLDivElement>(null)
  const buttonInView = useOnScreen(confirm)
  const amount = totalCents === null || totalCents === undefined ? '—' : formatUsd(totalCents)
  return (
    <div className={styles.confirm} ref={confirm}>
      {totalCents !== undefined ? (
        <div className={styles.totalBar} data-hidden={buttonInView || undefined} aria-hidden="true" data-testid="total-bar">
          <span>{totalToPay}</span> <span className={styles.totalBarAmount}>{amount}</span>
        </div>
      ) : null}
      {totalCents !== undefined ? (
        <p className={styles.confirmTotal}>
          <span>{totalToPay}</span>{' '}
          <span className={styles.confirmAmount}>{amount}</span>
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
