import {readFile} from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import type {ImageFormat, LocalImageAsset} from './image-files.ts'

/**
 * The local stand-in for Sanity's image pipeline: what the upload records about a photo (placeholder,
 * dominant colour, opacity) and the CDN's URL parameters (`rect`, `w`, `h`, `fit`, `q`, `fm`,
 * `auto=format`), done with sharp. Pages build their image URLs with @sanity/image-url the same way
 * for both; only the host differs.
 */

type PhotoDescription = Pick<LocalImageAsset['metadata'], 'isOpaque' | 'lqip' | 'palette'>

// By asset id, i.e. by content: a re-read of the dataset file does not describe the same photo twice.
const descriptions = new Map<string, Promise<PhotoDescription>>()

const hex = ({r, g, b}: {r: number; g: number; b: number}) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`

async function describe(file: string): Promise<PhotoDescription> {
  try {
    const bytes = await readFile(file)
    const [{isOpaque, dominant}, preview] = await Promise.all([
      sharp(bytes).stats(),
      // Sanity's lqip: a 20-pixel-wide JPEG as a data URL, drawn blurred until the photo arrives.
      sharp(bytes).rotate().resize(20).jpeg({quality: 40}).toBuffer(),
    ])
    return {isOpaque, lqip: `data:image/jpeg;base64,${preview.toString('base64')}`, palette: {dominant: {background: hex(dominant)}}}
  } catch (error) {
    // A photo sharp cannot read still shows (the browser may); it just has no placeholder.
    console.error(`Could not describe image ${file}:`, error)
    return {}
  }
}

/** Adds Sanity's upload metadata to the raster assets (SVG artwork needs none). */
export async function describePhotos(assets: LocalImageAsset[], imagesDir: string): Promise<void> {
  await Promise.all(
    assets
      .filter((asset) => asset.extension !== 'svg')
      .map(async (asset) => {
        let description = descriptions.get(asset._id)
        if (!description) {
          description = describe(path.join(imagesDir, asset.originalFilename))
          descriptions.set(asset._id, description)
        }
        Object.assign(asset.metadata, await description)
      }),
  )
}

// ---------------------------------------------------------------------------------------------
// The CDN's URL parameters

/** Larger than any srcset entry the site asks for (next/image's biggest is 3840). */
const MAX_SIDE = 4000
const OUTPUT_FORMATS = ['jpg', 'png', 'webp'] as const
type OutputFormat = (typeof OUTPUT_FORMATS)[number]

export type ImageTransform = {
  rect?: {left: number; top: number; width: number; height: number}
  width?: number
  height?: number
  /** `crop`: fill exactly width × height; anything else: fit inside, never enlarged. */
  crop: boolean
  quality: number
  format?: OutputFormat
  autoFormat: boolean
}

const integer = (value: string | null, min: number, max: number): number | undefined | null => {
  if (value === null) return undefined
  if (!/^\d{1,5}$/.test(value)) return null
  const number = Number(value)
  return number >= min && number <= max ? number : null
}

/** The parameters of one request, checked against the image's size; null when any is malformed. */
export function parseImageTransform(params: URLSearchParams, size: {width: number; height: number}): ImageTransform | null {
  const width = integer(params.get('w'), 1, MAX_SIDE)
  const height = integer(params.get('h'), 1, MAX_SIDE)
  const quality = integer(params.get('q'), 1, 100)
  if (width === null || height === null || quality === null) return null

  let rect: ImageTransform['rect']
  const rectParam = params.get('rect')
  if (rectParam !== null) {
    const parts = rectParam.split(',').map((part) => integer(part, 0, 100_000))
    if (parts.length !== 4 || parts.some((part) => part === undefined || part === null)) return null
    const [left, top, w, h] = parts as number[]
    if (w < 1 || h < 1 || left + w > size.width || top + h > size.height) return null
    rect = {left, top, width: w, height: h}
  }

  const format = params.get('fm') ?? undefined
  if (format !== undefined && !OUTPUT_FORMATS.includes(format as OutputFormat)) return null
  return {
    rect,
    width,
    height,
    crop: params.get('fit') === 'crop',
    quality: quality ?? 75,
    format: format as OutputFormat | undefined,
    autoFormat: params.get('auto') === 'format',
  }
}

/** The format sent: as asked (`fm`), WebP when `auto=format` and the browser takes it, else the file's own. */
export function outputFormat(transform: ImageTransform, source: Exclude<ImageFormat, 'svg'>, accept: string): OutputFormat {
  if (transform.format) return transform.format
  if (transform.autoFormat && /\bimage\/webp\b/.test(accept)) return 'webp'
  return source
}

// Recently made images, newest last; bounded by count and bytes so odd sizes cannot fill the memory.
const made = new Map<string, Buffer>()
const MADE_LIMIT = {count: 200, bytes: 64 * 1024 * 1024}
let madeBytes = 0

function remember(key: string, bytes: Buffer) {
  made.set(key, bytes)
  madeBytes += bytes.length
  for (const [oldKey, old] of made) {
    if (made.size <= MADE_LIMIT.count && madeBytes <= MADE_LIMIT.bytes) break
    made.delete(oldKey)
    madeBytes -= old.length
  }
}

// Two at a time: each resize already uses the whole libvips thread pool. A queue longer than a page's
// worth of pictures means someone is asking for sizes no page uses: those wait for another time.
const RUNNING_LIMIT = 2
const WAITING_LIMIT = 24
let running = 0
const waiting: (() => void)[] = []

export class ImagePipelineBusyError extends Error {
  constructor() {
    super('The image pipeline is busy')
    this.name = 'ImagePipelineBusyError'
  }
}

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= RUNNING_LIMIT) {
    if (waiting.length >= WAITING_LIMIT) throw new ImagePipelineBusyError()
    await new Promise<void>((resolve) => waiting.push(resolve))
  }
  running += 1
  try {
    return await work()
  } finally {
    running -= 1
    waiting.shift()?.()
  }
}

/** The bytes of a raster image after the transform, in the given format. */
export async function transformImage(file: string, transform: ImageTransform, format: OutputFormat): Promise<Buffer> {
  const key = JSON.stringify([file, transform.rect, transform.width, transform.height, transform.crop, transform.quality, format])
  const cached = made.get(key)
  if (cached) {
    made.delete(key)
    made.set(key, cached)
    return cached
  }
  const bytes = await inTurn(async () => {
    let image = sharp(await readFile(file)).rotate()
    if (transform.rect) image = image.extract(transform.rect)
    if (transform.width || transform.height) {
      image = image.resize(transform.width, transform.height, {fit: transform.crop ? 'cover' : 'inside', withoutEnlargement: true})
    }
    const quality = transform.quality
    if (format === 'webp') return image.webp({quality}).toBuffer()
    if (format === 'png') return image.png().toBuffer()
    return image.jpeg({quality, mozjpeg: true}).toBuffer()
  })
  remember(key, bytes)
  return bytes
}
