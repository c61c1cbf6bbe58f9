import localFont from 'next/font/local'

/*
 * The document's fonts and colour, shared by the root layout and the global 404 page (which renders
 * its own document).
 */

// Headings: Fraunces, the variable "wght" axis, latin subset only. Not preloaded: the first paint
// shows headings in a fallback serif sized to Fraunces' metrics, and the swap barely moves them.
export const headingFont = localFont({
  src: '../node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'swap',
  preload: false,
  variable: '--font-fraunces',
  adjustFontFallback: 'Times New Roman',
  // Where Times New Roman is missing, its metric twins sized the same way (styles/globals.css).
  fallback: ['Heading Fallback', 'ui-serif', 'Georgia', 'serif'],
})

/** The heading font's CSS variable, for the <html> element. */
export const FONT_VARIABLES = headingFont.variable

/** The browser's UI colour on phones: the site's deep teal. */
export const THEME_COLOR = '#0b3b3c'
