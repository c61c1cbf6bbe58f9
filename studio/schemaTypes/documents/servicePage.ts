import {CaseIcon} from '@sanity/icons/Case'
import {defineArrayMember, defineField, defineType} from 'sanity'
import {checkServicePageSlug} from '../../lib/slugs'
import {BOOKABLE_SERVICES, findBookableService, INDUSTRY_NAMES, type Industry} from '../../../lib/booking/catalog'
import {pricedByTheHour} from '../../../lib/booking/pricing'
import {startingPriceRule} from '../objects/startingPrice'

/**
 * The four layouts a service page can take. The layout decides where the calls to action lead:
 * information pages and the carpet landing page go to a booking form, quote landings jump to the
 * quote section, and mold remediation dials the phone (it is booked by phone only).
 */
export const SERVICE_PAGE_LAYOUTS = [
  {title: 'Information page (house cleaning, books at /house_cleaning)', value: 'information'},
  {title: 'Quote landing (exterior and commercial, asks for a quote)', value: 'quoteLanding'},
  {title: 'Carpet landing (books at /carpet_cleaning)', value: 'carpetLanding'},
  {title: 'Mold remediation (inspection by phone)', value: 'mold'},
] as const

/** The Services menu columns a page is listed under. */
export const SERVICE_MENU_GROUPS = [
  {title: 'House Cleaning', value: 'house'},
  {title: 'Exterior Cleaning', value: 'exterior'},
  {title: 'Mold Remediation', value: 'mold'},
  {title: 'Commercial Cleaning', value: 'commercial'},
] as const

type Parent = {layout?: string; bookingService?: string} | undefined
const isInformation = (parent: Parent) => parent?.layout === 'information'
const hasQuoteSection = (parent: Parent) => parent?.layout === 'quoteLanding' || parent?.layout === 'mold'
const offersBooking = (parent: Parent) => parent?.layout === 'quoteLanding' && Boolean(parent?.bookingService)

/** The booking forms a layout's page may lead to; information and carpet pages must name their service. */
const BOOKABLE_BY_LAYOUT: Record<string, {industries: readonly Industry[]; required: boolean}> = {
  information: {industries: ['house'], required: true},
  carpetLanding: {industries: ['carpet'], required: true},
  quoteLanding: {industries: ['exterior', 'commercial'], required: false},
}

/** The placeholder a page's price text must keep: a service booked by the hour states its rate. */
export const priceNotePlaceholder = (bookingService: string | undefined) => {
  const service = findBookableService(bookingService)
  return service && pricedByTheHour(service) ? '{hourlyRate}' : '{price}'
}

