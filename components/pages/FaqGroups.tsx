'use client'

import {useState} from 'react'
import {Accordion, type AccordionItem} from '@/components/ui/Accordion'
import styles from './FaqGroups.module.css'

export type FaqGroup = {
  key: string
  heading: string
  items: AccordionItem[]
}

/**
 * The /faqs groups: a heading and an accordion each, sharing one open answer across the page
 * (opening a question in one group closes the answer open in another).
 */
export function FaqGroups({groups}: {groups: FaqGroup[]}) {
  const [openId, setOpenId] = useState<string | null>(null)
  return (
    <div className={styles.groups}>
      {groups.map((group) => (
        <section key={group.key} className={styles.group} aria-labelledby={`faq-group-${group.key}`}>
          <h2 id={`faq-group-${group.key}`} className={styles.heading}>
            {group.heading}
          </h2>
          <Accordion items={group.items} openId={openId} onOpenChange={setOpenId} />
        </section>
      ))}
    </div>
  )
}
