import {CommentIcon} from '@sanity/icons/Comment'
import {DocumentsIcon} from '@sanity/icons/Documents'
import {InfoOutlineIcon} from '@sanity/icons/InfoOutline'
import {LockIcon} from '@sanity/icons/Lock'
import {UsersIcon} from '@sanity/icons/Users'
import {defineArrayMember, defineField, defineType} from 'sanity'

const heading = defineField({name: 'heading', type: 'string', validation: (rule) => rule.required().max(80)})
const intro = defineField({name: 'intro', type: 'text', rows: 3, validation: (rule) => rule.required().max(500)})
const seo = defineField({name: 'seo', type: 'seo'})

/** /about. One document. */
export const aboutPage = defineType({
  name: 'aboutPage',
  title: 'About page',
  type: 'document',
  icon: UsersIcon,
  fields: [
    seo,
    heading,
    intro,
    defineField({name: 'image', type: 'accessibleImage'}),
    defineField({name: 'body', type: 'richText', validation: (rule) => rule.required()}),
    defineField({name: 'values', title: 'What we stand for', type: 'array', of: [defineArrayMember({type: 'titledText'})], validation: (rule) => rule.required().min(3).max(6)}),
    defineField({name: 'finalCta', title: 'Final call to action', type: 'callToAction'}),
  ],
  preview: {prepare: () => ({title: 'About page'})},
})

/** /faqs. One document. */
export const faqsPage = defineType({
  name: 'faqsPage',
  title: 'FAQs page',
  type: 'document',
  icon: InfoOutlineIcon,
  fields: [
    seo,
    heading,
    intro,
    defineField({
      name: 'groups',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'faqGroup',
          type: 'object',
          fields: [
            defineField({name: 'heading', type: 'string', validation: (rule) => rule.required().max(80)}),
            defineField({
              name: 'faqs',
              type: 'array',
              of: [defineArrayMember({type: 'reference', to: [{type: 'faqItem'}]})],
              validation: (rule) => rule.required().min(1).unique(),
            }),
          ],
          preview: {select: {title: 'heading'}},
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {prepare: () => ({title: 'FAQs page'})},
})

/** /contact. One document. */
export const contactPage = defineType({
  name: 'contactPage',
  title: 'Contact page',
  type: 'document',
  icon: CommentIcon,
  fields: [seo, heading, intro, defineField({name: 'image', type: 'accessibleImage'})],
  preview: {prepare: () => ({title: 'Contact page'})},
})

/** /blogs, the list of articles. One document. */
export const blogsPage = defineType({
  name: 'blogsPage',
  title: 'Blogs page',
  type: 'document',
  icon: DocumentsIcon,
  fields: [
    seo,
    heading,
    intro,
    defineField({
      name: 'articleCta',
      title: 'Call to action under every article',
      type: 'callToAction',
    }),
  ],
  preview: {prepare: () => ({title: 'Blogs page'})},
})

const legalSection = (name: string, title: string) =>
  defineField({
    name,
    title,
    type: 'object',
    fields: [
      defineField({name: 'heading', type: 'string', validation: (rule) => rule.required().max(80)}),
      defineField({name: 'body', type: 'richText', validation: (rule) => rule.required().min(2)}),
    ],
    validation: (rule) => rule.required(),
  })

/** /legal: privacy, terms and refund policy, each with its own anchor. One document. */
export const legalPage = defineType({
  name: 'legalPage',
  title: 'Legal page',
  type: 'document',
  icon: LockIcon,
  fields: [
    seo,
    heading,
    intro,
    defineField({name: 'lastUpdated', type: 'date', validation: (rule) => rule.required()}),
    legalSection('privacy', 'Privacy Policy'),
    legalSection('terms', 'Terms of Use'),
    legalSection('refund', 'Refund Policy'),
  ],
  preview: {prepare: () => ({title: 'Legal page'})},
})
