import type {ReactNode} from 'react'
import {TrustBand} from '@/components/trust/TrustBand'
import {Container} from '@/components/ui/Container'
import styles from './booking.module.css'

export type BookingPageLayoutProps = {
  /** The page's h1 ("Book House Cleaning"). */
  heading: string
  /** A line under the heading. */
  intro?: ReactNode
  /** Shown between the heading and the form (BookingSubNav). */
  nav?: ReactNode
  /** The form column. */
  children: ReactNode
  /** The sidebar: SummaryCard, ReviewCarousel, PopularQuestions (the Trust band follows them). */
  sidebar: ReactNode
  /** The sidebar's landmark name (default "Booking summary and help"). */
  sidebarLabel?: string
}

/**
 * A booking screen: heading, then the form beside a sidebar. From 64rem wide the sidebar sticks
 * below the site header (scrolling on its own when taller than the window); on phones everything
 * stacks, form first.
 *
 * A server component: the form and the sidebar's summary are client components that share the
 * form's state through the industry's provider wrapped around this layout.
 */
export function BookingPageLayout({heading, intro, nav, children, sidebar, sidebarLabel = 'Booking summary and help'}: BookingPageLayoutProps) {
  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <Container className={styles.pageHeaderInner}>
          <h1 className={styles.pageHeading}>{heading}</h1>
          {intro ? <div className={styles.pageIntro}>{intro}</div> : null}
          {nav}
        </Container>
      </header>
      <Container className={styles.grid}>
        <div className={styles.formColumn}>{children}</div>
        <aside className={styles.sidebar} aria-label={sidebarLabel}>
          <div className={styles.sidebarInner}>
            {sidebar}
            <TrustBand placement="sidebar" />
          </div>
        </aside>
      </Container>
    </div>
  )
}
