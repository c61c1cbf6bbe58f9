/**
 * Writes styles/fonts/fraunces-semibold.woff2, the headings' font: Fraunces (from
 * @fontsource-variable/fraunces) fixed at weight 600 and cut to the characters headings use.
 *
 * Why a cut: the headings' font is preloaded so that it is either there for the first paint or
 * not used at all on that page (font-display optional), and a preloaded font counts towards the
 * bytes a phone waits for before the first paint. The full latin variable file is 36.6 kB; this
 * one is about 13 kB. Characters outside the cut (rare in a heading) are drawn in the fallback serif.
 *
 * Run it again after upgrading the font package: `node scripts/subset-heading-font.ts`.
 */
import {readFileSync, writeFileSync} from 'node:fs'
import subsetFont from 'subset-font'

const SOURCE = 'node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2'
const TARGET = 'styles/fonts/fraunces-semibold.woff2'

const range = (first: number, last: number) =>
  Array.from({length: last - first + 1}, (_, offset) => String.fromCodePoint(first + offset)).join('')

/** Printable ASCII, typographic punctuation and the accented letters of names and loanwords. */
export const HEADING_CHARACTERS = [
  range(0x20, 0x7e),
  '\u00a0‘’‚“”„–—…•·′″‹›«»€£¢©®™°×÷−',
  'ÀÁÂÄÇÈÉÊËÍÎÏÑÓÔÖÚÛÜàáâäçèéêëíîïñóôöúûüÿ',
].join('')

const output = await subsetFont(readFileSync(SOURCE), HEADING_CHARACTERS, {
  targetFormat: 'woff2',
  variationAxes: {wght: 600},
})
writeFileSync(TARGET, output)
console.log(`${TARGET}: ${output.length} bytes`)
