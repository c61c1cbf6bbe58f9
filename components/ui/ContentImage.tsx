import {getImageProps, type ImageLoader} from 'next/image'
import type {CSSProperties} from 'react'
import {preload} from 'react-dom'

/** An image as the content API (lib/content) delivers it. */
export type ContentImageData = {
  url: string | null
  width: number | null
  height: number | null
  alt: string | null
}

export type ContentImageProps = {
  image: ContentImageData | null
  /** The `sizes` attribute: how wide the image is drawn, e.g. "(min-width: 64rem) 50vw, 100vw". */
  sizes: string
  /** Above-the-fold / LCP image: loaded eagerly with high priority and preloaded. Default lazy. */
  priority?: boolean
  /** Fill the nearest positioned parent (which sets the size) instead of using width/height. */
  fill?: boolean
  quality?: number
  className?: string
  style?: CSSProperties
}

const SANITY_CDN = 'https://cdn.sanity.io/'

/** Sanity's image pipeline resizes and picks the format itself: the browser asks the CDN directly. */
const sanityLoader: ImageLoader = ({src, width, quality}) => {
  const url = new URL(src)
  url.searchParams.set('w', String(width))
  url.searchParams.set('q', String(quality ?? 75))
  url.searchParams.set('auto', 'format')
  url.searchParams.set('fit', 'max')
  return url.toString()
}

const isSvg = (url: string) => /\.svg$/i.test(url.split(/[?#]/, 1)[0] ?? '')

// Used when the content has no dimensions: a landscape box; CSS height:auto corrects it on load.
const FALLBACK = {width: 1200, height: 800}

/**
 * A CMS image through next/image's getImageProps (no client JavaScript): responsive srcset, lazy by
 * default, SVGs served as they are, Sanity CDN images sized by the CDN. Renders nothing without a
 * URL. Alt text comes from the content; a missing alt means the image is decorative ("").
 */
export function ContentImage({image, sizes, priority = false, fill = false, quality, className, style}: ContentImageProps) {
  if (!image?.url) return null
  const {url} = image
  const svg = isSvg(url)
  const fromSanity = url.startsWith(SANITY_CDN)

  const {props} = getImageProps({
    src: url,
    alt: image.alt ?? '',
    sizes,
    quality,
    ...(fill
      ? {fill: true}
      : {width: image.width ?? FALLBACK.width, height: image.height ?? FALLBACK.height}),
    unoptimized: svg,
    loader: fromSanity && !svg ? sanityLoader : undefined,
    loading: priority ? 'eager' : 'lazy',
    fetchPriority: priority ? 'high' : undefined,
    className,
    style,
  })

  if (priority) {
    preload(props.src, {
      as: 'image',
      fetchPriority: 'high',
      imageSrcSet: props.srcSet,
      imageSizes: props.sizes,
    })
  }

  // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- getImageProps supplies src, srcset and alt
  return <img {...props} />
}
