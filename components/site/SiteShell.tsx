import type {ReactNode} from 'react'
import {SKIP_LINK_ID} from './constants'
import {ScrollToTopButton} from './ScrollToTopButton'
import {SiteFooter} from './SiteFooter'
import {SiteHeader} from './SiteHeader'

/**
 * The public site's chrome around a page: skip link, header, <main id="main">, footer and the
 * scroll-to-top button. Used by app/(site)/layout.tsx and app/global-not-found.tsx.
 */
export function SiteShell({children}: {children: ReactNode}) {
  return (
    <>
      <a href="#main" id={SKIP_LINK_ID} className="skip-link">
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="site-main">
        {children}
      </main>
      <SiteFooter />
      <ScrollToTopButton />
    </>
  )
}
