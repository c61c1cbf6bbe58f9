import {ThLargeIcon} from '@sanity/icons/ThLarge'
import {defineArrayMember, defineField, defineType} from 'sanity'
import {BOOKABLE_SERVICES, findBookableService, INDUSTRY_NAMES} from '../../../lib/booking/catalog'
import {pricedByTheHour} from '../../../lib/booking/pricing'
import {startingPriceRule} from '../objects/startingPrice'

type Card = {pricedServices?: string[]} | undefined

/** The placeholder a card's price text keeps: {hourlyRate} only when every service it prices is booked by the hour. */
export const cardPricePlaceholder = (ids: readonly string[]) => {
  const services = ids.map(findBookableService).filter((service) => service !== null)
  return services.length > 0 && services.every(pricedByTheHour) ? '{hourlyRate}' : '{price}'
}

/** One card of the home page's "Our Services" section. */
export const serviceCard = defineType({
  name: 'serviceCard',
  title: 'Service card',
  type: 'document',
  icon: ThLargeIcon,
  fields: [
    defineField({name: 'title', type: 'string', validation: (rule) => rule.required().max(60)}),
    defineField({name: 'summary', type: 'text', rows: 2, validation: (rule) => rule.required().max(240)}),
    defineField({name: 'image', type: 'accessibleImage'}),
    defineField({
      name: 'subServices',
      description: 'Listed on the card; may be empty.',
      type: 'array',
      of: [defineArrayMember({type: 'string'})],
      validation: (rule) => rule.max(6).unique(),
    }),
    defineField({
      name: 'pricedServices',
      title: 'Services it prices',
      description: 'The bookable services the card stands for: it shows the price the cheapest of them starts from (from the booking prices, never typed).',
      type: 'array',
      of: [defineArrayMember({type: 'string'})],
      options: {list: BOOKABLE_SERVICES.map((entry) => ({title: `${INDUSTRY_NAMES[entry.industry]} – ${entry.service}`, value: entry.id}))},
      validation: (rule) => rule.unique(),
    }),
    defineField({
      name: 'priceNote',
      title: 'Starting price',
      description: 'E.g. "From {price}". Keep {price} in the text: the card puts the cheapest starting price there.',
      type: 'string',
      hidden: ({document}) => !((document as Card)?.pricedServices?.length),
      validation: (rule) =>
        startingPriceRule(
          rule,
          60,
          (document) => {
            const ids = (document as Card)?.pricedServices ?? []
            return ids.length === 0 ? null : cardPricePlaceholder(ids)
          },
          'A card that prices services says what they cost from',
          'the card',
        ),
    }),
    defineField({
      name: 'link',
      description: 'The page the card leads to.',
      type: 'reference',
      to: [{type: 'servicePage'}],
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {select: {title: 'title', subtitle: 'summary', media: 'image'}},
})
