import {Card} from '@/components/ui/Card'
import {CheckIcon} from '@/components/ui/icons'
import {Section, type SectionTone} from '@/components/ui/Section'
import {editAttribute, listItem, type FieldEditLinks} from '@/lib/content/edit-links'
import styles from './ServiceIncluded.module.css'

export type ServiceIncludedProps = {
  heading: string
  items: string[]
  tone: SectionTone
  /** An editor's preview only: click-to-edit links for its list items (lib/content/edit-links.ts). */
  edit?: FieldEditLinks
}

/** What a visit covers, as a checklist. Long lists (information pages) run in two columns. */
export function ServiceIncluded({heading, items, tone, edit}: ServiceIncludedProps) {
  const long = items.length > 6
  return (
    <Section heading={heading} tone={tone} align="center" width={long ? 'default' : 'narrow'}>
      <Card padding="lg" className={styles.card}>
        <ul role="list" className={styles.list} data-columns={long ? 2 : 1} data-included-list="">
          {items.map((item, index) => (
            <li key={index} className={styles.item} {...editAttribute(edit?.(`items${listItem(index)}`))}>
              <span className={styles.check} aria-hidden="true">
                <CheckIcon size={16} strokeWidth={3} />
              </span>
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </Card>
    </Section>
  )
}
