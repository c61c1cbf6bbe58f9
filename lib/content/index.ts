import 'server-only'

import {unstable_cache} from 'next/cache'
import {cookies, draftMode} from 'next/headers'
import {cache} from 'react'
import type {
  AboutPageQueryResult,
  BlogPostQueryResult,
  BookingSidebarQueryResult,
  ContactPageQueryResult,
  FaqsPageQueryResult,
  HomePageQueryResult,
  LegalPageQueryResult,
  ServicePageQueryResult,
} from '@/sanity.types'
import type {AvailabilityRules} from '@/lib/booking/availability'
import type {BookingMessages} from '@/lib/booking/message-keys'
import {projectId} from './sanity-env'
import {ALL_CONTENT_TAG, CONTENT_REFRESH_BACKSTOP_SECONDS, SERVICE_MENU_TAG, slugTag} from './cache-tags'
import type {SanityClient} from '@sanity/client'
import {lakeClient, queryContentLake, watchContentLake} from './content-lake'
import {localDatasetVersion, queryLocalDataset, watchLocalDataset} from './local-dataset'
import type {EditLinks} from './edit-links'
import {studioEditLinks} from './studio-edit-links'
import {localPreviewPerspective, PREVIEW_PERSPECTIVE_COOKIE, previewPerspective, type PreviewPerspective} from './preview-perspective'
import {MissingContentError, present, type Present} from './present'
import * as q from './queries'
import {toAvailabilityRules} from './availability'
import {ratingSummary, type RatingSummary} from '../trust'

/**
 * The site's content API. Pages call these functions, never a client: the same GROQ runs against
 * the Sanity Content Lake when a project is configured, else against the local dataset.
 */
export const contentSource = projectId ? 'content-lake' : 'local-dataset'

/** Published documents (visitors), or an editor's preview in the perspective the Studio asks for. */
type Reading = {preview: false} | {preview: true; perspective: PreviewPerspective}

function fetchContent<R>(query: string, params: Record<string, unknown>, reading: Reading): Promise<R> {
  if (contentSource === 'content-lake') return queryContentLake<R>(query, params, reading.preview ? reading.perspective : undefined)
  return queryLocalDataset<R>(query, params, reading.preview ? localPreviewPerspective(reading.perspective) : 'published')
}

const PUBLISHED: Reading = {preview: false}

/**
 * How the request being rendered reads content: in draft mode, the perspective the Presentation
 * tool chose (lib/content/preview-perspective.ts); null outside any request or render (the e-mail
 * worker, scripts, unit tests), where Next's cache is not available either.
 */
async function renderScope(): Promise<Reading | null> {
  let draft: boolean
  try {
    draft = (await draftMode()).isEnabled
  } catch {
    return null
  }
  if (!draft) return PUBLISHED
  return {preview: true, perspective: previewPerspective((await cookies()).get(PREVIEW_PERSPECTIVE_COOKIE)?.value)}
}

/**
 * Runs a query the way pages read content. In draft mode (an editor's preview): drafts over
 * published documents, never cached. Otherwise published documents, cached under `tags` (what the
 * query reads, lib/content/cache-tags.ts), so a publish refreshes only the pages that show the
 * changed document; every read is made again after the time backstop, in case a webhook was lost.
 * The local dataset's version is part of the cache key: an edited file is never answered from an
 * older build's cache.
 */
async function readContent<R>(query: string, params: Record<string, unknown>, tags: string[]): Promise<R> {
  const scope = await renderScope()
  if (!scope) return fetchContent<R>(query, params, PUBLISHED)
  if (scope.preview) return fetchContent<R>(query, params, scope)
  const version = contentSource === 'content-lake' ? 'content-lake' : localDatasetVersion()
  return unstable_cache(() => fetchContent<R>(query, params, PUBLISHED), [version, query, JSON.stringify(params)], {
    tags: [ALL_CONTENT_TAG, ...tags],
    // Also the page's own lifetime (Next takes the shortest of its reads'): the time backstop.
    revalidate: CONTENT_REFRESH_BACKSTOP_SECONDS,
  })()
}

async function required<R>(query: string, where: string, tags: string[], params: Record<string, unknown> = {}): Promise<Present<R>> {
  return present(await readContent<R>(query, params, tags), where)
}

/**
 * The client that checks a preview link's secret (`sanity-preview-secret`, written by the Studio's
 * Presentation tool as a `sanity.previewUrlSecret` document) for next-sanity's draft-mode route; null
 * when draft mode cannot work here (a Content Lake without a read token). Offline, the same check
 * runs against the local dataset's documents.
 */
