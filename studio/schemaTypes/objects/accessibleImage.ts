import {ImageIcon} from '@sanity/icons/Image'
import {defineField, defineType} from 'sanity'

/** An image that always carries alternative text, so no page can publish an unlabelled picture. */
export const accessibleImage = defineType({
  name: 'accessibleImage',
  title: 'Image',
  type: 'image',
  icon: ImageIcon,
  fields: [
    defineField({
      name: 'alt',
      title: 'Alternative text',
      description: 'What the picture shows, for visitors who cannot see it. Leave out "image of".',
      type: 'string',
      validation: (rule) => rule.required().min(5).max(160),
    }),
  ],
  validation: (rule) => rule.required(),
})
