import '@/styles/globals.css'
import type {Metadata} from 'next'
import {headers} from 'next/headers'
import {SiteShell} from '@/components/site/SiteShell'
import {RequestedPath} from '@/components/site/RequestedPath'
import {Button} from '@/components/ui/Button'
import {Container} from '@/components/ui/Container'
import styles from './not-found.module.css'

export const metadata: Metadata = {
  title: 'Page Not Found',
}

/** The request's origin as the visitor typed it (behind a proxy: the forwarded host and scheme). */
async function requestOrigin(): Promise<string> {
  const h = await headers()
  const host = (h.get('x-forwarded-host') ?? h.get('host') ?? 'localhost').split(',')[0]!.trim()
  const forwardedProto = h.get('x-forwarded-proto')?.split(',')[0]?.trim()
  const proto = forwardedProto || (/^(localhost|127\.|\[::1\])/.test(host) ? 'http' : 'https')
  return `${proto}://${host}`
}

/**
 * 404 for unmatched URLs and notFound(). It renders inside the root layout only, so it brings the
 * site's CSS and chrome itself.
 */
export default async function NotFound() {
  const origin = await requestOrigin()

  return (
    <SiteShell>
      <section className={styles.section} aria-labelledby="not-found-heading">
        <Container width="narrow" className={styles.inner}>
          <p className={styles.code} aria-hidden="true">
            404
          </p>
          <h1 id="not-found-heading">Page Not Found</h1>
          <p className={styles.lead}>
            The requested URL <span className={styles.url}><RequestedPath origin={origin} /></span> was not found on
            this server.
          </p>
          <p className={styles.detail}>
            The requested URL <span className={styles.url}><RequestedPath /></span> was not found on this server.
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