export function previewSecretClient(): SanityClient | null {
  if (contentSource === 'content-lake') {
    const token = process.env.SANITY_API_READ_TOKEN
    return token ? lakeClient().withConfig({token}) : null
  }
  // Only what validatePreviewUrl uses of a client: its token must be set, and it queries raw.
  const local = {
    config: () => ({token: 'local-dataset'}),
    withConfig: () => local,
    fetch: (query: string, params: Record<string, unknown>) => queryLocalDataset(query, params, 'raw'),
  }
  return local as unknown as SanityClient
}

/**
 * Calls `onChange` whenever the content changes, drafts included: the Content Lake's live events
 * (read with the server's token), or the local dataset file. For an editor's preview only, which
 * refreshes itself on each change (app/api/draft-mode/changes). `onLost`: the watch has ended.
 */
export function watchContentChanges(onChange: () => void, onLost: (error: unknown) => void): () => void {
  return contentSource === 'content-lake' ? watchContentLake(onChange, onLost) : watchLocalDataset(onChange, onLost)
}

/**
 * In an editor's preview, the click-to-edit attributes for pictures and list items
 * (lib/content/edit-links.ts); null for visitors, whose pages carry none.
 */
export const getEditLinks = cache(async (): Promise<EditLinks | null> => ((await renderScope())?.preview ? studioEditLinks : null))

export type {EditLinks, FieldEditLinks} from './edit-links'
export {fieldEditLinks, listItem} from './edit-links'

// --- site-wide ---------------------------------------------------------------------------------

export type SiteSettings = Present<import('@/sanity.types').SiteSettingsQueryResult>

export const getSiteSettings = cache(
  (): Promise<SiteSettings> => required(q.siteSettingsQuery, 'Site settings', ['siteSettings']),
)

/** The Services dropdown's columns, in order (their headings are content: Navigation). */
export const SERVICE_MENU_GROUPS = ['house', 'exterior', 'mold', 'commercial'] as const

export type ServiceMenuColumn = {
  group: (typeof SERVICE_MENU_GROUPS)[number]
  label: string
  pages: {label: string; href: string}[]
}

/** The words of the header and footer navigation, and the booking pages' link labels. */
export type Navigation = Present<import('@/sanity.types').NavigationQueryResult>
export const getNavigation = cache(
  (): Promise<Navigation> => required(q.navigationQuery, 'Navigation', ['navigation', 'bookingPage']),
)

/** The Services dropdown: every service page in its column, in the editors' menu order. */
export const getServiceMenu = cache(async (): Promise<ServiceMenuColumn[]> => {
  const [pages, {labels}] = await Promise.all([
    required<import('@/sanity.types').ServiceMenuQueryResult>(q.serviceMenuQuery, 'Service pages', [SERVICE_MENU_TAG]),
    getNavigation(),
  ])
  return SERVICE_MENU_GROUPS.map((group) => ({
    group,
    label: labels.serviceGroups[group],
    pages: pages
      .filter((page) => page.menuGroup === group)
      .map((page) => ({label: page.menuLabel, href: `/${page.slug}`})),
  }))
})

// --- pages ---------------------------------------------------------------------------------------

export type HomePage = Present<HomePageQueryResult>
export const getHomePage = cache((): Promise<HomePage> => required(q.homePageQuery, 'Home page', ['homePage', 'serviceCard', 'testimonial', 'faqItem', 'servicePage']))

/** The Trust band's texts and the rating computed from the published reviews (null while there is none). */
export type Trust = Present<NonNullable<import('@/sanity.types').TrustQueryResult['trust']>> & {rating: RatingSummary | null}
export const getTrust = cache(async (): Promise<Trust> => {
  const {trust, stars} = await readContent<import('@/sanity.types').TrustQueryResult>(q.trustQuery, {}, ['trust', 'testimonial', 'reviewSample'])
  return {...present(trust, 'Trust'), rating: ratingSummary(stars)}
})

type ServicePageResult = NonNullable<ServicePageQueryResult>
type QuoteSectionResult = NonNullable<ServicePageResult['quoteSection']>

