import {defineArrayMember, defineField, defineType} from 'sanity'

/** A frequently asked question, listed on the home page and the FAQs page. */
export const faqItem = defineType({
  name: 'faqItem',
  title: 'FAQ item',
  type: 'document',
  fields: [
    defineField({name: 'question', type: 'string', validation: (rule) => rule.required().min(8).max(160)}),
    defineField({
      name: 'answer',
      description: 'Each line is shown as its own paragraph.',
      type: 'array',
      of: [defineArrayMember({type: 'text', rows: 3})],
      validation: (rule) => rule.required().min(1).max(6),
    }),
  ],
  preview: {select: {title: 'question'}},
})
