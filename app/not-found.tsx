import '@/styles/globals.css'
import type {Metadata} from 'next'
import {RequestedUrl} from '@/components/site/PathAware'
import {SiteShell} from '@/components/site/SiteShell'
import {Button} from '@/components/ui/Button'
import {Container} from '@/components/ui/Container'
import {siteUrl} from '@/lib/site-url'
import styles from './not-found.module.css'

export const metadata: Metadata = {
  title: 'Page Not Found',
}

// Unmatched URLs are rendered per request, so the server-rendered page names the requested path
// (a prerendered /_not-found would say "/_not-found"). This applies to the /_not-found route only;
// other routes stay static.
export const dynamic = 'force-dynamic'

/**
 * 404 for unmatched URLs and notFound(). It renders inside the root layout only (not the (site)
 * layout), so it brings the site's CSS and chrome itself.
 *
 * No request APIs (headers()) here: Next renders this boundary into every route, so they would make
 * every page dynamic. The server renders the configured site origin (SITE_URL); in the browser
 * RequestedUrl swaps in the page's own origin.
 */
export default function NotFound() {
  return (
    <SiteShell>
      <section className={styles.section} aria-labelledby="not-found-heading">
        <Container width="narrow" className={styles.inner}>
          <p className={styles.code} aria-hidden="true">
            404
          </p>
          <h1 id="not-found-heading">Page Not Found</h1>
          <p className={styles.lead}>
            The requested URL{' '}
            <span className={styles.url}>
              <RequestedUrl origin={new URL(siteUrl).origin} />
            </span>{' '}
            was not found on this server.
          </p>
          <p className={styles.detail}>
            The requested URL{' '}
            <span className={styles.url}>
              <RequestedUrl />
            </span>{' '}
            was not found on this server.
          </p>
          <div className={styles.actions}>
            <Button href="/" size="lg">
              Back to the home page
            </Button>
            <Button href="/contact" variant="secondary" size="lg">
              Contact us
            </Button>
          </div>
        </Container>
      </section>
    </SiteShell>
  )
}
