/**
 * Which cached content a publish makes stale. Every content read is cached under tags naming what it
 * read: document types (`blogPost`: any article may change the list), one document by its slug
 * (`blogPost:wet-season-home-cleaning`), or the Services menu (`serviceMenu`, read by every page's
 * header). Sanity's webhook then refreshes only the tags of the document that changed, so an
 * article's publish regenerates that article, /blogs and the sitemap — not the service pages.
 *
 * Plain data rules, no Next.js: the route hands the tags to `revalidateTag`.
 */

/**
 * The time backstop: every cached content read, and so every page showing content, is read again
 * after this many seconds (in the background, behind the visit that finds it older; visitors never
 * wait). A publish whose webhook was lost, or that reached one process while the shared cache was
 * down, shows on every process within two such periods of the next visits (the page's re-render may
 * still take the read that was due with it). Five minutes: an editor's mistake heals the same
 * coffee break, while the ~40 pages cost at most 40 background renders per 5 minutes (per process
 * without a shared cache): a few per minute, against the 15 minutes to 1 hour sites usually accept.
 */
export const CONTENT_REFRESH_BACKSTOP_SECONDS = 300

/** On every read: a change of a type these rules don't know refreshes everything. */
export const ALL_CONTENT_TAG = 'content'

/** The Services menu in every page's header: service pages' titles, groups and order. */
export const SERVICE_MENU_TAG = 'serviceMenu'

/** Types whose documents are read one at a time by slug (their own page). */
const SLUGGED_TYPES = new Set(['servicePage', 'blogPost'])

/** Every document type of the schema that some page reads. */
const KNOWN_TYPES = new Set([
  'siteSettings',
  'homePage',
  'servicePage',
  'serviceCard',
  'testimonial',
  'faqItem',
  'blogPost',
  'blogsPage',
  'aboutPage',
  'faqsPage',
  'contactPage',
  'legalPage',
  'appointmentPage',
  'formSettings',
  'emailSettings',
  'reviewSample',
  'popularQuestion',
  'bookingPage',
  'paymentPages',
  'bookingForms',
  'availability',
  'navigation',
  'notFoundPage',
  'trust',
])

/** The tag of one document read by its slug. */
export const slugTag = (type: 'servicePage' | 'blogPost', slug: string) => `${type}:${slug}`

/**
 * What the webhook's projection sends (README, "Publishing"):
 * `{_id, _type, "slug": slug.current, "previousSlug": before().slug.current, "menuChanged": …}`.
 * Anything may be missing or malformed; a missing fact widens the refresh, never narrows it.
 */
export type ChangedDocument = {
  _id?: unknown
  _type?: unknown
  slug?: unknown
  previousSlug?: unknown
  menuChanged?: unknown
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : null)

/** The tags to refresh after `document` was published, changed or deleted. */
export function tagsToRefresh(document: ChangedDocument | null): string[] {
  const type = text(document?._type)?.replace(/^drafts\./, '') ?? null
  if (!type || !KNOWN_TYPES.has(type)) return [ALL_CONTENT_TAG]
  const tags = [type]
  if (SLUGGED_TYPES.has(type)) {
    const slug = text(document?.slug)
    // Without its slug the changed page can't be named: refresh every page that shows content.
    if (!slug) return [ALL_CONTENT_TAG]
    tags.push(`${type}:${slug}`)
    const previous = text(document?.previousSlug)
    if (previous && previous !== slug) tags.push(`${type}:${previous}`)
    // Only an explicit "the menu fields did not change" spares every page's header.
    if (type === 'servicePage' && document?.menuChanged !== false) tags.push(SERVICE_MENU_TAG)
  }
  return tags
}
