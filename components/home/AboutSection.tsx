import type {HomePage} from '@/lib/content'
import {Badge} from '@/components/ui/Badge'
import {ContentImage} from '@/components/ui/ContentImage'
import {editAttribute, listItem, type FieldEditLinks} from '@/lib/content/edit-links'
import {CheckIcon, SparkleIcon} from '@/components/ui/icons'
import {Section} from '@/components/ui/Section'
import styles from './AboutSection.module.css'

/** About Us (anchor "about"): the story, the satisfaction claim, the highlights and a photo. */
export function AboutSection({about, satisfactionClaim, edit}: {about: HomePage['about']; satisfactionClaim: string; edit?: FieldEditLinks}) {
  return (
    <Section id="about" heading={about.heading} width="wide">
      <div className={styles.grid}>
        <div className={styles.media}>
          <ContentImage image={about.image} sizes="(min-width: 64rem) 40vw, 100vw" className={styles.image} editLink={edit?.('image')} />
          <p className={styles.claim}>
            <SparkleIcon size={28} />
            <span>{satisfactionClaim}</span>
          </p>
        </div>
        <div className={styles.text}>
          <div className={styles.body}>
            {about.body.map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
          <ul role="list" className={styles.highlights}>
            {about.highlights.map((highlight) => (
              <li key={highlight._key} className={styles.highlight} {...editAttribute(edit?.(`highlights${listItem(highlight._key)}`))}>
                <Badge tone="mint" icon={<CheckIcon />}>
                  {highlight.title}
                </Badge>
                <p className={styles.highlightText}>{highlight.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Section>
  )
}
