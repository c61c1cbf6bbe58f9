import {PortableText, type PortableTextComponents, type PortableTextMarkComponentProps, type PortableTextTypeComponentProps} from '@portabletext/react'
import type {ComponentProps} from 'react'
import Link from 'next/link'
import {ContentImage, type ContentImageData} from '@/components/ui/ContentImage'
import styles from './RichText.module.css'

type LinkMark = {_type: 'link' | 'internalLink'; _key: string; href?: string}

/** Any scheme (https:, mailto:, tel:) or protocol-relative: not a route of this site. */
const HAS_SCHEME = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i
const OTHER_SITE = /^(?:https?:)?\/\//i

/**
 * An annotation link ("Link to a page", resolved to its address by the query, or "Link to an
 * address"): internal paths through next/link; other sites in a new tab with
 * rel="noopener noreferrer" (and a hidden note for screen readers); mailto:/tel: as plain links.
 */
function RichTextLink({value, children}: PortableTextMarkComponentProps<LinkMark>) {
  const href = value?.href?.trim()
  if (!href) return <>{children}</>
  if (!HAS_SCHEME.test(href)) {
    return (
      <Link href={href} className={styles.link}>
        {children}
      </Link>
    )
  }
  if (OTHER_SITE.test(href)) {
    return (
      <a href={href} className={styles.link} target="_blank" rel="noopener noreferrer">
        {children}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    )
  }
  return (
    <a href={href} className={styles.link}>
      {children}
    </a>
  )
}

/** A picture between an article's paragraphs, as wide as the text column. */
function RichTextImage({value}: PortableTextTypeComponentProps<ContentImageData>) {
  return (
    <figure className={styles.figure}>
      <ContentImage image={value} sizes="(min-width: 48rem) 44rem, 100vw" />
    </figure>
  )
}

const components: PortableTextComponents = {
  types: {accessibleImage: RichTextImage},
  block: {
    normal: ({children}) => <p>{children}</p>,
    h2: ({children}) => <h2>{children}</h2>,
    h3: ({children}) => <h3>{children}</h3>,
    blockquote: ({children}) => <blockquote className={styles.quote}>{children}</blockquote>,
  },
  list: {
    bullet: ({children}) => <ul className={styles.bullets}>{children}</ul>,
    number: ({children}) => <ol className={styles.numbers}>{children}</ol>,
  },
  listItem: ({children}) => <li>{children}</li>,
  marks: {
    strong: ({children}) => <strong>{children}</strong>,
    em: ({children}) => <em>{children}</em>,
    link: RichTextLink,
    internalLink: RichTextLink,
  },
}

export type RichTextProps = {
  /** A rich-text field as lib/content/queries.ts projects it (links to pages resolved, pictures sized). */
  value: ComponentProps<typeof PortableText>['value']
  className?: string
}

/**
 * Portable Text from the CMS as styled prose: paragraphs, h2/h3, bullet and numbered lists, block
 * quotes, strong/em, links and (in articles) pictures. Server-rendered; no client JavaScript.
 */
export function RichText({value, className}: RichTextProps) {
  return (
    <div className={['prose', styles.richText, className].filter(Boolean).join(' ')}>
      <PortableText value={value} components={components} onMissingComponent={false} />
    </div>
  )
}
