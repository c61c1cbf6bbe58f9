'use client'

import {usePathname} from 'next/navigation'
import type {OfficeMenuCounts} from '@/lib/office/access/menu-counts'
import {hasRole, type StaffRole} from '@/lib/office/access/roles'
import {accessWords} from '@/lib/office/access/words'
import ui from './office-page.module.css'
import styles from './OfficeNav.module.css'

const w = accessWords.nav

/**
 * The office's areas the member's role opens (the server checks each page again); the one shown is
 * marked for screen readers (aria-current) and by sight. Needs attention and Leads show how many
 * items wait (a badge, read as "3 waiting"; nothing at 0). The links are plain links, so each opens
 * its page from the server with the office's shell, counts included: a client-side navigation keeps
 * the shell as it was and the counts would go stale (and the office works without JavaScript anyway).
 */
export function OfficeNav({role, counts = null}: {role: StaffRole; counts?: OfficeMenuCounts | null}) {
  const pathname = usePathname()
  const areas: {href: string; label: string; current: boolean; needs: StaffRole; count?: number}[] = [
    {href: '/office', label: w.dashboard, current: pathname === '/office', needs: 'office'},
    // A crew member's schedule is their crew's day.
    {href: '/office/schedule', label: w.schedule, current: pathname.startsWith('/office/schedule'), needs: 'crew'},
    {href: '/office/bookings', label: w.bookings, current: pathname.startsWith('/office/bookings'), needs: 'office'},
    {href: '/office/plans', label: w.plans, current: pathname.startsWith('/office/plans'), needs: 'office'},
    {href: '/office/attention', label: w.attention, current: pathname.startsWith('/office/attention'), needs: 'office', count: counts?.attention},
    {href: '/office/leads', label: w.leads, current: pathname.startsWith('/office/leads'), needs: 'office', count: counts?.newLeads},
    {href: '/office/customers', label: w.customers, current: pathname.startsWith('/office/customers'), needs: 'office'},
    {href: '/office/checkouts', label: w.checkouts, current: pathname.startsWith('/office/checkouts'), needs: 'office'},
    {href: '/office/calendars', label: w.calendars, current: pathname.startsWith('/office/calendars'), needs: 'owner'},
    {href: '/office/staff', label: w.staff, current: pathname.startsWith('/office/staff'), needs: 'owner'},
  ]
  const links = areas.filter((area) => hasRole({role}, area.needs))
  return (
    <nav aria-label={w.label} className={styles.nav}>
      <ul className={styles.list}>
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className={styles.link} aria-current={link.current ? 'page' : undefined}>
              {link.label}
              {link.count ? (
                <>
                  <span className={styles.badge} aria-hidden="true">
                    {link.count.toLocaleString('en-US')}
                  </span>
                  <span className={ui.visuallyHidden}> ({w.waiting(link.count)})</span>
                </>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
