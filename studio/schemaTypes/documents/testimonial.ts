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
    defineField({
      name: 'rating',
      description: 'The stars the customer gave, 1 to 5: the rating the site shows is the average of every published review.',
      type: 'number',
      options: {list: [5, 4, 3, 2, 1]},
      validation: (rule) => rule.required().integer().min(1).max(5),
    }),
    defineField({name: 'position', description: 'E.g. "Homeowner, Kent".', type: 'string', validation: (rule) => rule.required().max(80)}),
  ],
  preview: {
    select: {name: 'name', position: 'position', quoteTitle: 'quoteTitle', rating: 'rating', media: 'userImage'},
    prepare: ({name, position, quoteTitle, rating, media}) => ({
      title: `${name ?? 'Unnamed'}${position ? `, ${position}` : ''} · ${'★'.repeat(Number(rating) || 0)}`,
      subtitle: quoteTitle,
      media,
    }),
  },
})
