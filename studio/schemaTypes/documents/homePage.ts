import {HomeIcon} from '@sanity/icons/Home'
import {defineArrayMember, defineField, defineType} from 'sanity'

/** The home page's sections, in page order. One document. */
export const homePage = defineType({
  name: 'homePage',
  title: 'Home page',
  type: 'document',
  icon: HomeIcon,
  groups: [
    {name: 'hero', title: 'Hero', default: true},
    {name: 'about', title: 'About Us'},
    {name: 'services', title: 'Our Services'},
    {name: 'testimonials', title: 'Testimonials'},
    {name: 'faq', title: 'FAQ'},
    {name: 'contact', title: 'Contact'},
    {name: 'seo', title: 'Search and sharing'},
  ],
  fields: [
    defineField({name: 'seo', type: 'seo', group: 'seo'}),
    defineField({
      name: 'hero',
      type: 'object',
      group: 'hero',
      fields: [
        defineField({name: 'headline', type: 'string', validation: (rule) => rule.required().max(80)}),
        defineField({name: 'subtitle', type: 'string', validation: (rule) => rule.required().max(160)}),
        defineField({
          name: 'tagline',
          description: 'The line under the subtitle (spotless living starts with trusted service).',
          type: 'string',
          validation: (rule) => rule.required().max(120),
        }),
        defineField({name: 'ctaLabel', title: 'Button label', type: 'string', validation: (rule) => rule.required().max(30)}),
        defineField({name: 'image', type: 'accessibleImage'}),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'about',
      type: 'object',
      group: 'about',
      fields: [
        defineField({name: 'heading', type: 'string', validation: (rule) => rule.required().max(60)}),
        defineField({name: 'body', type: 'array', of: [defineArrayMember({type: 'text', rows: 4})], validation: (rule) => rule.required().min(1).max(4)}),
        defineField({
          name: 'highlights',
          description: 'Short claims shown as badges: trained and verified staff, flexible scheduling…',
          type: 'array',
          of: [defineArrayMember({type: 'titledText'})],
          validation: (rule) => rule.required().min(2).max(6),
        }),
        defineField({name: 'image', type: 'accessibleImage'}),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'servicesSection',
      title: 'Our Services',
      type: 'object',
      group: 'services',
      fields: [
        defineField({name: 'heading', type: 'string', validation: (rule) => rule.required().max(60)}),
        defineField({name: 'intro', type: 'text', rows: 2, validation: (rule) => rule.required().max(300)}),
        defineField({
          name: 'cards',
          type: 'array',
          of: [defineArrayMember({type: 'reference', to: [{type: 'serviceCard'}]})],
          validation: (rule) => rule.required().length(4).unique(),
        }),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'testimonialsSection',
      title: 'Testimonials',
      type: 'object',
      group: 'testimonials',
      fields: [
        defineField({name: 'heading', type: 'string', validation: (rule) => rule.required().max(60)}),
        defineField({name: 'intro', type: 'text', rows: 2, validation: (rule) => rule.required().max(300)}),
        defineField({
          name: 'testimonials',
          type: 'array',
          of: [defineArrayMember({type: 'reference', to: [{type: 'testimonial'}]})],
          validation: (rule) => rule.required().length(3).unique(),
        }),
        defineField({name: 'shareLabel', title: 'Share button label', type: 'string', validation: (rule) => rule.required().max(40)}),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'faqSection',
      title: 'FAQ',
      type: 'object',
      group: 'faq',
      fields: [
        defineField({name: 'heading', type: 'string', validation: (rule) => rule.required().max(60)}),
        defineField({name: 'intro', type: 'text', rows: 2, validation: (rule) => rule.required().max(300)}),
        defineField({
          name: 'faqs',
          type: 'array',
          of: [defineArrayMember({type: 'reference', to: [{type: 'faqItem'}]})],
          validation: (rule) => rule.required().length(8).unique(),
        }),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'contactSection',
      title: 'Contact',
      type: 'object',
      group: 'contact',
      fields: [
        defineField({name: 'heading', type: 'string', validation: (rule) => rule.required().max(60)}),
        defineField({name: 'intro', type: 'text', rows: 2, validation: (rule) => rule.required().max(300)}),
      ],
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {prepare: () => ({title: 'Home page'})},
})