export const servicePage = defineType({
  name: 'servicePage',
  title: 'Service page',
  type: 'document',
  icon: CaseIcon,
  groups: [
    {name: 'page', title: 'Page', default: true},
    {name: 'sections', title: 'Sections'},
    {name: 'seo', title: 'Search and sharing'},
  ],
  fields: [
    defineField({name: 'title', description: 'The service\'s name, e.g. "Deep Cleaning".', type: 'string', group: 'page', validation: (rule) => rule.required().max(60)}),
    defineField({
      name: 'slug',
      description: 'The page address, e.g. deep-cleaning for /deep-cleaning.',
      type: 'slug',
      group: 'page',
      options: {source: 'title', maxLength: 60},
      validation: (rule) =>
        rule.required().custom((slug) => checkServicePageSlug(slug?.current)),
    }),
    defineField({
      name: 'layout',
      type: 'string',
      group: 'page',
      options: {list: [...SERVICE_PAGE_LAYOUTS], layout: 'radio'},
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'menuGroup',
      title: 'Services menu column',
      type: 'string',
      group: 'page',
      options: {list: [...SERVICE_MENU_GROUPS]},
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'menuLabel', description: 'How the page is named in the Services menu.', type: 'string', group: 'page', validation: (rule) => rule.required().max(40)}),
    defineField({name: 'menuOrder', description: 'Position within its menu column, 1 first.', type: 'number', group: 'page', validation: (rule) => rule.required().integer().min(1).max(20)}),
    defineField({name: 'seo', type: 'seo', group: 'seo'}),
    defineField({
      name: 'hero',
      type: 'object',
      group: 'page',
      fields: [
        defineField({name: 'heading', type: 'string', validation: (rule) => rule.required().max(90)}),
        defineField({name: 'text', type: 'text', rows: 3, validation: (rule) => rule.required().max(400)}),
        defineField({
          name: 'ctaLabel',
          title: 'Button label',
          description: 'E.g. Get Started, Request a Quote, Schedule Your Inspection.',
          type: 'string',
          validation: (rule) => rule.required().max(40),
        }),
        defineField({name: 'image', type: 'accessibleImage'}),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'benefits',
      type: 'object',
      group: 'sections',
      fields: [
        defineField({name: 'heading', type: 'string', validation: (rule) => rule.required().max(90)}),
        defineField({name: 'intro', type: 'text', rows: 3, validation: (rule) => rule.required().max(500)}),
        defineField({name: 'items', type: 'array', of: [defineArrayMember({type: 'titledText'})], validation: (rule) => rule.required().min(3).max(6)}),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'features',
      title: 'Feature highlights',
      description: 'Three short highlights shown as badges.',
      type: 'array',
      group: 'sections',
      of: [defineArrayMember({type: 'titledText'})],
      validation: (rule) => rule.required().length(3),
    }),
    defineField({
      name: 'whyChooseUs',
      type: 'object',
      group: 'sections',
      fields: [
        defineField({name: 'heading', type: 'string', validation: (rule) => rule.required().max(90)}),
        defineField({name: 'text', type: 'text', rows: 4, validation: (rule) => rule.required().max(700)}),
        defineField({name: 'points', type: 'array', of: [defineArrayMember({type: 'titledText'})], validation: (rule) => rule.required().min(3).max(6)}),
        defineField({name: 'image', type: 'accessibleImage'}),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'included',
      title: 'What is included',
      type: 'object',
      group: 'sections',
      fields: [
        defineField({name: 'heading', type: 'string', validation: (rule) => rule.required().max(90)}),
        defineField({
          name: 'items',
          description: 'Information pages list what a visit covers; landing pages list exactly five items.',
          type: 'array',
          of: [defineArrayMember({type: 'string'})],
          validation: (rule) =>
            rule.required().min(5).max(14).custom((items, context) => {
              const layout = (context.document as {layout?: string} | undefined)?.layout
              if (layout && layout !== 'information' && Array.isArray(items) && items.length !== 5) {
                return 'Landing pages list exactly five included items'
              }
              return true
            }),
        }),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'bookingService',
      title: 'Bookable online as',
      description:
        'The service of the booking catalog this page sells: where Get Started and Book Now lead (with the service chosen) and the "from" price shown, which comes from the booking prices, never from here. Information pages name a house service, the carpet page carpet cleaning; a quote landing may name an exterior or commercial service that can also be booked online.',
      type: 'string',
      group: 'page',
      hidden: ({document}) => !BOOKABLE_BY_LAYOUT[(document as Parent)?.layout ?? ''],
      options: {
        list: BOOKABLE_SERVICES.map((entry) => ({title: `${INDUSTRY_NAMES[entry.industry]} – ${entry.service}`, value: entry.id})),
      },
      validation: (rule) =>
        rule.custom((value, context) => {
          const allowed = BOOKABLE_BY_LAYOUT[(context.document as Parent)?.layout ?? '']
          if (!value) return allowed?.required ? 'Name the service this page books' : true
          const service = findBookableService(value)
          if (!allowed || !service) return 'This layout books no service'
          return allowed.industries.includes(service.industry)
            ? true
            : `This layout books ${allowed.industries.map((industry) => INDUSTRY_NAMES[industry]).join(' or ')}`
        }),
    }),
    defineField({
      name: 'priceNote',
      title: 'Starting price',
      description:
        'Under the introduction: the price the service starts from, e.g. "From {price}". Keep {price} in the text: the page puts the booking catalog\'s smallest booking there. A service booked by the hour (Post Construction) keeps {hourlyRate} instead, e.g. "{hourlyRate} per hour".',
      type: 'string',
      group: 'page',
      hidden: ({document}) => !(document as Parent)?.bookingService,
      validation: (rule) =>
        startingPriceRule(
          rule,
          80,
          (document) => {
            const bookingService = (document as Parent)?.bookingService
            return bookingService ? priceNotePlaceholder(bookingService) : null
          },
          'A page that books a service says what it costs from',
          'the page',
        ),
    }),
    defineField({
      name: 'quoteSection',
      title: 'Quote section',
      description: 'The section "Request a Quote" jumps to (anchor #quote).',
      type: 'object',
      group: 'sections',
      hidden: ({document}) => !hasQuoteSection(document as Parent),
      fields: [
        defineField({name: 'heading', type: 'string', validation: (rule) => rule.required().max(90)}),
        defineField({name: 'text', type: 'text', rows: 3, validation: (rule) => rule.required().max(500)}),
        defineField({
          name: 'bookOnline',
          title: 'Book online',
          description: 'Beside the quote form on a page that is bookable online: when to book online rather than ask for a quote.',
          type: 'object',
          hidden: ({document}) => !offersBooking(document as Parent),
          fields: [
            defineField({name: 'heading', type: 'string', validation: (rule) => rule.required().max(60)}),
            defineField({name: 'text', type: 'text', rows: 3, validation: (rule) => rule.required().max(300)}),
            defineField({name: 'priceLabel', title: 'Price label', description: 'Before the starting price, e.g. "Starting at".', type: 'string', validation: (rule) => rule.required().max(30)}),
            defineField({name: 'buttonLabel', type: 'string', validation: (rule) => rule.required().max(40)}),
          ],
          validation: (rule) =>
            rule.custom((value, context) =>
              offersBooking(context.document as Parent) && !value ? 'A page bookable online says when to book online' : true,
            ),
        }),
        defineField({
          name: 'estimateVisit',
          title: 'Free in-home estimate',
          description:
            'Optional, beside the quote form: for jobs best priced after a look (mold, post-construction, large exterior work), a card that leads to the in-home estimate request (/appointment). Leave empty to show none.',
          type: 'object',
          fields: [
            defineField({name: 'heading', type: 'string', validation: (rule) => rule.required().max(60)}),
            defineField({name: 'text', type: 'text', rows: 3, validation: (rule) => rule.required().max(300)}),
            defineField({name: 'buttonLabel', type: 'string', validation: (rule) => rule.required().max(40)}),
          ],
        }),
      ],
      validation: (rule) =>
        rule.custom((value, context) =>
          hasQuoteSection(context.document as Parent) && !value ? 'Quote landings and mold need a quote section' : true,
        ),
    }),
    defineField({
      name: 'commonQuestions',
      type: 'object',
      group: 'sections',
      fields: [
        defineField({name: 'heading', type: 'string', validation: (rule) => rule.required().max(90)}),
        defineField({
          name: 'followUp',
          title: 'Under the questions',
          description: 'Before the phone number and e-mail address, e.g. "Still have a question?".',
          type: 'string',
          validation: (rule) => rule.required().max(80),
        }),
        defineField({
          name: 'items',
          type: 'array',
          of: [defineArrayMember({type: 'questionAnswer'})],
          validation: (rule) =>
            rule.required().min(3).max(8).custom((items, context) =>
              isInformation(context.document as Parent) && Array.isArray(items) && items.length !== 6
                ? 'Information pages have six common questions'
                : true,
            ),
        }),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'finalCta', title: 'Final call to action', type: 'callToAction', group: 'sections'}),
  ],
  orderings: [{title: 'Menu', name: 'menu', by: [{field: 'menuGroup', direction: 'asc'}, {field: 'menuOrder', direction: 'asc'}]}],
  preview: {
    select: {title: 'title', slug: 'slug.current', layout: 'layout', media: 'hero.image'},
    prepare: ({title, slug, layout, media}) => ({
      title,
      subtitle: `/${slug ?? '…'} · ${SERVICE_PAGE_LAYOUTS.find((option) => option.value === layout)?.title ?? 'no layout'}`,
      media,
    }),
  },
})
