import {IconBadge} from '@/components/ui/Badge'
import {ContentImage, type ContentImageData} from '@/components/ui/ContentImage'
import {CheckIcon} from '@/components/ui/icons'
import {Section, type SectionTone} from '@/components/ui/Section'
import styles from './ServiceWhyChooseUs.module.css'

type TitledText = {_key: string; title: string; text: string}

export type ServiceWhyChooseUsProps = {
  heading: string
  text: string
  points: TitledText[]
  image: ContentImageData
  tone: SectionTone
}

/** Why choose the company: text, then its points beside a picture of the crew. */
export function ServiceWhyChooseUs({heading, text, points, image, tone}: ServiceWhyChooseUsProps) {
  return (
    <Section heading={heading} intro={text} tone={tone}>
      <div className={styles.layout}>
        <div className={styles.media}>
          <ContentImage
            image={image}
            sizes="(min-width: 60rem) 32rem, (min-width: 40rem) 90vw, 100vw"
            className={styles.image}
          />
        </div>
        <ul role="list" className={styles.points}>
          {points.map((point) => (
            <li key={point._key} className={styles.point}>
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
