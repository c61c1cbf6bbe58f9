import type {ReactNode} from 'react'
import {ContentImage, type ContentImageProps} from '@/components/ui/ContentImage'
import {Container, type ContainerWidth} from '@/components/ui/Container'
import styles from './PageHeader.module.css'

export type PageHeaderProps = {
  heading: string
  intro?: string
  /** Small uppercase label above the heading. */
  eyebrow?: ReactNode
  /** A small line under the intro ("Last updated …"). */
  note?: ReactNode
  /** Anything else under the intro. */
  children?: ReactNode
  /** Optional picture beside the text on wide screens. */
  media?: ReactNode
  width?: ContainerWidth
  /** An id for the h1, for a form the heading names. */
  headingId?: string
}

/** The opening band of a content page: the page's h1 and its intro on a soft background. */
export function PageHeader({heading, intro, eyebrow, note, children, media, width = 'default', headingId}: PageHeaderProps) {
  return (
    <header className={[styles.header, media ? styles.withMedia : null].filter(Boolean).join(' ')}>
      <Container width={width} className={styles.inner}>
        <div className={styles.text}>
          {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
          <h1 id={headingId} className={styles.heading}>
            {heading}
          </h1>
          {intro ? <p className={styles.intro}>{intro}</p> : null}
          {note ? <p className={styles.note}>{note}</p> : null}
          {children}
        </div>
        {media ? <div className={styles.media}>{media}</div> : null}
      </Container>
    </header>
  )
}

/**
 * The wide header of a page whose picture stands beside its heading and intro (about, contact): the
 * picture is above the fold, so it loads first.
 */
export function PageHeaderWithImage({page}: {page: {heading: string; intro?: string; image: ContentImageProps['image']}}) {
  return (
    <PageHeader
      heading={page.heading}
      intro={page.intro}
      width="wide"
      media={<ContentImage image={page.image} sizes="(min-width: 56rem) 40vw, 100vw" priority />}
    />
  )
}
