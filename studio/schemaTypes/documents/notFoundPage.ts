import {UnknownIcon} from '@sanity/icons/Unknown'
import {defineField, defineType} from 'sanity'

const text = (name: string, title: string, description?: string, max = 120) =>
  defineField({name, title, description, type: 'string', validation: (rule) => rule.required().max(max)})

/** What an address the site does not have shows (404). One document. */
export const notFoundPage = defineType({
  name: 'notFoundPage',
  title: 'Page not found (404)',
  type: 'document',
  icon: UnknownIcon,
  fields: [
    text('heading', 'Heading', 'Also the browser tab title.', 80),
    text('beforeAddress', 'Before the address', 'The address asked for follows, e.g. "The requested URL".'),
    text('afterAddress', 'After the address', 'e.g. "was not found on this server."'),
    text('homeButton', 'Home button', undefined, 40),
    text('contactButton', 'Contact button', undefined, 40),
  ],
  preview: {prepare: () => ({title: 'Page not found (404)'})},
})
