import {getImageProps, type ImageLoader, type ImageProps} from 'next/image'
import type {CSSProperties} from 'react'
import {preload} from 'react-dom'
import type {ContentImage as ContentImageData} from '@/lib/content'
import {editAttribute} from '@/lib/content/edit-links'
import {contentImageUrl, croppedSize} from '@/lib/content/images'

export type {ContentImageData}

/** A second shape for wide screens (art direction): e.g. 4:3 on phones, 21:9 from 48rem on. */
export type WideShape = {media: string; aspectRatio: number; sizes?: string}

export type ContentImageProps = {
  image: ContentImageData | null
  /** The `sizes` attribute: how wide the image is drawn, e.g. "(min-width: 64rem) 50vw, 100vw". */
  sizes: string
  /**
   * The shape the picture is drawn at (width ÷ height). Photos are cut to it around the editor's
   * hotspot; artwork (SVG) is fitted with CSS, positioned at the hotspot. Default: the picture's own.
   */
  aspectRatio?: number
  wide?: WideShape
  /** Above-the-fold / LCP image: loaded eagerly with high priority and preloaded. Default lazy. */
  priority?: boolean
  /** Fill the nearest positioned parent (which sets the size) instead of using width/height. */
  fill?: boolean
  quality?: number
  className?: string
  style?: CSSProperties
  /** In an editor's preview only: the picture's click-to-edit link (`data-sanity`, lib/content/edit-links.ts). */
  editLink?: string
}

/** next/image's placeholder mode that draws `blurDataURL` blurred (a mode, not words on the page). */
const BLURRED_PREVIEW = 'blur'

const isSvg = (url: string) => /\.svg$/i.test(url.split(/[?#]/, 1)[0] ?? '')

/** Props of one shape: srcset from the URL builder (photos) or the file itself (SVG), size, placeholder. */
function shapeProps(
  image: ContentImageData,
  {aspectRatio, sizes, priority, fill, quality, className, style}: Omit<ContentImageProps, 'image' | 'wide'>,
  shaped: boolean,
  /** Hold the box at `aspectRatio` in CSS (one shape; with `wide` the caller's CSS holds each). */
  fixedShape = false,
) {
  const svg = isSvg(image.url)
  const natural = croppedSize(image)
  const ratio = aspectRatio ?? natural.width / natural.height
  const width = natural.width
  const height = Math.round(width / ratio)
  const loader: ImageLoader = ({width: w, quality: q}) =>
    contentImageUrl(image, {width: w, height: aspectRatio ? Math.round(w / ratio) : undefined, quality: q})
  const placeholder: Pick<ImageProps, 'placeholder' | 'blurDataURL'> = image.lqip ? {placeholder: BLURRED_PREVIEW, blurDataURL: image.lqip} : {}

  return getImageProps({
    src: image.url,
    alt: image.alt,
    sizes,
    quality,
    ...(fill ? {fill: true} : {width, height}),
    unoptimized: svg,
    loader: svg ? undefined : loader,
    loading: priority ? 'eager' : 'lazy',
    fetchPriority: priority ? 'high' : undefined,
    ...placeholder,
    className,
    style: {
      // Until the photo arrives: its dominant colour under the blurred preview.
      ...(image.color ? {backgroundColor: image.color} : {}),
      // Where CSS rather than the URL cuts the picture (artwork, `object-fit: cover` frames).
      ...(shaped ? {objectFit: 'cover'} : {}),
      // The box keeps its shape once the picture arrives: width and height alone give way to the
      // file's own proportions, and an uncut file (an SVG) then moved everything below it.
      ...(fixedShape ? {aspectRatio: `${width} / ${height}`} : {}),
      objectPosition: `${image.hotspot.x * 100}% ${image.hotspot.y * 100}%`,
      ...style,
    },
  }).props
}

/**
 * A CMS image through next/image's getImageProps (no client JavaScript): responsive srcset, width and
 * height (no layout shift), lazy by default, a placeholder from the upload's metadata, and the editor's
 * crop and hotspot honoured at every shape. With `wide`, a <picture> serves each screen its own cut.
 * Renders nothing without a URL. Alt text comes from the content.
 */
export function ContentImage({image, wide, editLink, ...options}: ContentImageProps) {
  if (!image?.url) return null
  const shaped = Boolean(options.aspectRatio || wide)
  const props = shapeProps(image, options, shaped, Boolean(options.aspectRatio) && !wide && !options.fill)
  const wideProps = wide ? shapeProps(image, {...options, aspectRatio: wide.aspectRatio, sizes: wide.sizes ?? options.sizes}, shaped) : undefined

  if (options.priority) {
    const preloadShape = (shape: typeof props, media?: string) =>
      preload(shape.src, {as: 'image', fetchPriority: 'high', imageSrcSet: shape.srcSet, imageSizes: shape.sizes, media})
    if (wide && wideProps) {
      preloadShape(props, `not all and ${wide.media}`)
      preloadShape(wideProps, wide.media)
    } else {
      preloadShape(props)
    }
  }

  // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- getImageProps supplies src, srcset and alt
  const img = <img {...props} {...editAttribute(editLink)} />
  if (!wide || !wideProps) return img
  return (
    <picture style={{display: 'contents'}}>
      <source media={wide.media} srcSet={wideProps.srcSet ?? wideProps.src} sizes={wideProps.sizes} width={wideProps.width} height={wideProps.height} />
      {img}
    </picture>
  )
}
