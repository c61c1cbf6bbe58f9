import type {Metadata} from 'next'
import {notFound, permanentRedirect} from 'next/navigation'
import {
  getBlogPost,
  getBlogPostSlugs,
  getBlogSlugByLegacyNumber,
  getBlogsPage,
  getSiteSettings,
} from '@/lib/content'
import {pageMetadata} from '@/lib/page-metadata'
import {blogPostingData, jsonLd} from '@/lib/structured-data'
import {ArticleHeader} from '@/components/blog/ArticleHeader'
import styles from '@/components/blog/Article.module.css'
import {FinalCta} from '@/components/pages/FinalCta'
import {RichText} from '@/components/rich-text/RichText'
import {Container} from '@/components/ui/Container'

type Props = {params: Promise<{slug: string}>}

/** Old addresses: /blog/3 (and /blog3, rewritten here by next.config.ts). */
const LEGACY_NUMBER = /^[1-9]\d{0,2}$/

/**
 * Every article is built ahead, and so is the 308 of each legacy number: a redirect rendered on
 * demand (a cache MISS) goes out with its Location header twice in Next 16.4, which proxies merge
 * into one broken address. Numbers no article has are rendered on request and answer 404.
 */
export async function generateStaticParams(): Promise<{slug: string}[]> {
  const posts = await getBlogPostSlugs()
  return posts.flatMap(({slug, legacyNumber}) => [
    {slug},
    ...(legacyNumber !== null ? [{slug: String(legacyNumber)}] : []),
  ])
}

export async function generateMetadata({params}: Props): Promise<Metadata> {
  const {slug} = await params
  if (LEGACY_NUMBER.test(slug)) return {} // the page redirects
  const post = await getBlogPost(slug)
  if (!post) return {}
  return pageMetadata({
    seo: {title: post.title, description: post.teaser},
    path: `/blog/${post.slug}`,
    image: post.heroImage,
    type: 'article',
    publishedTime: post.publishedAt,
  })
}

/** /blog/[slug]: one article. /blog/{legacy number} answers 308 to the article's address. */
export default async function BlogPostPage({params}: Props) {
  const {slug} = await params

  if (LEGACY_NUMBER.test(slug)) {
    const current = await getBlogSlugByLegacyNumber(Number(slug))
    if (!current) notFound()
    permanentRedirect(`/blog/${current}`)
  }

  const [post, settings, blogs] = await Promise.all([getBlogPost(slug), getSiteSettings(), getBlogsPage()])
  if (!post) notFound()

  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{__html: jsonLd(blogPostingData(post, settings))}} />
      <article aria-labelledby="article-title">
        <ArticleHeader post={post} />
        <Container width="narrow" className={styles.body}>
          <RichText value={post.body} />
        </Container>
      </article>
      <FinalCta cta={blogs.articleCta} />
    </>
  )
}
