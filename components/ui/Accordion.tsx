'use client'

import {useId, useRef, useState, type KeyboardEvent} from 'react'
import {faqPageData, jsonLd} from '@/lib/faq-structured-data'
import {Icon} from './Icon'
import styles from './Accordion.module.css'

export type AccordionItem = {
  /** Stable key, unique within the accordion. */
  id: string
  question: string
  /** The answer's paragraphs. */
  answer: string[]
  /** In an editor's preview: the item's click-to-edit link (`data-sanity`, lib/content/edit-links.ts). */
  edit?: string
}

export type AccordionProps = {
  items: AccordionItem[]
  /** Level of the heading element around each question (default 3). */
  headingLevel?: 2 | 3 | 4 | 5 | 6
  /** Item open at first render (default: none). */
  defaultOpenId?: string | null
  /**
   * Controlled mode: the open item (null = none). With onOpenChange, lets several accordions share
   * one open answer (a page of FAQ groups). Omit for the usual self-managed accordion.
   */
  openId?: string | null
  /** Called with the item to open, or null when the open one is closed. */
  onOpenChange?: (id: string | null) => void
  className?: string
  /**
   * Also describe the questions to search engines (schema.org FAQPage JSON-LD), rendered from these
   * same props: a page that rendered it itself would send every question and answer twice more.
   */
  faqStructuredData?: boolean
}

const slug = (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, '')

/**
 * WAI-ARIA accordion: one panel open at a time, clicking the open header closes it. Headers are
 * buttons (aria-expanded, aria-controls) inside headings; panels are regions labelled by their
 * header. Arrow Up/Down, Home and End move focus between headers.
 */
export function Accordion({
  items,
  headingLevel = 3,
  defaultOpenId = null,
  openId: controlledOpenId,
  onOpenChange,
  className,
  faqStructuredData = false,
}: AccordionProps) {
  const [ownOpenId, setOwnOpenId] = useState<string | null>(defaultOpenId)
  const openId = controlledOpenId !== undefined ? controlledOpenId : ownOpenId
  const setOpenId = (id: string | null) => {
    if (controlledOpenId === undefined) setOwnOpenId(id)
    onOpenChange?.(id)
  }
  const rootRef = useRef<HTMLDivElement>(null)
  const base = `acc-${slug(useId())}`
  const Heading = `h${headingLevel}` as const

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const root = rootRef.current
    if (!root) return
    const triggers = Array.from(root.querySelectorAll<HTMLButtonElement>('button[aria-controls]')).filter(
      (button) => button.closest('[data-accordion]') === root,
    )
    const index = triggers.indexOf(event.currentTarget)
    let next: number
    switch (event.key) {
      case 'ArrowDown':
        next = (index + 1) % triggers.length
        break
      case 'ArrowUp':
        next = (index - 1 + triggers.length) % triggers.length
        break
      case 'Home':
        next = 0
        break
      case 'End':
        next = triggers.length - 1
        break
      default:
        return
    }
    event.preventDefault()
    triggers[next]?.focus()
  }

  return (
    <div ref={rootRef} className={[styles.accordion, className].filter(Boolean).join(' ')} data-accordion="">
      {faqStructuredData && <script type="application/ld+json" dangerouslySetInnerHTML={{__html: jsonLd(faqPageData(items))}} />}
      {items.map((item, index) => {
        const open = item.id === openId
        // Short ids (each is written twice, in a page that may hold dozens): the position is unique
        // within this accordion, and useId makes the base unique on the page.
        const buttonId = `${base}-${index}b`
        const panelId = `${base}-${index}p`
        return (
          <div key={item.id} className={styles.item} data-open={open} data-sanity={item.edit}>
            <Heading className={styles.heading}>
              <button
                type="button"
                id={buttonId}
                className={styles.trigger}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
                onKeyDown={onKeyDown}
              >
                <span>{item.question}</span>
                <span className={styles.chevron} aria-hidden="true">
                  <Icon name="chevron" size={18} />
                </span>
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} className={styles.panel}>
              <div className={styles.panelInner}>
                <div className={styles.answer}>
                  {item.answer.map((line, i) => (
                    <p key={i}>{line}</p>
                  ))}
                </div>
              </div>
            </div>
          </div>
        )
      })}
    </div>
  )
}