/** A service page; the quote section, the bookable service, its "Book online" text and the estimate visit card are optional. */
export type ServicePage = Present<Omit<ServicePageResult, 'quoteSection' | 'bookingService'>> & {
  quoteSection:
    | (Present<Omit<QuoteSectionResult, 'bookOnline' | 'estimateVisit'>> & {
        bookOnline: Present<NonNullable<QuoteSectionResult['bookOnline']>> | null
        estimateVisit: Present<NonNullable<QuoteSectionResult['estimateVisit']>> | null
      })
    | null
  /** The bookable service's id ('exterior:Roof Cleaning') on a quote landing bookable online, else null. */
  bookingService: string | null
}
export type ServicePageLayout = ServicePage['layout']

export const getServicePageSlugs = cache(
  (): Promise<string[]> => required(q.servicePageSlugsQuery, 'Service pages', ['servicePage']),
)

/**
 * Could be a slug the Studio accepts (studio/lib/slugs.ts, at most 80 characters)? Anything else in
 * an address is answered 404 without a query or a cache entry named after it.
 */
const possibleSlug = (slug: string) => /^[a-z0-9][a-z0-9_-]{0,79}$/.test(slug)

/** A service page by its address, or null when no page has that slug. */
export const getServicePage = cache(async (slug: string): Promise<ServicePage | null> => {
  if (!possibleSlug(slug)) return null
  const page = await readContent<ServicePageQueryResult>(q.servicePageQuery, {slug}, [slugTag('servicePage', slug)])
  if (!page) return null
  const {quoteSection, bookingService, ...rest} = page
  const where = `Service page "${slug}"`
  let quote: ServicePage['quoteSection'] = null
  if (quoteSection) {
    const {bookOnline, estimateVisit, ...section} = quoteSection
    quote = {
      ...present(section, where, '$.quoteSection'),
      bookOnline: bookOnline ? present(bookOnline, where, '$.quoteSection.bookOnline') : null,
      estimateVisit: estimateVisit ? present(estimateVisit, where, '$.quoteSection.estimateVisit') : null,
    }
  }
  return {...present(rest, where), quoteSection: quote, bookingService: bookingService ?? null}
})

export type BlogsPage = Present<import('@/sanity.types').BlogsPageQueryResult>
export const getBlogsPage = cache((): Promise<BlogsPage> => required(q.blogsPageQuery, 'Blogs page', ['blogsPage']))

export type BlogPostSummary = Present<import('@/sanity.types').BlogPostListQueryResult>[number]
export const getBlogPosts = cache(
  (): Promise<BlogPostSummary[]> => required(q.blogPostListQuery, 'Blog posts', ['blogPost']),
)

export type BlogPost = Present<NonNullable<BlogPostQueryResult>>
export const getBlogPost = cache(async (slug: string): Promise<BlogPost | null> => {
  if (!possibleSlug(slug)) return null
  const post = await readContent<BlogPostQueryResult>(q.blogPostQuery, {slug}, [slugTag('blogPost', slug)])
  return post ? present(post, `Blog post "${slug}"`) : null
})

export const getBlogPostSlugs = cache(
  async (): Promise<{slug: string; legacyNumber: number | null}[]> =>
    readContent<import('@/sanity.types').BlogPostSlugsQueryResult>(q.blogPostSlugsQuery, {}, ['blogPost']).then((posts) =>
      posts.flatMap(({slug, legacyNumber}) => (slug ? [{slug, legacyNumber}] : [])),
    ),
)

/** Today's slug of an article known by its old number (/blog3, /blog/3), or null. */
export async function getBlogSlugByLegacyNumber(legacyNumber: number): Promise<string | null> {
  return readContent<string | null>(q.blogSlugByLegacyNumberQuery, {legacyNumber}, ['blogPost'])
}

export type AboutPage = Present<AboutPageQueryResult>
export const getAboutPage = cache((): Promise<AboutPage> => required(q.aboutPageQuery, 'About page', ['aboutPage']))

export type FaqsPage = Present<FaqsPageQueryResult>
export const getFaqsPage = cache((): Promise<FaqsPage> => required(q.faqsPageQuery, 'FAQs page', ['faqsPage', 'faqItem']))

export type ContactPage = Present<ContactPageQueryResult>
export const getContactPage = cache((): Promise<ContactPage> => required(q.contactPageQuery, 'Contact page', ['contactPage']))

export type LegalPage = Present<LegalPageQueryResult>
export const getLegalPage = cache((): Promise<LegalPage> => required(q.legalPageQuery, 'Legal page', ['legalPage']))

export type AppointmentPage = Present<import('@/sanity.types').AppointmentPageQueryResult>
export const getAppointmentPage = cache((): Promise<AppointmentPage> => required(q.appointmentPageQuery, 'Appointment page', ['appointmentPage']))

