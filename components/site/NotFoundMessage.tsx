import {RequestedUrl} from '@/components/site/PathAware'
import {Button} from '@/components/ui/Button'
import {Container} from '@/components/ui/Container'
import {getNotFoundPage} from '@/lib/content'
import {siteUrl} from '@/lib/site-url'
import styles from './NotFoundMessage.module.css'

/**
 * The not-found texts (content: Page not found): the requested address twice, in full and as a path.
 * The server renders the configured site origin (SITE_URL); in the browser RequestedUrl swaps in the
 * page's own origin.
 */
export async function NotFoundMessage() {
  const text = await getNotFoundPage()
  return (
    <section className={styles.section} aria-labelledby="not-found-heading">
      <Container width="narrow" className={styles.inner}>
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 id="not-found-heading">{text.heading}</h1>
        <p className={styles.lead}>
          {text.beforeAddress}{' '}
          <span className={styles.url}>
            <RequestedUrl origin={new URL(siteUrl).origin} />
          </span>{' '}
          {text.afterAddress}
        </p>
        <p className={styles.detail}>
          {text.beforeAddress}{' '}
          <span className={styles.url}>
            <RequestedUrl />
          </span>{' '}
          {text.afterAddress}
        </p>
        <div className={styles.actions}>
          <Button href="/" size="lg">
            {text.homeButton}
          </Button>
          <Button href="/contact" variant="secondary" size="lg">
            {text.contactButton}
          </Button>
        </div>
      </Container>
    </section>
  )
}
