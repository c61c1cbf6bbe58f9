import Link from 'next/link'
import type {BlogPostSummary} from '@/lib/content'
import {formatDate} from '@/lib/format'
import {Card} from '@/components/ui/Card'
import {ContentImage} from '@/components/ui/ContentImage'
import {ArrowRightIcon} from '@/components/ui/icons'
import styles from './BlogCard.module.css'

export function blogPostHref(slug: string): string {
  return `/blog/${slug}`
}

/** An article on the Blogs list: hero image, title, date, teaser and Read More (the whole card is its target). */
export function BlogCard({post, priority = false}: {post: BlogPostSummary; priority?: boolean}) {
  return (
    <Card as="li" padding="none" interactive className={styles.card}>
      <ContentImage
        image={post.heroImage}
        sizes="(min-width: 72rem) 22rem, (min-width: 40rem) 45vw, 100vw"
        aspectRatio={16 / 10}
        priority={priority}
        className={styles.image}
      />
      <div className={styles.body}>
        <time className={styles.date} dateTime={post.publishedAt}>
          {formatDate(post.publishedAt)}
        </time>
        <h2 className={styles.title}>{post.title}</h2>
        <p className={styles.teaser}>{post.teaser}</p>
        <Link href={blogPostHref(post.slug)} className={styles.link}>
          Read More<span className="visually-hidden"> about {post.title}</span>
          <ArrowRightIcon size={16} />
        </Link>
      </div>
    </Card>
  )
}
