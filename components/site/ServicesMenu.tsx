'use client'

import {useRef, type FocusEvent, type KeyboardEvent} from 'react'
import {Icon} from '@/components/ui/Icon'
import {NavLink} from './PathAware'
import styles from './SiteHeader.module.css'
import {useDisclosure} from './useDisclosure'

export type ServicesMenuGroup = {
  group: string
  label: string
  pages: {label: string; href: string}[]
}

export type ServicesMenuProps = {
  groups: ServicesMenuGroup[]
  label?: string
}

/**
 * The Services disclosure: a button (aria-expanded) that shows the four service columns. Opens on
 * click / Enter / Space; closes on Escape (focus returns to the button), on a click or focus
 * outside, and when a link is chosen. A mega panel on desktop, an inline list in the mobile menu.
 */
export function ServicesMenu({groups, label = 'Services'}: ServicesMenuProps) {
  const buttonRef = useRef<HTMLButtonElement>(null)
  const {open, setOpen, rootRef, panelId, closeOnLinkClick} = useDisclosure('services')

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation() // the mobile menu around it stays open
      setOpen(false)
      buttonRef.current?.focus()
    }
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    const next = event.relatedTarget as Node | null
    if (next && !rootRef.current?.contains(next)) setOpen(false)
  }

  return (
    <div ref={rootRef} className={styles.services} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.navLink}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <Icon name="chevron" size={16} className={styles.servicesChevron} />
      </button>
      <div id={panelId} className={styles.servicesPanel} data-open={open} hidden={!open} onClick={closeOnLinkClick}>
        <div className={styles.servicesGrid}>
          {groups.map((group) => {
            const headingId = `${panelId}-${group.group}`
            return (
              <div key={group.group} className={styles.servicesColumn}>
                <p id={headingId} className={styles.servicesHeading}>
                  {group.label}
                </p>
                <ul role="list" aria-labelledby={headingId} className={styles.servicesList}>
                  {group.pages.map((page) => (
                    <li key={page.href}>
                      <NavLink href={page.href} className={styles.servicesLink}>
                        {page.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            )
          })}
        </div>
      </div>
    </div>
  )
}
