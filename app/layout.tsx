import type {Metadata, Viewport} from 'next'
import localFont from 'next/font/local'

/*
 * The root layout is shared by the public site and the Sanity Studio (/studio), so it sets up only
 * the document, the heading font (as a CSS variable, applied by the site's own stylesheet) and
 * site-wide metadata. The site's CSS, header and footer live in app/(site)/layout.tsx.
 */

// Body text uses the system's own sans-serif (no font to download: nothing delays or reflows the
// text). Headings use Fraunces, the variable "wght" axis, latin subset only (37 kB, preloaded; shown
// with a metric-matched fallback until it arrives, so text is never hidden and barely moves).
const fraunces = localFont({
  src: '../node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'swap',
  variable: '--font-fraunces',
  adjustFontFallback: 'Times New Roman',
  fallback: ['ui-serif', 'Georgia', 'serif'],
})

export const metadata: Metadata = {
  metadataBase: new URL(process.env.SITE_URL || 'http://localhost:3000'),
}

export const viewport: Viewport = {
  themeColor: '#0b3b3c',
}

export default function RootLayout({children}: {children: React.ReactNode}) {
  return (
    <html lang="en" className={fraunces.variable}>
      <body>{children}</body>
    </html>
  )
}
