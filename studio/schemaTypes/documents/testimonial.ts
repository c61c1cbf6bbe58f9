import {CommentIcon} from '@sanity/icons/Comment'
import {defineField, defineType} from 'sanity'

/** A customer's words on the home page. */
export const testimonial = defineType({
  name: 'testimonial',
  title: 'Testimonial',
  type: 'document',
  icon: CommentIcon,
  fields: [
    defineField({name: 'quoteTitle', type: 'string', validation: (rule) => rule.required().max(80)}),
    defineField({name: 'quoteText', type: 'text', rows: 4, validation: (rule) => rule.required().min(20).max(500)}),
    defineField({name: 'userImage', title: 'Photo', type: 'accessibleImage'}),
    defineField({name: 'name', type: 'string', validation: (rule) => rule.required().max(60)}),
    defineField({name: 'position', description: 'E.g. "Homeowner, Kent".', type: 'string', validation: (rule) => rule.required().max(80)}),
  ],
  preview: {
    select: {name: 'name', position: 'position', quoteTitle: 'quoteTitle', media: 'userImage'},
    prepare: ({name, position, quoteTitle, media}) => ({title: `${name ?? 'Unnamed'}${position ? `, ${position}` : ''}`, subtitle: quoteTitle, media}),
  },
})
