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
  nameRequired: {title: 'Name missing', description: 'Contact forms.'},
  emailRequired: {title: 'E-mail missing', description: 'Quote and contact forms.'},
  emailInvalid: {title: 'E-mail not valid', description: 'Quote and contact forms.'},
  phoneRequired: {title: 'Phone missing', description: 'Quote and contact forms.'},
  phoneInvalid: {title: 'Phone not 10 digits', description: 'Quote and contact forms; shown as the visitor types.'},
  zipCodeRequired: {title: 'Zip code missing', description: 'Quote form.'},
  zipCodeInvalid: {title: 'Zip code not valid', description: 'Quote form: five digits (or ZIP+4).'},
  squareFootageInvalid: {title: 'Square footage not a number', description: 'Quote form (the field is optional).'},
  messageRequired: {title: 'Message missing', description: 'Contact forms.'},
  termsRequired: {title: 'Terms not accepted', description: 'Quote form.'},
  patientNameRequired: {title: 'Patient name missing', description: 'Appointment form.'},
  patientNameTooShort: {title: 'Patient name too short', description: 'Appointment form: fewer than 8 characters.'},
  patientPhoneRequired: {title: 'Patient phone missing', description: 'Appointment form.'},
  patientPhoneInvalid: {title: 'Patient phone not 10 digits', description: 'Appointment form.'},
  patientGenderRequired: {title: 'Gender not chosen', description: 'Appointment form.'},
  appointmentTimeRequired: {title: 'Time missing', description: 'Appointment form.'},
  appointmentTimeInvalid: {title: 'Time not valid', description: 'Appointment form: not a date and time, or more than two years ahead.'},
  appointmentTimePast: {title: 'Time in the past', description: 'Appointment form.'},
  preferredModeRequired: {title: 'Mode not chosen', description: 'Appointment form.'},
  tooLong: {title: 'Text too long', description: 'Any form: more text than a field takes.'},
  unsupportedCharacters: {title: 'Unsupported characters', description: 'Any form: control characters in a field.'},
  unreadableCharacters: {title: 'Unreadable characters', description: 'Any form: half of a character (e.g. a broken emoji) in a field, which cannot be stored.'},
  invalidRequest: {title: 'Broken request', description: 'Any form: the page is out of date; ask to reload.'},
}

/**
 * The texts of the quote, contact and appointment forms: labels, help, buttons and every message.
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
    {name: 'appointment', title: 'Appointment form'},
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
      title: 'Appointment form',
      description: 'On /appointment.',
      type: 'object',
      group: 'appointment',
      options: {collapsible: false},
      fields: [
        line('patientNameLabel', 'Patient name label', 40),
        line('patientPhoneLabel', 'Phone label', 40),
        line('genderLegend', 'Gender question', 40),
        line('genderMale', 'Gender: male', 40),
        line('genderFemale', 'Gender: female', 40),
        line('genderPrivate', 'Gender: private', 60),
        line('appointmentTimeLabel', 'Time label', 60),
        line('modeLegend', 'Mode question', 40),
        line('modeVoice', 'Mode: voice', 40),
        line('modeVideo', 'Mode: video', 40),
        line('submitLabel', 'Button', 30),
        line('submittingLabel', 'Button while sending', 30),
        line('toastTitle', 'Confirmation title', 60),
        line('toastNote', 'Confirmation note', 160, 'Shown under the title while the confirmation is open.'),
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

/** /appointment (not linked from the navigation). One document. */
export const appointmentPage = defineType({
  name: 'appointmentPage',
  title: 'Appointment page',
  type: 'document',
  icon: CalendarIcon,
  fields: [
    defineField({name: 'seo', type: 'seo'}),
    defineField({name: 'heading', type: 'string', validation: (rule) => rule.required().max(80)}),
    defineField({name: 'intro', type: 'text', rows: 3, validation: (rule) => rule.required().max(500)}),
  ],
  preview: {prepare: () => ({title: 'Appointment page'})},
})
