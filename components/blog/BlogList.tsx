import type {BlogPostSummary} from '@/lib/content'
import {BlogCard} from './BlogCard'
import styles from './BlogList.module.css'

/** The grid of article cards on /blogs. The first row's images load eagerly. */
export function BlogList({posts}: {posts: BlogPostSummary[]}) {
  return (
    <ul role="list" className={styles.grid}>
      {posts.map((post, i) => (
        <BlogCard key={post._id} post={post} priority={i === 0} />
      ))}
    </ul>
  )
}
