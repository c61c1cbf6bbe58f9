'use client'

import {useEffect} from 'react'

/**
 * Last-resort fallback when the root layout itself fails. It replaces the whole document, so it
 * brings its own <html>, <body> and minimal inline styles (no site CSS, fonts or components).
 */
export default function GlobalError({
  error,
  retry,
  reset,
}: {
  error: unknown
  retry?: () => void
  reset?: () => void
}) {
  useEffect(() => {
    console.error(error)
  }, [error])

  return (
    <html lang="en">
      <body
        style={{
          margin: 0,
          minHeight: '100vh',
          display: 'grid',
          placeItems: 'center',
          padding: '1.5rem',
          boxSizing: 'border-box',
          background: '#fbf7ef',
          color: '#14292d',
          fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
          lineHeight: 1.6,
        }}
      >
        <title>Something went wrong</title>
        <main style={{maxWidth: '34rem'}}>
          <h1 style={{margin: '0 0 0.75rem', fontFamily: 'Georgia, serif', fontSize: '2rem', color: '#0b3b3c'}}>
            Something went wrong
          </h1>
          <p style={{margin: '0 0 1.5rem', color: '#51626a'}}>
            Sorry, an unexpected error stopped the site from loading. Please try again, or go back to the home page.
          </p>
          <div style={{display: 'flex', flexWrap: 'wrap', gap: '0.75rem'}}>
            <button
              type="button"
              onClick={() => (retry ?? reset)?.()}
              style={{
                padding: '0.75rem 1.5rem',
                border: 0,
                borderRadius: '999px',
                background: '#f2b84b',
                color: '#0b3b3c',
                font: 'inherit',
                fontWeight: 600,
                cursor: 'pointer',
              }}
            >
              Try again
            </button>
            {/* A full page load: the client router may be what failed. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a
              href="/"
              style={{
                padding: '0.75rem 1.5rem',
                border: '2px solid #0f5c5e',
                borderRadius: '999px',
                color: '#0f5c5e',
                fontWeight: 600,
                textDecoration: 'none',
              }}
            >
              Back to the home page
            </a>
          </div>
        </main>
      </body>
    </html>
  )
}
