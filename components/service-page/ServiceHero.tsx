import {Container} from '@/components/ui/Container'
import {ContentImage, type ContentImageData} from '@/components/ui/ContentImage'
import type {FieldEditLinks} from '@/lib/content/edit-links'
import type {CallToActionTarget} from '@/lib/service-page-actions'
import {ServiceCtaButton} from './ServiceCtaButton'
import styles from './ServiceHero.module.css'

export type ServiceHeroProps = {
  eyebrow: string
  heading: string
  text: string
  ctaLabel: string
  cta: CallToActionTarget
  image: ContentImageData
  /** The company phone as written in the settings, shown under a button that dials it. */
  phone: string
  /** "From $X": the booking catalog's starting price in the content's words (bookable pages only). */
  priceNote?: string | null
  /** An editor's preview only: click-to-edit links for its picture (lib/content/edit-links.ts). */
  edit?: FieldEditLinks
}

/** The page's opening: title, heading (the page's h1), text and call to action beside the hero image. */
export function ServiceHero({eyebrow, heading, text, ctaLabel, cta, image, phone, priceNote, edit}: ServiceHeroProps) {
  return (
    <section className={styles.hero} aria-labelledby="service-hero-heading" data-service-hero="">
      <Container className={styles.inner}>
        <div className={styles.copy}>
          <p className={styles.eyebrow}>{eyebrow}</p>
          <h1 id="service-hero-heading" className={styles.heading}>
            {heading}
          </h1>
          <p className={styles.text}>{text}</p>
          {priceNote ? (
            <p className={styles.price} data-starting-price="">
              {priceNote}
            </p>
          ) : null}
          <div className={styles.actions}>
            <ServiceCtaButton label={ctaLabel} cta={cta} phone={phone} phoneClassName={styles.phone} />
          </div>
        </div>
        <div className={styles.media}>
          <div className={styles.frame}>
            <ContentImage
              image={image}
              sizes="(min-width: 60rem) 34rem, (min-width: 40rem) 90vw, 100vw"
              aspectRatio={3 / 2}
              priority
              className={styles.image}
              editLink={edit?.('image')}
            />
          </div>
        </div>
      </Container>
    </section>
  )
}
