import {UnknownIcon} from '@sanity/icons/Unknown'
import {defineType} from 'sanity'
import {requiredText, TEXT_LENGTH} from '../objects/requiredText'

/** What an address the site does not have shows (404). One document. */
export const notFoundPage = defineType({
  name: 'notFoundPage',
  title: 'Page not found (404)',
  type: 'document',
  icon: UnknownIcon,
  fields: [
    requiredText('heading', 'Heading', 'Also the browser tab title.', TEXT_LENGTH.heading),
    requiredText('beforeAddress', 'Before the address', 'The address asked for follows, e.g. "The requested URL".'),
    requiredText('afterAddress', 'After the address', 'e.g. "was not found on this server."'),
    requiredText('homeButton', 'Home button', undefined, TEXT_LENGTH.label),
    requiredText('contactButton', 'Contact button', undefined, TEXT_LENGTH.label),
  ],
  preview: {prepare: () => ({title: 'Page not found (404)'})},
})
