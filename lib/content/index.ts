import 'server-only'

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
import {projectId} from '@/studio/env'
import {queryContentLake} from './content-lake'
import {queryLocalDataset} from './local-dataset'
import {present, type Present} from './present'
import * as q from './queries'

/**
 * The site's content API. Pages call these functions, never a client: the same GROQ runs against
 * the Sanity Content Lake when a project is configured, else against the local dataset.
 */
export const contentSource = projectId ? 'content-lake' : 'local-dataset'

function fetchContent<R>(query: string, params: Record<string, unknown> = {}): Promise<R> {
  return contentSource === 'content-lake' ? queryContentLake<R>(query, params) : queryLocalDataset<R>(query, params)
}

async function required<R>(query: string, where: string, params?: Record<string, unknown>): Promise<Present<R>> {
  return present(await fetchContent<R>(query, params), where)
}

// --- site-wide ---------------------------------------------------------------------------------

export type SiteSettings = Present<import('@/sanity.types').SiteSettingsQueryResult>

export const getSiteSettings = cache(
  (): Promise<SiteSettings> => required(q.siteSettingsQuery, 'Site settings'),
)

export const SERVICE_MENU_GROUPS = [
  {group: 'house', label: 'House Cleaning'},
  {group: 'exterior', label: 'Exterior Cleaning'},
  {group: 'mold', label: 'Mold Remediation'},
  {group: 'commercial', label: 'Commercial Cleaning'},
] as const

export type ServiceMenuColumn = {
  group: (typeof SERVICE_MENU_GROUPS)[number]['group']
  label: string
  pages: {label: string; href: string}[]
}

/** The Services dropdown: every service page in its column, in the editors' menu order. */
export const getServiceMenu = cache(async (): Promise<ServiceMenuColumn[]> => {
  const pages = await required<import('@/sanity.types').ServiceMenuQueryResult>(q.serviceMenuQuery, 'Service pages')
  return SERVICE_MENU_GROUPS.map(({group, label}) => ({
    group,
    label,
    pages: pages
      .filter((page) => page.menuGroup === group)
      .map((page) => ({label: page.menuLabel, href: `/${page.slug}`})),
  }))
})

// --- pages ---------------------------------------------------------------------------------------

export type HomePage = Present<HomePageQueryResult>
export const getHomePage = cache((): Promise<HomePage> => required(q.homePageQuery, 'Home page'))

type ServicePageResult = NonNullable<ServicePageQueryResult>
type QuoteSectionResult = NonNullable<ServicePageResult['quoteSection']>

/** A service page; the quote section, the bookable service and its "Book online" text are optional. */
export type ServicePage = Present<Omit<ServicePageResult, 'quoteSection' | 'bookingService'>> & {
  quoteSection: (Present<Omit<QuoteSectionResult, 'bookOnline'>> & {bookOnline: Present<NonNullable<QuoteSectionResult['bookOnline']>> | null}) | null
  /** The bookable service's id ('exterior:Roof Cleaning') on a quote landing bookable online, else null. */
  bookingService: string | null
}
export type ServicePageLayout = ServicePage['layout']

export const getServicePageSlugs = cache(
  (): Promise<string[]> => required(q.servicePageSlugsQuery, 'Service pages'),
)

/** A service page by its address, or null when no page has that slug. */
export const getServicePage = cache(async (slug: string): Promise<ServicePage | null> => {
  const page = await fetchContent<ServicePageQueryResult>(q.servicePageQuery, {slug})
  if (!page) return null
  const {quoteSection, bookingService, ...rest} = page
  const where = `Service page "${slug}"`
  let quote: ServicePage['quoteSection'] = null
  if (quoteSection) {
    const {bookOnline, ...section} = quoteSection
    quote = {
      ...present(section, where, '$.quoteSection'),
      bookOnline: bookOnline ? present(bookOnline, where, '$.quoteSection.bookOnline') : null,
    }
  }
  return {...present(rest, where), quoteSection: quote, bookingService: bookingService ?? null}
})

export type BlogsPage = Present<import('@/sanity.types').BlogsPageQueryResult>
export const getBlogsPage = cache((): Promise<BlogsPage> => required(q.blogsPageQuery, 'Blogs page'))

export type BlogPostSummary = Present<import('@/sanity.types').BlogPostListQueryResult>[number]
export const getBlogPosts = cache(
  (): Promise<BlogPostSummary[]> => required(q.blogPostListQuery, 'Blog posts'),
)

export type BlogPost = Present<NonNullable<BlogPostQueryResult>>
export const getBlogPost = cache(async (slug: string): Promise<BlogPost | null> => {
  const post = await fetchContent<BlogPostQueryResult>(q.blogPostQuery, {slug})
  return post ? present(post, `Blog post "${slug}"`) : null
})

export const getBlogPostSlugs = cache(
  async (): Promise<{slug: string; legacyNumber: number | null}[]> =>
    fetchContent<import('@/sanity.types').BlogPostSlugsQueryResult>(q.blogPostSlugsQuery).then((posts) =>
      posts.flatMap(({slug, legacyNumber}) => (slug ? [{slug, legacyNumber}] : [])),
    ),
)

/** Today's slug of an article known by its old number (/blog3, /blog/3), or null. */
export async function getBlogSlugByLegacyNumber(legacyNumber: number): Promise<string | null> {
  return fetchContent<string | null>(q.blogSlugByLegacyNumberQuery, {legacyNumber})
}

export type AboutPage = Present<AboutPageQueryResult>
export const getAboutPage = cache((): Promise<AboutPage> => required(q.aboutPageQuery, 'About page'))

export type FaqsPage = Present<FaqsPageQueryResult>
export const getFaqsPage = cache((): Promise<FaqsPage> => required(q.faqsPageQuery, 'FAQs page'))

export type ContactPage = Present<ContactPageQueryResult>
export const getContactPage = cache((): Promise<ContactPage> => required(q.contactPageQuery, 'Contact page'))

export type LegalPage = Present<LegalPageQueryResult>
export const getLegalPage = cache((): Promise<LegalPage> => required(q.legalPageQuery, 'Legal page'))

export type AppointmentPage = Present<import('@/sanity.types').AppointmentPageQueryResult>
export const getAppointmentPage = cache((): Promise<AppointmentPage> => required(q.appointmentPageQuery, 'Appointment page'))

/** The texts of the quote, contact and appointment forms. */
export type FormSettings = Present<import('@/sanity.types').FormSettingsQueryResult>
export const getFormSettings = cache((): Promise<FormSettings> => required(q.formSettingsQuery, 'Forms'))

/** The wording of the e-mails the site sends. */
export type EmailSettings = Present<import('@/sanity.types').EmailSettingsQueryResult>
export const getEmailSettings = cache((): Promise<EmailSettings> => required(q.emailSettingsQuery, 'E-mails'))

export type BookingForm = 'house' | 'exterior' | 'carpet' | 'commercial'
export type BookingSidebar = Present<BookingSidebarQueryResult>
export const getBookingSidebar = cache(
  (form: BookingForm): Promise<BookingSidebar> => required(q.bookingSidebarQuery, `Booking sidebar "${form}"`, {form}),
)

export type SitemapContent = Present<import('@/sanity.types').SitemapQueryResult>
export const getSitemapContent = (): Promise<SitemapContent> => required(q.sitemapQuery, 'Sitemap')

/** A content image as pages receive it. */
export type ContentImage = HomePage['hero']['image']
