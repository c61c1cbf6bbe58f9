import {CogIcon} from '@sanity/icons/Cog'
import {defineArrayMember, defineField, defineType} from 'sanity'

/** The company's facts shown on every page: name, phone, e-mail, address, service area. One document. */
export const siteSettings = defineType({
  name: 'siteSettings',
  title: 'Site settings',
  type: 'document',
  icon: CogIcon,
  fields: [
    defineField({name: 'companyName', type: 'string', validation: (rule) => rule.required().max(60)}),
    defineField({
      name: 'description',
      title: 'Default description',
      description: 'Used in search results for pages without their own description, and in the footer.',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().min(50).max(170),
    }),
    defineField({
      name: 'phone',
      description: 'Ten digits, written as visitors should read it, e.g. (425) 555-0142.',
      type: 'string',
      validation: (rule) =>
        rule
          .required()
          .custom((value) =>
            typeof value === 'string' && value.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '').length === 10
              ? true
              : 'Enter a 10-digit phone number',
          ),
    }),
    defineField({name: 'email', type: 'email', validation: (rule) => rule.required()}),
    defineField({
      name: 'address',
      type: 'object',
      fields: [
        defineField({name: 'street', type: 'string', validation: (rule) => rule.required()}),
        defineField({name: 'city', type: 'string', validation: (rule) => rule.required()}),
        defineField({name: 'region', title: 'State', type: 'string', validation: (rule) => rule.required()}),
        defineField({name: 'postalCode', type: 'string', validation: (rule) => rule.required().regex(/^\d{5}$/)}),
        defineField({name: 'country', type: 'string', validation: (rule) => rule.required()}),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'serviceAreas',
      description: 'The counties the company serves, as shown to visitors.',
      type: 'array',
      of: [defineArrayMember({type: 'string'})],
      validation: (rule) => rule.required().min(1).unique(),
    }),
    defineField({
      name: 'mapLocation',
      description: 'Where the map is centred.',
      type: 'geopoint',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'mapLabel',
      description: 'What the map shows, read out to screen-reader users, e.g. "Map of Renton, Washington".',
      type: 'string',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'feedbackFormUrl',
      title: 'Feedback form URL',
      description: 'Where "Share Your Experience" leads (opens in a new tab): your review or feedback form, or a mailto: address.',
      type: 'url',
      validation: (rule) => rule.required().uri({scheme: ['https', 'mailto']}),
    }),
    defineField({
      name: 'satisfactionClaim',
      description: 'The headline claim, e.g. "2000+ Satisfactory Cleaning".',
      type: 'string',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'openingHours',
      description: 'Shown in the footer and contact page, e.g. "Mon–Sat, 8 am – 6 pm".',
      type: 'string',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'copyright',
      description: 'The footer line, e.g. "© 2025 Company. All rights reserved."',
      type: 'string',
      validation: (rule) => rule.required().max(120),
    }),
  ],
  preview: {prepare: () => ({title: 'Site settings'})},
})
