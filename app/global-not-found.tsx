import '@/styles/globals.css'
import type {Metadata, Viewport} from 'next'
import {NotFoundMessage} from '@/components/site/NotFoundMessage'
import {getNotFoundPage} from '@/lib/content'
import {SiteShell} from '@/components/site/SiteShell'
import {FONT_VARIABLES, THEME_COLOR} from './fonts'

export async function generateMetadata(): Promise<Metadata> {
  return {title: (await getNotFoundPage()).heading}
}

export const viewport: Viewport = {
  themeColor: THEME_COLOR,
}

/**
 * 404 for addresses no route matches, a document of its own (Next's global-not-found). A root
 * not-found.tsx with the site's chrome would be rendered into every page's router data as the root
 * layout's fallback (≈ 10 kB of a page's HTML); this one is sent only when it is shown. A page that
 * calls notFound() gets app/(site)/not-found.tsx inside the site's layout instead.
 */
export default function GlobalNotFound() {
  return (
    <html lang="en" className={FONT_VARIABLES}>
      <body>
        <SiteShell>
          <NotFoundMessage />
        </SiteShell>
      </body>
    </html>
  )
}
