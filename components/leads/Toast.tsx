'use client'

import {useEffect, useRef, type ReactNode} from 'react'
import {Icon} from '@/components/ui/Icon'
import styles from './Toast.module.css'

/** How long a toast stays open (toasts close after 5000 ms; one at a time). */
export const TOAST_DURATION_MS = 5000

export type ToastProps = {
  /** Each new toast gets a new id (its timer starts again); null = closed. */
  toast: {id: number; title: string; body?: ReactNode} | null
  onClose: () => void
}

/**
 * One toast at the top centre of the window, announced as a status message, closing itself after
 * 5000 ms or with its Close button. Showing another replaces it (never more than one). The timer
 * waits while the pointer or keyboard focus is on the toast, so it can be read (WCAG 2.2.1).
 */
export function Toast({toast, onClose}: ToastProps) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const held = useRef(false)
  const remaining = useRef(TOAST_DURATION_MS)
  const startedAt = useRef(0)
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  }, [onClose])

  useEffect(() => {
    if (!toast) return
    remaining.current = TOAST_DURATION_MS
    startedAt.current = Date.now()
    timer.current = setTimeout(() => close.current(), TOAST_DURATION_MS)
    return () => clearTimeout(timer.current)
  }, [toast])

  function hold() {
    if (held.current || !toast) return
    held.current = true
    clearTimeout(timer.current)
    remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current))
  }

  function release() {
    if (!held.current || !toast) return
    held.current = false
    startedAt.current = Date.now()
    timer.current = setTimeout(() => close.current(), remaining.current)
  }

  return (
    <div className={styles.viewport} role="status" aria-live="polite">
      {toast ? (
        <div className={styles.toast} onMouseEnter={hold} onMouseLeave={release} onFocus={hold} onBlur={release}>
          <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="24" height="24" className={styles.icon}>
            <circle cx="12" cy="12" r="11" fill="currentColor" />
            <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <div className={styles.text}>
            <p className={styles.title}>{toast.title}</p>
            {toast.body ? <div className={styles.body}>{toast.body}</div> : null}
          </div>
          <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
            <Icon name="close" />
          </button>
        </div>
      ) : null}
    </div>
  )
}
