/**
 * Addresses the site's own routes answer: a service page (/{slug}) with one of these slugs would
 * publish and never show, because the fixed route wins. A unit test (studio/lib/slugs.test.ts)
 * derives the list from the app/ folder, so a new route cannot be forgotten here.
 */
export const RESERVED_SERVICE_PAGE_SLUGS = [
  'about',
  'api',
  'appointment',
  'blog',
  'blogs',
  'cancel',
  'carpet_cleaning',
  'checkout',
  'commercial_cleaning',
  'contact',
  'content-images',
  'exterior_cleaning',
  'faqs',
  'favicon.ico',
  'house_cleaning',
  'icon.svg',
  'icons.svg',
  'legal',
  'robots.txt',
  'sitemap.xml',
  'studio',
  'success',
] as const

const reserved = new Set<string>(RESERVED_SERVICE_PAGE_SLUGS)

/** Lower-case letters and digits, in words joined by one dash or underscore ("roof-cleaning", "house_cleaning"). */
const SERVICE_PAGE_SLUG = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/
/** Lower-case letters and digits, in words joined by one dash ("wet-season-home-cleaning"). */
const ARTICLE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** Longest slug: the site answers longer addresses 404 without looking them up (lib/content). */
export const MAX_SLUG_LENGTH = 80

const tooLong = (slug: string) => (slug.length > MAX_SLUG_LENGTH ? `Use at most ${MAX_SLUG_LENGTH} characters` : null)

/** The service page slug rule: true, or the message the Studio shows. */
export function checkServicePageSlug(slug: string | undefined): true | string {
  if (!slug) return 'Required'
  const length = tooLong(slug)
  if (length) return length
  if (!SERVICE_PAGE_SLUG.test(slug)) {
    return 'Use lower-case letters (a–z) and digits, with single dashes or underscores between words, e.g. roof-cleaning'
  }
  if (reserved.has(slug)) {
    return `The address /${slug} belongs to a fixed page of the site; a service page there would never show. Choose another slug.`
  }
  return true
}

/** The article slug rule: true, or the message the Studio shows. */
export function checkArticleSlug(slug: string | undefined): true | string {
  if (!slug) return 'Required'
  const length = tooLong(slug)
  if (length) return length
  if (!ARTICLE_SLUG.test(slug)) {
    return 'Use lower-case letters (a–z) and digits, with single dashes between words, e.g. wet-season-home-cleaning'
  }
  // /blog/3 is the old address of article number 3; a slug of digits only would be taken for one.
  if (/^\d+$/.test(slug)) return 'Include at least one letter: /blog/3 is the old address of article 3'
  return true
}
