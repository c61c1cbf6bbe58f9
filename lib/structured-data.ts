import type {SiteSettings} from './content'
import {absoluteUrl} from './site-url'

/**
 * schema.org data for search engines (decisions.md: LocalBusiness on home, FAQPage where FAQs show,
 * BlogPosting on articles, Service on service pages). Plain objects; pages render them as JSON-LD.
 */
type Faq = {question: string; answer: string[]}

export function localBusinessData(settings: SiteSettings) {
  return {
    '@context': 'https://schema.org',
    '@type': 'HouseCleaningService',
    '@id': absoluteUrl('/#business'),
    name: settings.companyName,
    description: settings.description,
    url: absoluteUrl('/'),
    telephone: settings.phone,
    email: settings.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: settings.address.street,
      addressLocality: settings.address.city,
      addressRegion: settings.address.region,
      postalCode: settings.address.postalCode,
      addressCountry: settings.address.country,
    },
    geo: {'@type': 'GeoCoordinates', latitude: settings.mapLocation.lat, longitude: settings.mapLocation.lng},
    areaServed: settings.serviceAreas.map((name) => ({'@type': 'AdministrativeArea', name})),
    paymentAccepted: 'Credit Card',
  }
}

export function faqPageData(faqs: Faq[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map(({question, answer}) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: {'@type': 'Answer', text: answer.join('\n\n')},
    })),
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
    areaServed: settings.serviceAreas.map((name) => ({'@type': 'AdministrativeArea', name})),
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

/** JSON for a <script type="application/ld+json">, with "<" escaped so content cannot close the tag. */
export function jsonLd(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c')
}
