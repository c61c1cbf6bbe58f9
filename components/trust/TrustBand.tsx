import type {ReactNode} from 'react'
import {SidebarCard} from '@/components/booking/shared/SidebarCard'
import {Container} from '@/components/ui/Container'
import {CalendarIcon, CheckIcon, ShieldIcon, SparkleIcon, StarIcon} from '@/components/ui/icons'
import {getTrust} from '@/lib/content'
import {trustLines, type TrustLine} from '@/lib/trust'
import styles from './TrustBand.module.css'

const ICONS: Record<TrustLine['kind'], ReactNode> = {
  insurance: <ShieldIcon size={18} />,
  vetting: <CheckIcon size={18} />,
  guarantee: <SparkleIcon size={18} />,
  years: <CalendarIcon size={18} />,
  rating: <StarIcon size={18} />,
}

/**
 * The Trust band: insured and bonded, how staff are vetted, the re-clean guarantee, years
 * in business and the rating computed from the published reviews, as one list. A server component
 * that reads the Trust document itself, so the home page, every service page and the booking
 * screens' sidebars show the same band without passing it along, and no script is added to a page.
 * `placement="band"` is a full-width strip under a hero; "sidebar" a box of a booking sidebar.
 */
export async function TrustBand({placement = 'band'}: {placement?: 'band' | 'sidebar'}) {
  const trust = await getTrust()
  const list = (
    <ul role="list" className={styles.list}>
      {trustLines(trust, trust.rating).map((line) => (
        <li key={line.kind} className={styles.item} data-trust={line.kind}>
          <span className={styles.icon}>{ICONS[line.kind]}</span>
          <span>{line.text}</span>
        </li>
      ))}
    </ul>
  )
  if (placement === 'sidebar') {
    return (
      <SidebarCard heading={trust.heading} className={styles.sidebar}>
        {list}
      </SidebarCard>
    )
  }
  return (
    <section id="trust" aria-labelledby="trust-band-heading" className={styles.band}>
      <Container width="wide">
        <h2 id="trust-band-heading" className={styles.heading}>
          {trust.heading}
        </h2>
        {list}
      </Container>
    </section>
  )
}
