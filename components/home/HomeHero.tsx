import type {HomePage} from '@/lib/content'
import {Button} from '@/components/ui/Button'
import {Container} from '@/components/ui/Container'
import {ContentImage} from '@/components/ui/ContentImage'
import type {FieldEditLinks} from '@/lib/content/edit-links'
import {ArrowRightIcon, SparkleIcon} from '@/components/ui/icons'
import {BOOKING_HREF} from '@/components/pages/constants'
import styles from './HomeHero.module.css'


/** Headline, subtitle, tagline, Get Started and the hero image (the page's LCP, so priority). */
export function HomeHero({hero, edit}: {hero: HomePage['hero']; edit?: FieldEditLinks}) {
  return (
    <section className={styles.hero} aria-labelledby="hero-heading">
      <Container width="wide" className={styles.inner}>
        <div className={styles.text}>
          <h1 id="hero-heading" className={styles.headline}>
            {hero.headline}
          </h1>
          <p className={styles.subtitle}>{hero.subtitle}</p>
          <p className={styles.tagline}>
            <SparkleIcon size={18} />
            <span>{hero.tagline}</span>
          </p>
          <div className={styles.actions}>
            <Button href={BOOKING_HREF} size="lg" iconEnd={<ArrowRightIcon />} prefetch={false}>
              {hero.ctaLabel}
            </Button>
          </div>
        </div>
        <div className={styles.media}>
          <ContentImage
            image={hero.image}
            sizes="(min-width: 64rem) 45vw, 100vw"
            priority
            className={styles.image}
            editLink={edit?.('image')}
          />
        </div>
      </Container>
    </section>
  )
}
