import type {LegalPage} from '@/lib/content'
import {RichText} from '@/components/rich-text/RichText'
import styles from './LegalSections.module.css'

/** The three policies in page order; their ids are the anchors the footer links to. */
export const LEGAL_SECTIONS = ['privacy', 'terms', 'refund'] as const

/** "On this page": links to the three policy anchors. */
export function LegalToc({page}: {page: LegalPage}) {
  return (
    <nav aria-labelledby="legal-toc-heading" className={styles.toc}>
      <h2 id="legal-toc-heading" className={styles.tocHeading}>
        On this page
      </h2>
      <ol role="list" className={styles.tocList}>
        {LEGAL_SECTIONS.map((id) => (
          <li key={id}>
            <a href={`#${id}`}>{page[id].heading}</a>
          </li>
        ))}
      </ol>
    </nav>
  )
}

/** Privacy Policy, Terms of Use and Refund Policy, each a section with its anchor and rich text. */
export function LegalSections({page}: {page: LegalPage}) {
  return (
    <div className={styles.sections}>
      {LEGAL_SECTIONS.map((id) => (
        <section key={id} id={id} aria-labelledby={`${id}-heading`} className={styles.section}>
          <h2 id={`${id}-heading`} className={styles.heading}>
            {page[id].heading}
          </h2>
          <RichText value={page[id].body} />
        </section>
      ))}
    </div>
  )
}

/** Table of contents beside the policies on wide screens, above them on small ones. */
export function LegalLayout({page}: {page: LegalPage}) {
  return (
    <div className={styles.layout}>
      <LegalToc page={page} />
      <LegalSections page={page} />
    </div>
  )
}
