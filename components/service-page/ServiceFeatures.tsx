import {IconBadge, type BadgeTone} from '@/components/ui/Badge'
import {Section, type SectionTone} from '@/components/ui/Section'
import {editAttribute, listItem, type FieldEditLinks} from '@/lib/content/edit-links'
import {featureIcon} from './featureIcon'
import styles from './ServiceFeatures.module.css'

type TitledText = {_key: string; title: string; text: string}

export type ServiceFeaturesProps = {
  features: TitledText[]
  tone: SectionTone
  /** Accessible name of the section (the features have no visible heading). */
  label: string
  /** An editor's preview only: click-to-edit links for its list items (lib/content/edit-links.ts). */
  edit?: FieldEditLinks
}

const TONES: BadgeTone[] = ['sunshine', 'mint', 'sky']

/** The three feature highlights, each an icon badge with its title and a line of text. */
export function ServiceFeatures({features, tone, label, edit}: ServiceFeaturesProps) {
  return (
    <Section tone={tone} ariaLabel={label} className={styles.section}>
      <ul role="list" className={styles.list}>
        {features.map((feature, index) => (
          <li key={feature._key} className={styles.feature} {...editAttribute(edit?.(listItem(feature._key)))}>
            <IconBadge icon={featureIcon(feature.title, index)} tone={TONES[index % TONES.length]} size="lg" />
            <div className={styles.body}>
              <h3 className={styles.title}>{feature.title}</h3>
              <p className={styles.text}>{feature.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  )
}
