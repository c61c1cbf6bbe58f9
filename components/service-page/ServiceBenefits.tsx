import {Section, type SectionTone} from '@/components/ui/Section'
import {editAttribute, listItem, type FieldEditLinks} from '@/lib/content/edit-links'
import styles from './ServiceBenefits.module.css'

type TitledText = {_key: string; title: string; text: string}

export type ServiceBenefitsProps = {
  heading: string
  intro: string
  items: TitledText[]
  tone: SectionTone
  /** An editor's preview only: click-to-edit links for its list items (lib/content/edit-links.ts). */
  edit?: FieldEditLinks
}

/** Why the service is worth it: heading, intro and numbered benefit cards. */
export function ServiceBenefits({heading, intro, items, tone, edit}: ServiceBenefitsProps) {
  return (
    <Section heading={heading} intro={intro} tone={tone} align="center">
      <ol role="list" className={styles.grid}>
        {items.map((item, index) => (
          <li key={item._key} className={styles.item} {...editAttribute(edit?.(`items${listItem(item._key)}`))}>
            <span className={styles.number} aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <h3 className={styles.title}>{item.title}</h3>
            <p className={styles.text}>{item.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  )
}
