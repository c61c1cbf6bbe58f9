import {useId, type ReactNode} from 'react'
import {Card} from '@/components/ui/Card'
import styles from './booking.module.css'

export type SidebarCardProps = {
  heading: ReactNode
  headingLevel?: 2 | 3
  /** Extra content beside the heading (the carousel's controls). */
  actions?: ReactNode
  className?: string
  children: ReactNode
}

/** One box of a booking sidebar (Summary, Customer Reviews, Popular Questions): a labelled section. */
export function SidebarCard({heading, headingLevel = 2, actions, className, children}: SidebarCardProps) {
  const id = useId()
  const Heading = `h${headingLevel}` as const
  return (
    <Card as="section" padding="sm" aria-labelledby={`${id}-heading`} className={[styles.sidebarCard, className].filter(Boolean).join(' ')}>
      <div className={styles.sidebarCardHeader}>
        <Heading id={`${id}-heading`} className={styles.sidebarHeading}>
          {heading}
        </Heading>
        {actions}
      </div>
      {children}
    </Card>
  )
}
