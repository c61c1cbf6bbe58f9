'use client'

import Link from 'next/link'
import {usePathname} from 'next/navigation'
import {hasRole, type StaffRole} from '@/lib/office/access/roles'
import {accessWords} from '@/lib/office/access/words'
import styles from './OfficeNav.module.css'

const w = accessWords.nav

/**
 * The office's areas the member's role opens (the server checks each page again); the one shown is
 * marked for screen readers (aria-current) and by sight.
 */
export function OfficeNav({role}: {role: StaffRole}) {
  const pathname = usePathname()
  const areas: {href: string; label: string; current: boolean; needs: StaffRole}[] = [
    // For a crew member /office is their crew's day.
    {href: '/office', label: w.schedule, current: pathname === '/office' || pathname.startsWith('/office/schedule'), needs: 'crew'},
    {href: '/office/bookings', label: w.bookings, current: pathname.startsWith('/office/bookings'), needs: 'office'},
    {href: '/office/plans', label: w.plans, current: pathname.startsWith('/office/plans'), needs: 'office'},
    {href: '/office/attention', label: w.attention, current: pathname.startsWith('/office/attention'), needs: 'office'},
    {href: '/office/leads', label: w.leads, current: pathname.startsWith('/office/leads'), needs: 'office'},
    {href: '/office/customers', label: w.customers, current: pathname.startsWith('/office/customers'), needs: 'office'},
    {href: '/office/calendars', label: w.calendars, current: pathname.startsWith('/office/calendars'), needs: 'owner'},
    {href: '/office/staff', label: w.staff, current: pathname.startsWith('/office/staff'), needs: 'owner'},
  ]
  const links = areas.filter((area) => hasRole({role}, area.needs))
  return (
    <nav aria-label={w.label} className={styles.nav}>
      <ul className={styles.list}>
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} className={styles.link} aria-current={link.current ? 'page' : undefined} prefetch={false}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
