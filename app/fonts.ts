import localFont from 'next/font/local'

/*
 * The document's fonts and colour, shared by the root layout and the global 404 page (which renders
 * its own document).
 */

// Headings: Fraunces, the variable "wght" axis, latin subset only. Not preloaded, so the first paint
// waits for no font. Shown only if it is ready when the headings first paint (at once from the cache
// on every later page); else the page keeps the fallback serif sized to Fraunces' metrics: swapping
// later rewraps a heading near a line's edge (one line more in the fallback moved the booking
// screens' forms 39 px, CLS 0.036 against a budget of 0.02).
export const headingFont = localFont({
  src: '../node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'optional',
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
