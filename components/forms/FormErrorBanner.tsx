'use client'

import type {Ref} from 'react'
import {ErrorIcon} from './ErrorIcon'
import styles from './FormErrorBanner.module.css'

export type FormErrorBannerProps = {
  /** The form-level failure to show; null or '' shows nothing. */
  message: string | null | undefined
  /** The region (focusable with tabIndex -1), for forms that want to move focus there. */
  ref?: Ref<HTMLDivElement>
  className?: string
}

/**
 * A form-level failure ("Booking failed: …", "Payment error occurred."), in the page, never a
 * pop-up. The role="alert" region is always present, so screen readers announce each new message.
 */
export function FormErrorBanner({message, ref, className}: FormErrorBannerProps) {
  return (
    <div ref={ref} role="alert" tabIndex={-1} className={[styles.alertRegion, className].filter(Boolean).join(' ')}>
      {message ? (
        <div className={styles.banner}>
          <ErrorIcon size={22} className={styles.bannerIcon} />
          <p>{message}</p>
        </div>
      ) : null}
    </div>
  )
}
