import {CalendarIcon} from '@sanity/icons/Calendar'
import {ComposeIcon} from '@sanity/icons/Compose'
import {defineArrayMember, defineField, defineType} from 'sanity'
import {LEAD_MESSAGE_KEYS, type LeadMessageKey} from '../../../lib/leads/message-keys'

/** A required one-line text of at most `max` characters. */
function line(name: string, title: string, max: number, description?: string) {
  return defineField({name, title, description, type: 'string', validation: (rule) => rule.required().max(max)})
}

/** What each message is for, shown to editors beside it. */
const MESSAGE_FIELDS: Record<LeadMessageKey, {title: string; description: string}> = {
  firstNameRequired: {title: 'First name missing', description: 'Quote form.'},
  lastNameRequired: {title: 'Last name missing', description: 'Quote form.'},
  nameRequired: {title: 'Name missing', description: 'Contact and estimate forms.'},
  emailRequired: {title: 'E-mail missing', description: 'Quote, contact and estimate forms.'},
  emailInvalid: {title: 'E-mail not valid', description: 'Quote, contact and estimate forms.'},
  phoneRequired: {title: 'Phone missing', description: 'Quote, contact and estimate forms.'},
  phoneInvalid: {title: 'Phone not 10 digits', description: 'Quote, contact and estimate forms; shown as the visitor types.'},
  zipCodeRequired: {title: 'Zip code missing', description: 'Quote and estimate forms.'},
  zipCodeInvalid: {title: 'Zip code not valid', description: 'Quote and estimate forms: five digits (or ZIP+4).'},
  squareFootageInvalid: {title: 'Square footage not a number', description: 'Quote form (the field is optional).'},
  messageRequired: {title: 'Message missing', description: 'Contact forms.'},
  termsRequired: {title: 'Terms not accepted', description: 'Quote form.'},
  addressRequired: {title: 'Address missing', description: 'In-home estimate form.'},
  serviceRequired: {title: 'Service not chosen', description: 'In-home estimate form.'},
  visitDateRequired: {title: 'Day not chosen', description: 'In-home estimate form.'},
  visitDateUnavailable: {title: 'Day not offered', description: 'In-home estimate form: the estimate crew does not come that day (any more).'},
  visitWindowRequired: {title: 'Time not chosen', description: 'In-home estimate form.'},
  visitWindowUnavailable: {title: 'Time not offered', description: 'In-home estimate form: the estimate crew does not offer that window that day.'},
  walkthroughRequired: {title: 'In person or video not chosen', description: 'In-home estimate form.'},
  tooLong: {title: 'Text too long', description: 'Any form: more text than a field takes.'},
  unsupportedCharacters: {title: 'Unsupported characters', description: 'Any form: control characters in a field.'},
  unreadableCharacters: {title: 'Unreadable characters', description: 'Any form: half of a character (e.g. a broken emoji) in a field, which cannot be stored.'},
  invalidRequest: {title: 'Broken request', description: 'Any form: the page is out of date; ask to reload.'},
}

/**
 * The texts of the quote, contact and in-home estimate forms: labels, help, buttons and every message.
 * One document.
 */
