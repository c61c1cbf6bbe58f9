import {IconBadge} from '@/components/ui/Badge'
import {ContentImage, type ContentImageData} from '@/components/ui/ContentImage'
import {CheckIcon} from '@/components/ui/icons'
import {Section, type SectionTone} from '@/components/ui/Section'
import {editAttribute, listItem, type FieldEditLinks} from '@/lib/content/edit-links'
import styles from './ServiceWhyChooseUs.module.css'

type TitledText = {_key: string; title: string; text: string}

export type ServiceWhyChooseUsProps = {
  heading: string
  text: string
  points: TitledText[]
  image: ContentImageData
  tone: SectionTone
  /** An editor's preview only: click-to-edit links for its picture and points (lib/content/edit-links.ts). */
  edit?: FieldEditLinks
}

/** Why choose the company: text, then its points beside a picture of the crew. */
export function ServiceWhyChooseUs({heading, text, points, image, tone, edit}: ServiceWhyChooseUsProps) {
  return (
    <Section heading={heading} intro={text} tone={tone}>
      <div className={styles.layout}>
        <div className={styles.media}>
          <ContentImage
            image={image}
            sizes="(min-width: 60rem) 32rem, (min-width: 40rem) 90vw, 100vw"
            className={styles.image}
            editLink={edit?.('image')}
          />
        </div>
        <ul role="list" className={styles.points}>
          {points.map((point) => (
            <li key={point._key} className={styles.point} {...editAttribute(edit?.(`points${listItem(point._key)}`))}>
              <IconBadge icon={<CheckIcon />} tone="teal" size="sm" />
              <div className={styles.body}>
                <h3 className={styles.title}>{point.title}</h3>
                <p className={styles.text}>{point.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  )
}
