import '@/styles/globals.css'
import type {Metadata, Viewport} from 'next'
import {connection} from 'next/server'
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
 *
 * Rendered for each request (connection()), never prerendered nor cached: its text names the address
 * asked for, so one copy cannot serve two addresses. A shared copy (Next renders one for all unknown
 * addresses, and concurrent requests wait for the same render) named whichever address started it.
 */
export default async function GlobalNotFound() {
  await connection()
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
