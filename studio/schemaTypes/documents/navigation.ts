import {MenuIcon} from '@sanity/icons/Menu'
import {defineField, defineType} from 'sanity'
import {requiredText, TEXT_LENGTH} from '../objects/requiredText'

const label = (name: string, title: string, description?: string) => requiredText(name, title, description, TEXT_LENGTH.label)

/**
 * The words of the header and footer navigation on every page, and the labels of the contact
 * details beside the map. The pages' addresses are fixed;
 * the booking links of the footer use the booking pages' own link labels, the Services menu lists
 * the service pages by their menu labels.
 */
export const navigation = defineType({
  name: 'navigation',
  title: 'Navigation',
  type: 'document',
  icon: MenuIcon,
  fields: [
    defineField({
      name: 'header',
      type: 'object',
      validation: (rule) => rule.required(),
      fields: [
        label('home', 'Home link'),
        label('services', 'Services menu'),
        label('about', 'About link', 'Also in the footer.'),
        label('booking', 'Booking link'),
        label('blogs', 'Blogs link', 'Also in the footer.'),
        label('faqs', 'FAQs link', 'Also in the footer.'),
        label('contact', 'Contact link', 'Also in the footer.'),
        label('bookNow', 'Book Now button'),
      ],
    }),
    defineField({
      name: 'serviceGroups',
      title: 'Services menu columns',
      type: 'object',
      validation: (rule) => rule.required(),
      fields: [label('house', 'House'), label('exterior', 'Exterior'), label('mold', 'Mold'), label('commercial', 'Commercial')],
    }),
    defineField({
      name: 'footer',
      type: 'object',
      validation: (rule) => rule.required(),
      fields: [
        label('bookOnline', 'Booking column heading'),
        label('company', 'Company column heading'),
        label('legal', 'Legal column heading'),
        label('contact', 'Contact column heading'),
        label('privacy', 'Privacy policy link'),
        label('terms', 'Terms of use link'),
        label('refund', 'Refund policy link'),
        label('serving', 'Before the service areas', 'e.g. "Serving". Also beside the address on the home page and /contact.'),
      ],
    }),
    defineField({
      name: 'contactDetails',
      title: 'Contact details labels',
      description: 'Above each detail beside the map, on the home page and /contact.',
      type: 'object',
      validation: (rule) => rule.required(),
      fields: [label('phone', 'Phone'), label('email', 'E-mail'), label('address', 'Address'), label('hours', 'Opening hours')],
    }),
  ],
  preview: {prepare: () => ({title: 'Navigation'})},
})
