import {createImageUrlBuilder} from '@sanity/image-url'
import type {ContentImage} from './index'

/**
 * URLs of content images, made by Sanity's own URL builder: it turns the editor's crop and hotspot
 * into the `rect` of each size asked for, so a picture drawn at another shape keeps its subject in
 * view. The host is where the asset lives: Sanity's CDN, or this site's stand-in for the local
 * dataset (/images/local/production, app/images), which reads the same parameters.
 */

// https://cdn.sanity.io/images/<project>/<dataset>/<file> or /images/local/production/<file>
const ASSET_URL = /^(.*)\/images\/([^/]+)\/([^/]+)\/[^/?#]+$/

export type ImageSize = {
  width: number
  /** With a height the picture is cut to width × height around the hotspot; without, it keeps its shape. */
  height?: number
  quality?: number
}

export function contentImageUrl(image: ContentImage, {width, height, quality = 75}: ImageSize): string {
  const match = ASSET_URL.exec(image.url.split('?')[0] ?? '')
  if (!match) return image.url
  const [, host, projectId, dataset] = match
  // The builder takes an empty host for "Sanity's CDN"; "/" stands for this site's root.
  const builder = createImageUrlBuilder({projectId, dataset, baseUrl: host || '/'})
    .image({asset: {_ref: image.assetId}, crop: image.crop, hotspot: image.hotspot})
    .width(width)
    .quality(quality)
    .auto('format')
  return (height ? builder.height(height).fit('crop') : builder.fit('max')).url()
}

/** The shape of the picture after the editor's crop (what is drawn when no other shape is asked for). */
export function croppedSize(image: ContentImage): {width: number; height: number} {
  const {crop} = image
  return {
    width: Math.max(1, Math.round(image.width * (1 - crop.left - crop.right))),
    height: Math.max(1, Math.round(image.height * (1 - crop.top - crop.bottom))),
  }
}
