'use client'

import {useEffect, useRef, type ReactNode} from 'react'

/**
 * The outcome of the form just sent (or the field it refused), focused when the page arrives, so a
 * keyboard or screen reader user lands on what happened instead of the top of the page.
 */
export function FocusOnArrival({children, className, id, role}: {children: ReactNode; className?: string; id?: string; role?: 'status' | 'alert'}) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [])
  return (
    <div ref={ref} tabIndex={-1} className={className} id={id} role={role}>
      {children}
    </div>
  )
}

/** Focuses the element with this id when the page arrives (a field a form refused). */
export function FocusElement({targetId}: {targetId: string}) {
  useEffect(() => {
    document.getElementById(targetId)?.focus()
  }, [targetId])
  return null
}