/** The texts of the quote, contact and appointment forms. */
export type FormSettings = Present<import('@/sanity.types').FormSettingsQueryResult>
export const getFormSettings = cache((): Promise<FormSettings> => required(q.formSettingsQuery, 'Forms', ['formSettings']))

/** The wording of the e-mails the site sends. */
export type EmailSettings = Present<import('@/sanity.types').EmailSettingsQueryResult>
export const getEmailSettings = cache((): Promise<EmailSettings> => required(q.emailSettingsQuery, 'E-mails', ['emailSettings']))

/** The wording of the text messages. */
export type TextMessages = Present<import('@/sanity.types').TextMessagesQueryResult>
export const getTextMessages = cache((): Promise<TextMessages> => required(q.textMessagesQuery, 'Text messages', ['textMessages']))

export type BookingForm = 'house' | 'exterior' | 'carpet' | 'commercial'
export type BookingSidebar = Present<BookingSidebarQueryResult>
export const getBookingSidebar = cache(
  (form: BookingForm): Promise<BookingSidebar> => required(q.bookingSidebarQuery, `Booking sidebar "${form}"`, ['reviewSample', 'popularQuestion'], {form}),
)

export type BookingPage = Present<import('@/sanity.types').BookingPageQueryResult>
export const getBookingPage = cache(
  (form: BookingForm): Promise<BookingPage> => required(q.bookingPageQuery, `Booking page "${form}"`, ['bookingPage'], {form}),
)

const FORM_TEXTS_QUERIES = {
  house: q.houseFormTextsQuery,
  carpet: q.carpetFormTextsQuery,
  exterior: q.exteriorFormTextsQuery,
  commercial: q.commercialFormTextsQuery,
} as const

type FormTextsResults = {
  house: import('@/sanity.types').HouseFormTextsQueryResult
  carpet: import('@/sanity.types').CarpetFormTextsQueryResult
  exterior: import('@/sanity.types').ExteriorFormTextsQueryResult
  commercial: import('@/sanity.types').CommercialFormTextsQueryResult
}

/**
 * A booking form's texts: those of its own sections and those all four forms share, in one object;
 * `messages` holds the shared messages and the form's own (the form's schema uses only those).
 */
export type BookingFormTexts<F extends BookingForm = BookingForm> = Omit<Present<FormTextsResults[F]>['shared'] & Present<FormTextsResults[F]>['own'], 'messages'> & {
  messages: BookingMessages
}

export const getBookingFormTexts = cache(async <F extends BookingForm>(form: F): Promise<BookingFormTexts<F>> => {
  const {shared, own} = await required<FormTextsResults[F]>(FORM_TEXTS_QUERIES[form], `Booking form "${form}"`, ['bookingForms', 'bookingPage'])
  return {...shared, ...own, messages: {...shared.messages, ...own.messages} as BookingMessages} as BookingFormTexts<F>
})

/**
 * When the crews can come: the Availability document as the booking rules (lib/booking/availability.ts).
 * Read by the booking pages, the availability endpoint and the booking route, which enforces it.
 */
export const getAvailability = cache(async (): Promise<AvailabilityRules> =>
  toAvailabilityRules(await required<import('@/sanity.types').AvailabilityQueryResult>(q.availabilityQuery, 'Availability', ['availability'])),
)

/** A booking page's link label, as the booking pages link to each other. */
export function bookingLinkLabel(links: readonly {form: string; navLabel: string}[], form: BookingForm): string {
  const link = links.find((candidate) => candidate.form === form)
  if (!link) throw new MissingContentError(`Booking page "${form}"`, '$.navLabel')
  return link.navLabel
}

export type PaymentPages = Present<import('@/sanity.types').PaymentPagesQueryResult>
export const getPaymentPages = cache((): Promise<PaymentPages> => required(q.paymentPagesQuery, 'Payment result pages', ['paymentPages']))

export type NotFoundPage = Present<import('@/sanity.types').NotFoundPageQueryResult>
export const getNotFoundPage = cache((): Promise<NotFoundPage> => required(q.notFoundPageQuery, 'Page not found', ['notFoundPage']))

export type SitemapContent = Present<import('@/sanity.types').SitemapQueryResult>
export const getSitemapContent = (): Promise<SitemapContent> => required(q.sitemapQuery, 'Sitemap', ['servicePage', 'blogPost'])

/** A content image as pages receive it. */
export type ContentImage = HomePage['hero']['image']
