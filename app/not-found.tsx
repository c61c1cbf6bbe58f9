import '@/styles/globals.css'
import type {Metadata} from 'next'
import {NotFoundMessage} from '@/components/site/NotFoundMessage'
import {SiteShell} from '@/components/site/SiteShell'

export const metadata: Metadata = {
  title: 'Page Not Found',
}

// Unmatched URLs are rendered per request, so the server-rendered page names the requested path
// (a prerendered /_not-found would say "/_not-found"). This applies to the /_not-found route only;
// other routes stay static.
export const dynamic = 'force-dynamic'

/**
 * 404 for addresses no route matches. It renders inside the root layout only (not the (site)
 * layout), so it brings the site's CSS and chrome itself. No request APIs (headers()) here: Next
 * renders this boundary into every route, so they would make every page dynamic.
 */
export default function NotFound() {
  return (
    <SiteShell>
      <NotFoundMessage />
    </SiteShell>
  )
}
