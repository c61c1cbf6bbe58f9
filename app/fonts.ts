import localFont from 'next/font/local'

/*
 * The document's fonts and colour, shared by the root layout and the global 404 page (which renders
 * its own document).
 */

// Headings: Fraunces at weight 600, cut to the characters headings use (14 kB; made by
// scripts/subset-heading-font.ts). Preloaded with font-display optional, Chrome holds the first paint
// for it at most 100 ms and then either paints the headings in it or keeps the fallback serif for the
// whole page: never a swap after the first paint. A swap rewraps a heading near a line's edge and moves
// everything below it (with swap: CLS 0.036 on the booking screens against a budget of 0.02).
export const headingFont = localFont({
  src: '../styles/fonts/fraunces-semibold.woff2',
  weight: '600',
  style: 'normal',
  display: 'optional',
  preload: true,
  variable: '--font-fraunces',
  adjustFontFallback: 'Times New Roman',
  // Where Times New Roman is missing, its metric twins sized the same way (styles/globals.css).
  fallback: ['Heading Fallback', 'ui-serif', 'Georgia', 'serif'],
})

/** The heading font's CSS variable, for the <html> element. */
export const FONT_VARIABLES = headingFont.variable

/** The browser's UI colour on phones: the site's deep teal. */
export const THEME_COLOR = '#0b3b3c'
