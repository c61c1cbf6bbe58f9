'use client'

import {useEffect} from 'react'
import {buttonClassName} from '@/components/ui/button-class'
import {Container} from '@/components/ui/Container'
import styles from './error.module.css'

/** Fallback for unexpected errors in a page: the header and footer stay, the page body is replaced. */
export default function SiteError({
  error,
  retry,
  reset,
}: {
  error: unknown
  /** Next 16.3+: re-fetches and re-renders the segment. */
  retry?: () => void
  /** Re-renders the segment without re-fetching. */
  reset?: () => void
}) {
  useEffect(() => {
    console.error(error)
  }, [error])

  return (
    <section className={styles.section} aria-labelledby="error-heading">
      <Container width="narrow" className={styles.inner}>
        <h1 id="error-heading">Something went wrong</h1>
        <p className={styles.lead}>
          Sorry, an unexpected error stopped this page from loading. Please try again, or go back to the home page.
        </p>
        <div className={styles.actions}>
          <button type="button" className={buttonClassName({size: 'lg'})} onClick={() => (retry ?? reset)?.()}>
            <span>Try again</span>
          </button>
          {/* A full load of the home page: after an error, a fresh start rather than client routing. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/" className={buttonClassName({variant: 'secondary', size: 'lg'})}>
            <span>Back to the home page</span>
          </a>
        </div>
      </Container>
    </section>
  )
}
