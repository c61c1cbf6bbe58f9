import type {SiteSettings} from './content'
import {absoluteUrl} from './site-url'

/**
 * schema.org data for search engines (LocalBusiness on home, FAQPage where FAQs show,
 * BlogPosting on articles, Service on service pages). Plain objects; pages render them as JSON-LD.
 */
export {faqPageData, jsonLd} from './faq-structured-data'

/**
 * The business, as Google's local business data documents it: name and address (required), url,
 * telephone and geo (recommended), and the counties it serves. The page's description, e-mail and
 * payment method were dropped: no search feature reads them, and the home page carries this data
 * twice (HTML and router data).
 */
export function localBusinessData(settings: SiteSettings) {
  return {
    '@context': 'https://schema.org',
    '@type': 'HouseCleaningService',
    '@id': absoluteUrl('/#business'),
    name: settings.companyName,
    url: absoluteUrl('/'),
    telephone: settings.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: settings.address.street,
      addressLocality: settings.address.city,
      addressRegion: settings.address.region,
      postalCode: settings.address.postalCode,
      addressCountry: settings.address.country,
    },
    geo: {'@type': 'GeoCoordinates', latitude: settings.mapLocation.lat, longitude: settings.mapLocation.lng},
    // schema.org's areaServed takes plain text as well as a Place.
    areaServed: settings.serviceAreas,
  }
}

export function serviceData(page: {title: string; slug: string; seo: {description: string}}, settings: SiteSettings) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: page.title,
    description: page.seo.description,
    url: absoluteUrl(`/${page.slug}`),
    provider: {'@id': absoluteUrl('/#business'), '@type': 'LocalBusiness', name: settings.companyName, telephone: settings.phone},
    areaServed: settings.serviceAreas,
  }
}

export function blogPostingData(
  post: {title: string; slug: string; teaser: string; publishedAt: string; _updatedAt: string; author: string; heroImage: {url: string}},
  settings: SiteSettings,
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.teaser,
    datePublished: post.publishedAt,
    dateModified: post._updatedAt,
    author: {'@type': 'Organization', name: post.author},
    publisher: {'@type': 'Organization', name: settings.companyName},
    image: absoluteUrl(post.heroImage.url),
    mainEntityOfPage: absoluteUrl(`/blog/${post.slug}`),
  }
}
