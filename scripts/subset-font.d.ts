// The part of subset-font 2's API scripts/subset-heading-font.ts uses (the package ships no types).
declare module 'subset-font' {
  type Options = {
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype'
    /** Each axis fixed at a value or narrowed to a range. */
    variationAxes?: Record<string, number | {min: number; max: number; default?: number}>
  }
  export default function subsetFont(font: Buffer, text: string, options?: Options): Promise<Buffer>
}
