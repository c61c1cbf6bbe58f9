import {ImageIcon} from '@sanity/icons/Image'
import {defineField, defineType} from 'sanity'

/**
 * An image that always carries alternative text, so no page can publish an unlabelled picture. The
 * hotspot and crop say what must stay in view when a page shows the picture at another shape
 * (a square on phones, a wide strip on desktops); the site crops around them.
 */
export const accessibleImage = defineType({
  name: 'accessibleImage',
  title: 'Image',
  type: 'image',
  icon: ImageIcon,
  options: {hotspot: true},
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
