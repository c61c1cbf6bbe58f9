import {useId, type ReactNode} from 'react'
import {Container, type ContainerWidth} from './Container'
import styles from './Section.module.css'

export type SectionTone = 'plain' | 'tinted' | 'dark'
export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6

export type SectionProps = {
  /** Anchor id of the <section> (e.g. "about", "faq", "quote"). */
  id?: string
  heading?: ReactNode
  /** Level of the heading element (default 2). */
  headingLevel?: HeadingLevel
  /** Small uppercase label above the heading. */
  eyebrow?: ReactNode
  /** Lead paragraph under the heading (a string is wrapped in <p>). */
  intro?: ReactNode
  /** plain = white, tinted = pale mint, dark = deep teal with light text. */
  tone?: SectionTone
  /** Alignment of the heading block (default start). */
  align?: 'start' | 'center'
  width?: ContainerWidth
  /** Accessible name when there is no visible heading. */
  ariaLabel?: string
  className?: string
  children?: ReactNode
}

/**
 * A page section: full-bleed background by tone, content in a Container, an optional heading block
 * (eyebrow, heading, intro). The section is labelled by its heading.
 */
export function Section({
  id,
  heading,
  headingLevel = 2,
  eyebrow,
  intro,
  tone = 'plain',
  align = 'start',
  width = 'default',
  ariaLabel,
  className,
  children,
}: SectionProps) {
  const generatedId = useId()
  const headingId = `${id ?? generatedId.replace(/[^a-zA-Z0-9_-]/g, '')}-heading`
  const Heading = `h${headingLevel}` as const
  const hasHeader = Boolean(heading || eyebrow || intro)
  const classes = [styles.section, styles[tone], align === 'center' && styles.center, className]
    .filter(Boolean)
    .join(' ')

  // Only the attributes that apply: an undefined prop still costs the page's router data a
  // `"name":"$undefined"` entry.
  const attributes = {
    ...(id && {id}),
    ...(tone === 'dark' && {'data-tone': 'dark'}),
    ...(heading ? {'aria-labelledby': headingId} : ariaLabel && {'aria-label': ariaLabel}),
  }

  return (
    <section className={classes} {...attributes}>
      <Container width={width}>
        {hasHeader ? (
          <div className={styles.header}>
            {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
            {heading ? <Heading id={headingId}>{heading}</Heading> : null}
            {intro ? (
              <div className={styles.intro}>{typeof intro === 'string' ? <p>{intro}</p> : intro}</div>
            ) : null}
          </div>
        ) : null}
        {children}
      </Container>
    </section>
  )
}
