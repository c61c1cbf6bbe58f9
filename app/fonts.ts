import localFont from 'next/font/local'

/*
 * The document's fonts and colour, shared by the root layout and the global 404 page (which renders
 * its own document).
 */

// Inter (body) and Fraunces (headings): the variable "wght" axis, latin subset only, each shown
// over a metric-matched fallback until it arrives (text is never hidden and barely moves). The
// system's own sans-serif was tried for body text: on Linux it is DejaVu Sans, wide enough to push
// the header's Book Now off a 1280 px screen.
export const bodyFont = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'swap',
  variable: '--font-inter',
  fallback: ['ui-sans-serif', 'system-ui', 'Arial', 'sans-serif'],
})

export const headingFont = localFont({
  src: '../node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'swap',
  variable: '--font-fraunces',
  adjustFontFallback: 'Times New Roman',
  fallback: ['ui-serif', 'Georgia', 'serif'],
})

/** Both fonts' CSS variables, for the <html> element. */
export const FONT_VARIABLES = `${bodyFont.variable} ${headingFont.variable}`

/** The browser's UI colour on phones: the site's deep teal. */
export const THEME_COLOR = '#0b3b3c'
