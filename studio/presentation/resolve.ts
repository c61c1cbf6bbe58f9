import {defineDocuments, defineLocations, type PresentationPluginOptions} from 'sanity/presentation'
import {INDUSTRY_PATHS} from '../../lib/booking/catalog'

type Location = {title: string; href: string}

const home: Location = {title: 'Home', href: '/'}
const blogs: Location = {title: 'Blogs', href: '/blogs'}
const faqs: Location = {title: 'FAQs', href: '/faqs'}
const contact: Location = {title: 'Contact', href: '/contact'}
const appointment: Location = {title: 'In-home estimate', href: '/appointment'}
const bookingPages: Location[] = [
  {title: 'House cleaning booking', href: INDUSTRY_PATHS.house},
  {title: 'Exterior cleaning booking', href: INDUSTRY_PATHS.exterior},
  {title: 'Carpet cleaning booking', href: INDUSTRY_PATHS.carpet},
  {title: 'Commercial cleaning booking', href: INDUSTRY_PATHS.commercial},
]

/** A document shown on fixed pages only: the same locations whatever its content. */
const fixed = (...locations: Location[]) => defineLocations({locations})

/** Reviews and popular questions: the booking form they belong to. */
const bookingSidebarItem = defineLocations({
  select: {form: 'form'},
  resolve: (doc) => {
    const href = INDUSTRY_PATHS[doc?.form as keyof typeof INDUSTRY_PATHS]
    return {locations: href ? [bookingPages.find((page) => page.href === href)!] : bookingPages}
  },
})

/**
 * Where each document type shows on the site, for the Presentation tool: the Studio lists these
 * pages beside a document ("Used on …") and opens them in its preview frame. Every document type of
 * the schema is here (a unit test checks it).
 */
export const locations: NonNullable<PresentationPluginOptions['resolve']>['locations'] = {
  siteSettings: defineLocations({message: 'Shown in the header and footer of every page', tone: 'positive', locations: [home, contact]}),
  navigation: defineLocations({message: 'The header and footer of every page', tone: 'positive', locations: [home, contact]}),
  homePage: fixed(home),
  servicePage: defineLocations({
    select: {title: 'title', slug: 'slug.current'},
    resolve: (doc) => (doc?.slug ? {locations: [{title: doc.title ?? doc.slug, href: `/${doc.slug}`}, home]} : null),
  }),
  serviceCard: fixed(home),
  // The Trust band's rating counts every testimonial's and review sample's stars.
  testimonial: defineLocations({message: 'Its rating counts in the Trust band of the home page, service pages and booking screens', tone: 'positive', locations: [home, ...bookingPages]}),
  faqItem: fixed(faqs, home),
  blogPost: defineLocations({
    select: {title: 'title', slug: 'slug.current'},
    resolve: (doc) => (doc?.slug ? {locations: [{title: doc.title ?? doc.slug, href: `/blog/${doc.slug}`}, blogs]} : null),
  }),
  blogsPage: fixed(blogs),
  aboutPage: fixed({title: 'About', href: '/about'}),
  faqsPage: fixed(faqs),
  contactPage: fixed(contact),
  legalPage: fixed({title: 'Legal', href: '/legal'}),
  appointmentPage: fixed(appointment),
  formSettings: fixed(contact, home, appointment, {title: 'Roof cleaning (quote form)', href: '/roof-cleaning'}),
  emailSettings: defineLocations({message: 'E-mails are not pages: their wording shows in the messages the site sends', tone: 'caution'}),
  textMessages: defineLocations({message: 'Text messages are not pages: their wording shows in the texts the site sends', tone: 'caution'}),
  bookingPage: bookingSidebarItem,
  bookingForms: fixed(...bookingPages),
  availability: fixed(...bookingPages, appointment),
  paymentPages: defineLocations({message: 'Shown after a payment: at /success and /cancel, with a booking in the address', tone: 'caution'}),
  notFoundPage: defineLocations({message: 'Shown for any address the site does not have', tone: 'caution', locations: [{title: 'An unknown address', href: '/page-not-found'}]}),
  reviewSample: bookingSidebarItem,
  trust: defineLocations({
    message: 'The band on the home page, every service page and the booking screens\' sidebars',
    tone: 'positive',
    locations: [home, {title: 'A service page (Deep Cleaning)', href: '/deep-cleaning'}, ...bookingPages],
  }),
  popularQuestion: bookingSidebarItem,
}

/** Which document a page of the site is, so the Presentation tool opens it beside the page. */
export const mainDocuments = defineDocuments([
  {route: '/', filter: `_type == "homePage" && _id == "homePage"`},
  {route: '/about', filter: `_type == "aboutPage" && _id == "aboutPage"`},
  {route: '/faqs', filter: `_type == "faqsPage" && _id == "faqsPage"`},
  {route: '/contact', filter: `_type == "contactPage" && _id == "contactPage"`},
  {route: '/blogs', filter: `_type == "blogsPage" && _id == "blogsPage"`},
  {route: '/legal', filter: `_type == "legalPage" && _id == "legalPage"`},
  {route: '/appointment', filter: `_type == "appointmentPage" && _id == "appointmentPage"`},
  {route: '/blog/:slug', filter: `_type == "blogPost" && slug.current == $slug`},
  {route: '/:slug', filter: `_type == "servicePage" && slug.current == $slug`},
])

export const resolve: PresentationPluginOptions['resolve'] = {locations, mainDocuments}
