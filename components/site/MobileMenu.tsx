'use client'

import {useRef, type KeyboardEvent, type ReactNode} from 'react'
import {Icon} from '@/components/ui/Icon'
import styles from './SiteHeader.module.css'
import {useDisclosure} from './useDisclosure'

/**
 * Below 1024 px the navigation collapses behind a "Menu" button (aria-expanded, aria-controls).
 * Choosing a link, pressing Escape or clicking outside closes it. From 1024 px up the panel is
 * always shown inline and the button is hidden (CSS).
 */
export function MobileMenu({children}: {children: ReactNode}) {
  const buttonRef = useRef<HTMLButtonElement>(null)
  const {open, setOpen, rootRef, panelId, closeOnLinkClick} = useDisclosure('site-nav')

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      setOpen(false)
      buttonRef.current?.focus()
    }
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
        <Icon name={open ? 'close' : 'menu'} size={24} />
      </button>
      <div id={panelId} className={styles.menuPanel} data-open={open} onClick={closeOnLinkClick}>
        {children}
      </div>
    </div>
  )
}
