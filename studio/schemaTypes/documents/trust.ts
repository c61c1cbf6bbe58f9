import {LockIcon} from '@sanity/icons/Lock'
import {defineField, defineType, type StringRule, type TextRule} from 'sanity'

/**
 * A text whose figures the site fills in: the Studio refuses it without each placeholder, so the
 * band never states a rating, a year or a policy other than the one computed or entered below.
 */
const keeps =
  (...placeholders: string[]) =>
  (rule: StringRule | TextRule) =>
    rule.required().custom((value: string | undefined) => {
      const missing = placeholders.filter((placeholder) => !value?.includes(placeholder))
      return missing.length > 0 ? `Keep ${missing.join(' and ')} in the text: the site puts the figure there.` : true
    })

/**
 * Why a customer can hand over a key and a card: insurance and bonding, how the staff are
 * vetted, the re-clean guarantee, years in business and the rating, shown as a compact band on the
 * home page, every service page and the booking screens' sidebars. The rating is never typed: the
 * site computes it from the published reviews (testimonials' ratings and the booking sidebars' stars).
 */
export const trust = defineType({
  name: 'trust',
  title: 'Trust',
  type: 'document',
  icon: LockIcon,
  fields: [
    defineField({name: 'heading', description: 'The band\'s heading, e.g. "Why customers trust us".', type: 'string', validation: (rule) => rule.required().max(60)}),
    defineField({
      name: 'insurance',
      title: 'Insured and bonded',
      type: 'object',
      fields: [
        defineField({
          name: 'statement',
          description: 'E.g. "Insured and bonded: {amount} liability cover with {carrier}". Keep {carrier} and {amount}: the band puts the two fields below there.',
          type: 'string',
          validation: (rule) => keeps('{carrier}', '{amount}')(rule).max(160),
        }),
        defineField({name: 'carrier', title: 'Insurance carrier', description: 'The company that holds the policy, as on the certificate.', type: 'string', validation: (rule) => rule.required().max(100)}),
        defineField({
          name: 'amount',
          title: 'Cover amount',
          description: 'The policy\'s liability limit as written on the certificate, e.g. "$2,000,000".',
          type: 'string',
          validation: (rule) => rule.required().max(80).custom((value: string | undefined) => (value && !/\d/.test(value) ? 'Write the amount with its figures' : true)),
        }),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'vetting', title: 'How staff are vetted', description: 'One sentence: what every cleaner goes through before a first visit.', type: 'text', rows: 2, validation: (rule) => rule.required().max(200)}),
    defineField({name: 'guarantee', description: 'The re-clean promise, as the refund policy states it.', type: 'text', rows: 2, validation: (rule) => rule.required().max(200)}),
    defineField({
      name: 'foundedYear',
      title: 'Year founded',
      description: 'The years in business are counted from it.',
      type: 'number',
      validation: (rule) => rule.required().integer().min(1900).max(new Date().getFullYear()),
    }),
    defineField({
      name: 'yearsText',
      title: 'Years in business',
      description: 'E.g. "{years} years in business" or "Serving the area since {year}": the band counts {years} from the year founded.',
      type: 'string',
      validation: (rule) =>
        rule.required().max(120).custom((value: string | undefined) =>
          value && !value.includes('{years}') && !value.includes('{year}') ? 'Keep {years} or {year} in the text: the site puts the figure there.' : true,
        ),
    }),
    defineField({
      name: 'ratingText',
      title: 'Rating',
      description: 'E.g. "Rated {average} out of 5 from {count} reviews": the site computes both from the published reviews. Not shown while there is no review.',
      type: 'string',
      validation: (rule) => keeps('{average}', '{count}')(rule).max(120),
    }),
  ],
  preview: {prepare: () => ({title: 'Trust'})},
})