export const formSettings = defineType({
  name: 'formSettings',
  title: 'Forms',
  type: 'document',
  icon: ComposeIcon,
  groups: [
    {name: 'quote', title: 'Quote form', default: true},
    {name: 'contact', title: 'Contact forms'},
    {name: 'appointment', title: 'In-home estimate form'},
    {name: 'messages', title: 'Messages'},
  ],
  fields: [
    defineField({
      name: 'quoteForm',
      title: 'Quote form',
      description: 'On the quote landing pages and the mold page, in the quote section.',
      type: 'object',
      group: 'quote',
      options: {collapsible: false},
      fields: [
        line('heading', 'Heading', 80),
        defineField({name: 'intro', type: 'text', rows: 2, validation: (rule) => rule.required().max(300)}),
        line('firstNameLabel', 'First name label', 40),
        line('lastNameLabel', 'Last name label', 40),
        line('phoneLabel', 'Phone label', 40),
        line('emailLabel', 'E-mail label', 40),
        line('zipCodeLabel', 'Zip code label', 40),
        line('squareFootageLabel', 'Square footage label', 40),
        line('squareFootageHelp', 'Square footage help', 120),
        line('desiredServicesLabel', 'Desired services label', 60),
        line('desiredServicesHelp', 'Desired services help', 160),
        line('heardAboutUsLabel', '"How did you hear about us" label', 60),
        line('heardAboutUsPlaceholder', '"How did you hear about us" first option', 40, 'Shown before a choice is made, e.g. "Choose one (optional)".'),
        defineField({
          name: 'heardAboutUsOptions',
          title: '"How did you hear about us" choices',
          type: 'array',
          of: [defineArrayMember({type: 'string', validation: (rule) => rule.max(80)})],
          validation: (rule) => rule.required().min(2).max(12).unique(),
        }),
        line('termsLabel', 'Terms checkbox text', 80, 'Followed by the link to the terms, e.g. "I agree to the".'),
        line('termsLinkText', 'Terms link text', 40, 'Links to the Terms of Use on the legal page.'),
        line('submitLabel', 'Button', 30),
        line('submittingLabel', 'Button while sending', 30),
        line('otherWaysHeading', 'Heading beside the form', 60, 'Over the phone and e-mail options, e.g. "Prefer to talk?".'),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'contactForm',
      title: 'Contact forms',
      description: 'On the home page and the contact page.',
      type: 'object',
      group: 'contact',
      options: {collapsible: false},
      fields: [
        line('heading', 'Heading', 80),
        line('nameLabel', 'Name label', 40),
        line('emailLabel', 'E-mail label', 40),
        line('phoneLabel', 'Phone label', 40),
        line('messageLabel', 'Message label', 40),
        line('submitLabel', 'Button', 30),
        line('homeSubmittingLabel', 'Button while sending, home page', 30),
        line('pageSubmittingLabel', 'Button while sending, contact page', 30),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'appointmentForm',
      title: 'In-home estimate form',
      description: 'On /appointment: a request for a free in-home estimate visit (jobs that need one: post-construction, mold, large exterior work).',
      type: 'object',
      group: 'appointment',
      options: {collapsible: false},
      fields: [
        line('fullNameLabel', 'Full name label', 40),
        line('phoneLabel', 'Phone label', 40),
        line('emailLabel', 'E-mail label', 40),
        line('addressLabel', 'Service address label', 60),
        line('zipCodeLabel', 'Zip code label', 40),
        line('serviceLabel', 'Service question', 60),
        line('servicePlaceholder', 'Service: first option', 40, 'Shown before a choice is made, e.g. "Choose a service".'),
        defineField({
          name: 'serviceOptions',
          title: 'Services offered for an estimate',
          description: 'The jobs the estimate crew visits for, one per choice.',
          type: 'array',
          of: [defineArrayMember({type: 'string', validation: (rule) => rule.required().max(80)})],
          validation: (rule) => rule.required().min(1).max(12).unique(),
        }),
        line('visitHeading', 'Day and time heading', 60),
        line('visitHelp', 'Day and time help', 200, 'E.g. that the office calls to confirm the time.'),
        line('visitDateLabel', 'Day label', 40),
        line('visitDatePlaceholder', 'Day: first option', 40, 'Shown before a day is chosen, e.g. "Choose a day".'),
        line('visitWindowLabel', 'Time label', 40),
        line('visitDatesLoading', 'While the days load', 80),
        line('visitDatesUnavailable', 'When the days cannot be loaded', 160),
        line('visitNoDates', 'When no day is free', 160),
        line('visitChooseDateFirst', 'Before a day is chosen', 80, 'Where the times show once a day is chosen.'),
        line('walkthroughLegend', 'In person or video question', 60),
        line('walkthroughInPerson', 'Choice: in person', 60),
        line('walkthroughVideo', 'Choice: video walk-through', 60),
        line('notesLabel', 'Notes label', 40),
        line('notesHelp', 'Notes help', 160),
        line('submitLabel', 'Button', 30),
        line('submittingLabel', 'Button while sending', 30),
        line('toastTitle', 'Confirmation title', 60),
        line('toastNote', 'Confirmation note', 200, 'Shown under the title while the confirmation is open: say what really happens (an e-mail confirmation, and a call to confirm the time).'),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'messages',
      title: 'Messages',
      description: 'What the forms say: after sending, and beside a field that needs attention.',
      type: 'object',
      group: 'messages',
      options: {collapsible: false},
      fields: [
        line('submitted', 'Sent', 120, 'After a quote request or contact message is stored.'),
        line('failed', 'Could not be sent', 160, 'When it could not be stored; what the visitor typed stays in the form.'),
        line('rateLimited', 'Too many submissions', 160),
        line('spam', 'Refused as automated', 160, 'When the hidden anti-spam field was filled in.'),
        ...LEAD_MESSAGE_KEYS.map((key) => line(key, MESSAGE_FIELDS[key].title, 160, MESSAGE_FIELDS[key].description)),
      ],
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {prepare: () => ({title: 'Forms'})},
})

/** /appointment: the request for a free in-home estimate. One document. */
export const appointmentPage = defineType({
  name: 'appointmentPage',
  title: 'In-home estimate page',
  type: 'document',
  icon: CalendarIcon,
  fields: [
    defineField({name: 'seo', type: 'seo'}),
    defineField({name: 'heading', type: 'string', validation: (rule) => rule.required().max(80)}),
    defineField({name: 'intro', type: 'text', rows: 3, validation: (rule) => rule.required().max(500)}),
  ],
  preview: {prepare: () => ({title: 'In-home estimate page'})},
})
