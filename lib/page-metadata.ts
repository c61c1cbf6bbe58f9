import type {Metadata} from 'next'
import {absoluteUrl} from './site-url'

type PageSeo = {title: string; description: string}
type ImageRef = {url: string; width: number; height: number; alt: string} | null

/**
 * Title, description, canonical URL and Open Graph data of one page. The company name is appended
 * by the site layout's title template.
 */
export function pageMetadata({
  seo,
  path,
  image = null,
  type = 'website',
  publishedTime,
}: {
  seo: PageSeo
  path: string
  image?: ImageRef
  type?: 'website' | 'article'
  publishedTime?: string
}): Metadata {
  const url = absoluteUrl(path)
  return {
    title: seo.title,
    description: seo.description,
    alternates: {canonical: url},
    openGraph: {
      type,
      url,
      title: seo.title,
      description: seo.description,
      ...(publishedTime ? {publishedTime} : {}),
      ...(image ? {images: [{url: absoluteUrl(image.url), width: image.width, height: image.height, alt: image.alt}]} : {}),
    },
    // Next copies the Open Graph image into twitter:image, :alt, :width and :height; X reads
    // og:image when twitter:image is absent, so the copies only weigh the page (twice: HTML and
    // router data). The large card is what Next chose for a page with an image.
    ...(image ? {twitter: {card: 'summary_large_image', images: []}} : {}),
  }
}
