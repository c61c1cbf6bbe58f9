import Link from 'next/link'
import type {BlogPost} from '@/lib/content'
import {formatDate} from '@/lib/format'
import {Container} from '@/components/ui/Container'
import {ContentImage} from '@/components/ui/ContentImage'
import {ArrowRightIcon, CalendarIcon} from '@/components/ui/icons'
import styles from './Article.module.css'

/** An article's title (h1), date, author and hero image (its LCP, so priority): 4:3 on phones, a 21:9 strip from 48rem. */
export function ArticleHeader({post}: {post: BlogPost}) {
  return (
    <header className={styles.header}>
      <Container width="narrow" className={styles.headerText}>
        <Link href="/blogs" className={styles.back}>
          <ArrowRightIcon size={16} style={{transform: 'rotate(180deg)'}} />
          All articles
        </Link>
        <h1 id="article-title" className={styles.title}>
          {post.title}
        </h1>
        <p className={styles.meta}>
          <CalendarIcon size={16} />
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
          <span aria-hidden="true">·</span>
          <span>{post.author}</span>
        </p>
      </Container>
      <Container className={styles.heroWrap}>
        <ContentImage
          image={post.heroImage}
          sizes="(min-width: 72rem) 72rem, 100vw"
          aspectRatio={4 / 3}
          wide={{media: '(min-width: 48rem)', aspectRatio: 21 / 9}}
          priority
          className={styles.hero}
        />
      </Container>
    </header>
  )
}
