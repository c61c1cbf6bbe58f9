import {createHash} from 'node:crypto'

/**
 * Image files of the local dataset (studio/dataset/images): which names are allowed, and the facts
 * Sanity's import would record for each (format, width, height, asset id). Read from the file's header,
 * synchronously, so the dataset loads without decoding a single picture.
 */

/** File names the dataset may reference and the image route will serve: no folders, no dot files. */
export const IMAGE_FILE_NAME = /^[a-z0-9][a-z0-9._-]*\.(svg|png|jpe?g|webp)$/i

export type ImageFormat = 'svg' | 'png' | 'jpg' | 'webp'

/** An image's asset document, as Sanity's import records it (and the local dataset makes it). */
export type LocalImageAsset = {
  _id: string
  _type: 'sanity.imageAsset'
  [key: string]: unknown
  url: string
  originalFilename: string
  extension: ImageFormat
  mimeType: string
  metadata: {
    _type: 'sanity.imageMetadata'
    dimensions: {_type: 'sanity.imageDimensions'; width: number; height: number; aspectRatio: number}
    /** Filled in by `describePhotos` for raster images, as Sanity's upload does. */
    isOpaque?: boolean
    lqip?: string
    palette?: {dominant: {background: string}}
  }
}

export const IMAGE_MIME_TYPES: Record<ImageFormat, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
}

export type ImageFileFacts = {format: ImageFormat; width: number; height: number}

export function imageFormat(file: string): ImageFormat | undefined {
  const extension = file.split('.').pop()?.toLowerCase()
  if (extension === 'jpeg' || extension === 'jpg') return 'jpg'
  return extension === 'svg' || extension === 'png' || extension === 'webp' ? extension : undefined
}

function svgSize(bytes: Buffer) {
  const svgTag = /<svg\b[^>]*>/i.exec(bytes.toString('utf8'))?.[0] ?? ''
  const attr = (name: string) => Number(new RegExp(`\\s${name}="([\\d.]+)(px)?"`).exec(svgTag)?.[1])
  const viewBox = /viewBox="[\d.-]+[ ,]+[\d.-]+[ ,]+([\d.]+)[ ,]+([\d.]+)"/.exec(svgTag)
  return {width: attr('width') || Number(viewBox?.[1]), height: attr('height') || Number(viewBox?.[2])}
}

function pngSize(bytes: Buffer) {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined
  return {width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20)}
}

/** The first start-of-frame segment holds the size (baseline, progressive and lossless alike). */
function jpegSize(bytes: Buffer) {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined
  let at = 2
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined
    const marker = bytes[at + 1]
    if (marker === 0xff) {
      at += 1
      continue
    }
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
    if (isStartOfFrame) return {height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7)}
    at += 2 + bytes.readUInt16BE(at + 2)
  }
  return undefined
}

function webpSize(bytes: Buffer) {
  if (bytes.length < 30 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') return undefined
  const chunk = bytes.toString('latin1', 12, 16)
  if (chunk === 'VP8 ') return {width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff}
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21)
    return {width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1}
  }
  if (chunk === 'VP8X') return {width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1}
  return undefined
}

const SIZE_READERS: Record<ImageFormat, (bytes: Buffer) => {width: number; height: number} | undefined> = {
  svg: svgSize,
  png: pngSize,
  jpg: jpegSize,
  webp: webpSize,
}

/** Format and size of an image file, or undefined when the name or the header says it is no image we serve. */
export function imageFileFacts(file: string, bytes: Buffer): ImageFileFacts | undefined {
  const format = imageFormat(file)
  if (!format || !IMAGE_FILE_NAME.test(file)) return undefined
  const size = SIZE_READERS[format](bytes)
  const width = Math.round(size?.width ?? 0)
  const height = Math.round(size?.height ?? 0)
  return width > 0 && height > 0 ? {format, width, height} : undefined
}

/**
 * The asset id Sanity gives an uploaded image: image-<sha1 of the bytes>-<w>x<h>-<format>. The
 * image URL builder reads the size and format from it, so local assets must follow the pattern.
 */
export function imageAssetId(bytes: Buffer, {format, width, height}: ImageFileFacts): string {
  return `image-${createHash('sha1').update(bytes).digest('hex')}-${width}x${height}-${format}`
}

/** Where the local image route serves an asset: the path Sanity's CDN uses, under this site. */
export const LOCAL_IMAGES_PATH = '/images/local/production'

export function localImageUrl(assetId: string): string {
  const [, hash, size, format] = assetId.split('-')
  return `${LOCAL_IMAGES_PATH}/${hash}-${size}.${format}`
}
