import type {Metadata} from 'next'
import {getBlogPosts, getBlogsPage} from '@/lib/content'
import {pageMetadata} from '@/lib/page-metadata'
import {BlogList} from '@/components/blog/BlogList'
import {PageHeader} from '@/components/pages/PageHeader'
import {Section} from '@/components/ui/Section'

export async function generateMetadata(): Promise<Metadata> {
  const page = await getBlogsPage()
  return pageMetadata({seo: page.seo, path: '/blogs'})
}

/** /blogs: heading, intro and a card per article. */
export default async function BlogsPage() {
  const [page, posts] = await Promise.all([getBlogsPage(), getBlogPosts()])

  return (
    <>
      <PageHeader heading={page.heading} intro={page.intro} width="wide" />
      <Section width="wide">
        <BlogList posts={posts} />
      </Section>
    </>
  )
}
