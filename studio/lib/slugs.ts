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
  'crew-calendars',
  'email-preferences',
  'exterior_cleaning',
  'faqs',
  'favicon.ico',
  'house_cleaning',
  'icon.svg',
  'icons.svg',
  'images',
  'legal',
  'manage-booking',
  'office',
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

/** The rules every slug shares (present, short enough, the type's pattern): null when it passes. */
function shapeProblem(slug: string | undefined, pattern: RegExp, patternMessage: string): string | null {
  if (!slug) return 'Required'
  if (slug.length > MAX_SLUG_LENGTH) return `Use at most ${MAX_SLUG_LENGTH} characters`
  return pattern.test(slug) ? null : patternMessage
}

/** The service page slug rule: true, or the message the Studio shows. */
export function checkServicePageSlug(slug: string | undefined): true | string {
  const problem = shapeProblem(slug, SERVICE_PAGE_SLUG, 'Use lower-case letters (a–z) and digits, with single dashes or underscores between words, e.g. roof-cleaning')
  if (problem) return problem
  if (reserved.has(slug!)) {
    return `The address /${slug} belongs to a fixed page of the site; a service page there would never show. Choose another slug.`
  }
  return true
}

/** The article slug rule: true, or the message the Studio shows. */
export function checkArticleSlug(slug: string | undefined): true | string {
  const problem = shapeProblem(slug, ARTICLE_SLUG, 'Use lower-case letters (a–z) and digits, with single dashes between words, e.g. wet-season-home-cleaning')
  if (problem) return problem
  // /blog/3 is the old address of article number 3; a slug of digits only would be taken for one.
  if (/^\d+$/.test(slug!)) return 'Include at least one letter: /blog/3 is the old address of article 3'
  return true
}
