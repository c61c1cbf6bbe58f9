import type {MetadataRoute} from 'next'
import {getSitemapContent} from '@/lib/content'
import {absoluteUrl} from '@/lib/site-url'

const FIXED_PAGES = ['/', '/about', '/faqs', '/contact', '/blogs', '/legal', '/appointment']

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const {servicePages, blogPosts} = await getSitemapContent()
  return [
    ...FIXED_PAGES.map((path) => ({url: absoluteUrl(path)})),
    ...servicePages.map(({slug, _updatedAt}) => ({url: absoluteUrl(`/${slug}`), lastModified: _updatedAt})),
    ...blogPosts.map(({slug, _updatedAt}) => ({url: absoluteUrl(`/blog/${slug}`), lastModified: _updatedAt})),
  ]
}
