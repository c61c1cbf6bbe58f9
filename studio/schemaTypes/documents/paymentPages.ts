import {CreditCardIcon} from '@sanity/icons/CreditCard'
import {defineField, defineType} from 'sanity'

const line = (name: string, title: string, description?: string, max = 200) =>
  defineField({name, title, description, type: 'string', validation: (rule) => rule.required().max(max)})

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
        line('heading', 'Heading', 'Also the browser tab title.', 80),
        line('loading', 'While the booking loads'),
        line('paid', 'Paid', 'The booking is confirmed.'),
        line('pending', 'Payment not confirmed yet'),
        line('cancelled', 'Payment cancelled'),
        line('expired', 'Payment page expired'),
        line('failed', 'Payment failed'),
        line('unknown', 'Booking not found', 'When the booking in the address cannot be shown.'),
        line('homeButton', 'Home button', undefined, 40),
      ],
    }),
    defineField({
      name: 'cancel',
      title: 'Payment cancelled or failed (/cancel)',
      type: 'object',
      validation: (rule) => rule.required(),
      fields: [
        line('heading', 'Heading', 'Also the browser tab title.', 80),
        line('status', 'What happened'),
        line('note', 'What the customer can do'),
        line('formButton', 'Button back to the booking form', undefined, 40),
        line('contactButton', 'Contact button', undefined, 40),
      ],
    }),
  ],
  preview: {prepare: () => ({title: 'Payment result pages'})},
})
