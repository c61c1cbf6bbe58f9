'use client'

import {useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode} from 'react'
import {CloseIcon, MenuIcon} from '@/components/ui/icons'
import styles from './SiteHeader.module.css'

/**
 * Below 1024 px the navigation collapses behind a "Menu" button (aria-expanded, aria-controls).
 * Choosing a link, pressing Escape or clicking outside closes it. From 1024 px up the panel is
 * always shown inline and the button is hidden (CSS).
 */
export function MobileMenu({children}: {children: ReactNode}) {
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelId = `site-nav-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`

  useEffect(() => {
    if (!open) return
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      setOpen(false)
      buttonRef.current?.focus()
    }
  }

  function onPanelClick(event: MouseEvent<HTMLDivElement>) {
    if ((event.target as Element).closest('a')) setOpen(false)
  }

  return (
    <div ref={rootRef} className={styles.menuRoot} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.menuToggle}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? 'Close menu' : 'Menu'}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <CloseIcon size={24} /> : <MenuIcon size={24} />}
      </button>
      <div id={panelId} className={styles.menuPanel} data-open={open} onClick={onPanelClick}>
        {children}
      </div>
    </div>
  )
}
