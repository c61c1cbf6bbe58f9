import {CreditCardIcon} from '@sanity/icons/CreditCard'
import {defineField, defineType} from 'sanity'
import {requiredText, TEXT_LENGTH} from '../objects/requiredText'

/** What a customer reads when the payment page sends them back: /success and /cancel. One document. */
export const paymentPages = defineType({
  name: 'paymentPages',
  title: 'Payment result pages',
  type: 'document',
  icon: CreditCardIcon,
  fields: [
    defineField({
      name: 'success',
      title: 'Payment successful (/success)',
      type: 'object',
      validation: (rule) => rule.required(),
      fields: [
        requiredText('heading', 'Heading', 'Also the browser tab title.', TEXT_LENGTH.heading),
        requiredText('loading', 'While the booking loads'),
        requiredText('paid', 'Paid', 'The booking is confirmed.'),
        requiredText('pending', 'Payment not confirmed yet'),
        requiredText('cancelled', 'Payment cancelled'),
        requiredText('expired', 'Payment page expired'),
        requiredText('failed', 'Payment failed'),
        requiredText('unknown', 'Booking not found', 'When the booking in the address cannot be shown.'),
        requiredText('homeButton', 'Home button', undefined, TEXT_LENGTH.label),
      ],
    }),
    defineField({
      name: 'cancel',
      title: 'Payment cancelled or failed (/cancel)',
      type: 'object',
      validation: (rule) => rule.required(),
      fields: [
        requiredText('heading', 'Heading', 'Also the browser tab title.', TEXT_LENGTH.heading),
        requiredText('status', 'What happened'),
        requiredText('note', 'What the customer can do'),
        requiredText('formButton', 'Button back to the booking form', undefined, TEXT_LENGTH.label),
        requiredText('contactButton', 'Contact button', undefined, TEXT_LENGTH.label),
      ],
    }),
  ],
  preview: {prepare: () => ({title: 'Payment result pages'})},
})
