'use client'

import Link from 'next/link'
import {usePathname} from 'next/navigation'
import {accessWords} from '@/lib/office/words'
import styles from './OfficeNav.module.css'

const w = accessWords.nav

/** The office's areas; the one shown is marked for screen readers (aria-current) and by sight. */
export function OfficeNav({owner}: {owner: boolean}) {
  const pathname = usePathname()
  const links = [
    {href: '/office', label: w.schedule, current: pathname === '/office' || pathname.startsWith('/office/schedule')},
    {href: '/office/bookings', label: w.bookings, current: pathname.startsWith('/office/bookings')},
    // i24-manage
    {href: '/office/plans', label: w.plans, current: pathname.startsWith('/office/plans')},
    {href: '/office/attention', label: w.attention, current: pathname.startsWith('/office/attention')},
    {href: '/office/leads', label: w.leads, current: pathname.startsWith('/office/leads')},
    {href: '/office/calendars', label: w.calendars, current: pathname.startsWith('/office/calendars')},
    ...(owner ? [{href: '/office/staff', label: w.staff, current: pathname.startsWith('/office/staff')}] : []),
  ]
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
