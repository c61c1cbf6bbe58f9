import {RequestedUrl} from '@/components/site/PathAware'
import {Button} from '@/components/ui/Button'
import {Container} from '@/components/ui/Container'
import {siteUrl} from '@/lib/site-url'
import styles from './NotFoundMessage.module.css'

/**
 * The spec's not-found texts: the requested address twice, in full and as a path. The server renders
 * the configured site origin (SITE_URL); in the browser RequestedUrl swaps in the page's own origin.
 */
export function NotFoundMessage() {
  return (
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
  )
}
