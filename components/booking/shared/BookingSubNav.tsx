import Link from 'next/link'
import styles from './booking.module.css'

export type BookingSubNavProps = {
  links: readonly {href: string; label: string}[]
  /** The href of the page being shown: that link gets aria-current="page". */
  current: string
  /** The navigation landmark's name (default "Booking forms"). */
  label?: string
}

/** A small row of links between related booking forms (house ↔ carpet). */
export function BookingSubNav({links, current, label = 'Booking forms'}: BookingSubNavProps) {
  return (
    <nav aria-label={label} className={styles.subNav}>
      <ul role="list" className={styles.subNavList}>
        {links.map((link) => {
          const active = link.href === current
          return (
            <li key={link.href}>
              <Link href={link.href} className={styles.subNavLink} aria-current={active ? 'page' : undefined}>
                {link.label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
