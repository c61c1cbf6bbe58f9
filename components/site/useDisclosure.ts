'use client'

import {useEffect, useId, useRef, useState, type MouseEvent, type RefObject} from 'react'

/**
 * The open/closed state shared by the header's disclosures (mobile menu, Services menu): a panel id
 * for aria-controls, closing on a pointer press outside the root element, and closing when a link
 * inside the panel is chosen.
 */
export function useDisclosure(idPrefix: string): {
  open: boolean
  setOpen: (open: boolean | ((open: boolean) => boolean)) => void
  rootRef: RefObject<HTMLDivElement | null>
  panelId: string
  closeOnLinkClick: (event: MouseEvent<HTMLElement>) => void
} {
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const panelId = `${idPrefix}-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`

  useEffect(() => {
    if (!open) return
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  function closeOnLinkClick(event: MouseEvent<HTMLElement>) {
    if ((event.target as Element).closest('a')) setOpen(false)
  }

  return {open, setOpen, rootRef, panelId, closeOnLinkClick}
}
