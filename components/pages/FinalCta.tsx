import {Button} from '@/components/ui/Button'
import {Container} from '@/components/ui/Container'
import {ArrowRightIcon} from '@/components/ui/icons'
import {BOOKING_HREF} from './constants'
import styles from './FinalCta.module.css'

export type FinalCtaContent = {heading: string; text: string; buttonLabel: string}

/** The closing call of a page: a dark panel with heading, a sentence and the button to the booking page. */
export function FinalCta({cta, id = 'book'}: {cta: FinalCtaContent; id?: string}) {
  const headingId = `${id}-heading`
  return (
    <section id={id} aria-labelledby={headingId} className={styles.section}>
      <Container>
        <div className={styles.panel} data-tone="dark">
          <h2 id={headingId} className={styles.heading}>
            {cta.heading}
          </h2>
          <p className={styles.text}>{cta.text}</p>
          <Button href={BOOKING_HREF} size="lg" iconEnd={<ArrowRightIcon />} prefetch={false}>
            {cta.buttonLabel}
          </Button>
        </div>
      </Container>
    </section>
  )
}
