/** Shapes of the dataset documents the page specs read (the import format: references unresolved). */
export type Ref = {_ref: string}
export type Image = {alt: string}
export type Span = {_type: 'span'; text: string}
export type Block = {_type: 'block'; style?: string; listItem?: string; children: Span[]}
/** A picture between an article's paragraphs. */
export type ArticleImage = {_type: 'accessibleImage'; _key: string; alt: string}

export type SiteSettingsDoc = {
  companyName: string
  phone: string
  email: string
  address: {street: string; city: string; region: string; postalCode: string; country: string}
  serviceAreas: string[]
  mapLocation: {lat: number; lng: number}
  mapLabel: string
  feedbackFormUrl: string
  satisfactionClaim: string
  openingHours: string
}

export type HomePageDoc = {
  hero: {headline: string; subtitle: string; tagline: string; ctaLabel: string; image: Image}
  about: {heading: string; body: string[]; highlights: {title: string; text: string}[]; image: Image}
  servicesSection: {heading: string; intro: string; cards: Ref[]}
  testimonialsSection: {heading: string; intro: string; shareLabel: string; testimonials: Ref[]}
  faqSection: {heading: string; intro: string; faqs: Ref[]}
  contactSection: {heading: string; intro: string}
}

export type ServiceCardDoc = {title: string; summary: string; subServices?: string[]; image: Image; link: Ref}
export type ServicePageDoc = {slug: {current: string}}
export type TestimonialDoc = {quoteTitle: string; quoteText: string; name: string; position: string; userImage: Image}
export type FaqItemDoc = {_id: string; question: string; answer: string[]}
export type TitledText = {title: string; text: string}
export type CallToAction = {heading: string; text: string; buttonLabel: string}

export type BlogPostDoc = {
  _id: string
  title: string
  slug: {current: string}
  legacyNumber?: number
  publishedAt: string
  author: string
  teaser: string
  heroImage: Image
  body: (Block | ArticleImage)[]
}

/** The plain text of a Portable Text block. */
export const blockText = (block: Block) => block.children.map((span) => span.text).join('')
