import localFont from 'next/font/local'

/*
 * The document's fonts and colour, shared by the root layout and the global 404 page (which renders
 * its own document).
 */

// Body text uses the system's own sans-serif (no font to download: nothing delays or reflows the
// text). Headings use Fraunces, the variable "wght" axis, latin subset only (37 kB, preloaded; shown
// with a metric-matched fallback until it arrives, so text is never hidden and barely moves).
export const headingFont = localFont({
  src: '../node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'swap',
  variable: '--font-fraunces',
  adjustFontFallback: 'Times New Roman',
  fallback: ['ui-serif', 'Georgia', 'serif'],
})

/** The browser's UI colour on phones: the site's deep teal. */
export const THEME_COLOR = '#0b3b3c'
