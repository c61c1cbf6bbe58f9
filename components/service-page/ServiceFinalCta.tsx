import {Container} from '@/components/ui/Container'
import {SparkleIcon} from '@/components/ui/icons'
import type {CallToActionTarget} from '@/lib/service-page-actions'
import {ServiceCtaButton} from './ServiceCtaButton'
import styles from './ServiceFinalCta.module.css'

export type ServiceFinalCtaProps = {
  heading: string
  text: string
  buttonLabel: string
  cta: CallToActionTarget
  /** The company phone as written in the settings, shown beside a button that dials it. */
  phone: string
}

/**
 * The closing call to action: a rounded dark band (heading, a line of text, one button) on a white
 * strip, so it stands apart from the dark footer below.
 */
export function ServiceFinalCta({heading, text, buttonLabel, cta, phone}: ServiceFinalCtaProps) {
  return (
    <section className={styles.section} aria-labelledby="service-final-cta-heading">
      <Container>
        <div className={styles.band} data-tone="dark" data-final-cta="">
          <SparkleIcon className={styles.sparkle} size={56} />
          <div className={styles.copy}>
            <h2 id="service-final-cta-heading">{heading}</h2>
            <p className={styles.text}>{text}</p>
          </div>
          <div className={styles.actions}>
            <ServiceCtaButton label={buttonLabel} cta={cta} phone={phone} phoneClassName={styles.phone} />
          </div>
        </div>
      </Container>
    </section>
  )
}
