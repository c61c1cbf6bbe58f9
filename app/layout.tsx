import type {Metadata, Viewport} from 'next'
import {FONT_VARIABLES, THEME_COLOR} from './fonts'

/*
 * The root layout is shared by the public site and the Sanity Studio (/studio), so it sets up only
 * the document, the two font families (as CSS variables, applied by the site's own stylesheet) and
 * site-wide metadata. The site's CSS, header and footer live in app/(site)/layout.tsx.
 */

export const metadata: Metadata = {
  metadataBase: new URL(process.env.SITE_URL || 'http://localhost:3000'),
}

export const viewport: Viewport = {
  themeColor: THEME_COLOR,
}

export default function RootLayout({children}: {children: React.ReactNode}) {
  return (
    <html lang="en" className={FONT_VARIABLES}>
      <body>{children}</body>
    </html>
  )
}
