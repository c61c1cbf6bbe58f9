import {PortableText, type PortableTextComponents, type PortableTextMarkComponentProps} from '@portabletext/react'
import Link from 'next/link'
import type {RichText as RichTextValue} from '@/sanity.types'
import type {Present} from '@/lib/content/present'
import styles from './RichText.module.css'

type LinkMark = {_type: 'link'; _key: string; href?: string}

/** Any scheme (https:, mailto:, tel:) or protocol-relative: not a route of this site. */
const HAS_SCHEME = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i
const OTHER_SITE = /^(?:https?:)?\/\//i

/**
 * An annotation link: internal paths through next/link; other sites in a new tab with
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

const components: PortableTextComponents = {
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
  },
}

export type RichTextProps = {
  value: Present<RichTextValue>
  className?: string
}

/**
 * Portable Text from the CMS as styled prose: paragraphs, h2/h3, bullet and numbered lists, block
 * quotes, strong/em and links. Server-rendered; no client JavaScript.
 */
export function RichText({value, className}: RichTextProps) {
  return (
    <div className={['prose', styles.richText, className].filter(Boolean).join(' ')}>
      <PortableText value={value} components={components} onMissingComponent={false} />
    </div>
  )
}
