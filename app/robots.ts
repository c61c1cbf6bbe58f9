import type {MetadataRoute} from 'next'
import {configuredSiteOrigin, siteUrl} from '@/lib/site-url'

// Answered on each request, not frozen at build: the sitemap's address is the running server's
// SITE_URL, which a build made elsewhere (or before SITE_URL was set) does not know.
export const dynamic = 'force-dynamic'

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{userAgent: '*', allow: '/', disallow: ['/studio', '/api/', '/office']}],
    sitemap: `${configuredSiteOrigin() ?? siteUrl}/sitemap.xml`,
  }
}
