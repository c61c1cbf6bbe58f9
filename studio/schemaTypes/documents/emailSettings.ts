import {EnvelopeIcon} from '@sanity/icons/Envelope'
import {defineField, defineType} from 'sanity'
import {EMAIL_TOKENS, missingTokens, unknownTokens} from '../../../lib/email/tokens'

/**
 * A required text that may hold the tokens in `tokens` ({firstName}, {reference} …), which are
 * filled in for each message; any other {token} is refused, and so is a text without one of
 * `requires` (the fact the message is about).
 */
function wording(
  name: string,
  title: string,
  options: {max: number; rows?: number; tokens: readonly string[]; requires?: readonly string[]; description?: string},
) {
  const tokenList = options.tokens.map((token) => `{${token}}`).join(', ')
  const required = options.requires ?? []
  return defineField({
    name,
    title,
    description: [
      options.description,
      required.length > 0 ? `Must contain ${required.map((token) => `{${token}}`).join(' and ')}.` : '',
      tokenList ? `May use ${tokenList}.` : '',
    ]
      .filter(Boolean)
      .join(' '),
    type: options.rows ? 'text' : 'string',
    ...(options.rows ? {rows: options.rows} : {}),
    validation: (rule) =>
      rule
        .required()
        .max(options.max)
        .custom((value) => {
          const unknown = typeof value === 'string' ? unknownTokens(value, options.tokens) : []
          if (unknown.length > 0) return `Unknown ${unknown.map((token) => `{${token}}`).join(', ')}: use ${tokenList || 'no tokens'}`
          const missing = typeof value === 'string' ? missingTokens(value, required) : []
          return missing.length === 0 ? true : `Keep ${missing.map((token) => `{${token}}`).join(' and ')} in the text: the e-mail fills it in.`
        }),
  })
}

const customer = EMAIL_TOKENS.customer
const estimate = EMAIL_TOKENS.estimate
const booking = EMAIL_TOKENS.booking
const business = EMAIL_TOKENS.business
const moved = EMAIL_TOKENS.bookingMoved
const cancellation = EMAIL_TOKENS.cancellationRequest

/** The wording of every e-mail the site sends (the details in them come from the submission). One document. */
export const emailSettings = defineType({
  name: 'emailSettings',
  title: 'E-mails',
  type: 'document',
  icon: EnvelopeIcon,
  groups: [
    {name: 'customer', title: 'To customers', default: true},
    {name: 'business', title: 'To the business'},
  ],
  fields: [
    defineField({
      name: 'bookingConfirmation',
      title: 'Booking confirmation',
      description: 'Sent to the customer once a booking is paid, with the details, charges and a calendar file.',
      type: 'object',
      group: 'customer',
      options: {collapsible: false},
      fields: [
        wording('subject', 'Subject', {max: 120, tokens: booking}),
        wording('heading', 'Heading', {max: 80, tokens: booking}),
        wording('intro', 'Opening', {max: 500, rows: 3, tokens: booking}),
        wording('nextSteps', 'What happens next', {max: 600, rows: 3, tokens: booking}),
        wording('changesNotice', 'Rescheduling and cancelling', {
          max: 400,
          rows: 3,
          tokens: booking,
          description:
            'The 24-hour notice, for a booking without a manage link (no arrival window). A booking with one gets the manage link\'s sentence instead, so the advice is given once.',
        }),
        wording('manageLinkText', 'Manage link: sentence', {
          max: 300,
          rows: 2,
          tokens: booking,
          description: 'Before the button to the booking\'s private page (moving it or asking to cancel); also in the e-mail of a move.',
        }),
        wording('manageLinkLabel', 'Manage link: button', {max: 40, tokens: []}),
        wording('calendarNote', 'Calendar file: note', {
          max: 300,
          rows: 2,
          tokens: booking,
          description: 'The description of the calendar event attached to the confirmation and to the e-mail of a move.',
        }),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'quoteRequestReceived',
      title: 'Quote request received',
      description: 'Sent to the visitor after a quote request is stored.',
      type: 'object',
      group: 'customer',
      options: {collapsible: false},
      fields: [
        wording('subject', 'Subject', {max: 120, tokens: customer}),
        wording('heading', 'Heading', {max: 80, tokens: customer}),
        wording('body', 'Text', {max: 600, rows: 3, tokens: customer}),
        wording('nextSteps', 'When to expect an answer', {max: 400, rows: 3, tokens: customer}),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'contactMessageReceived',
      title: 'Contact message received',
      description: 'Sent to the visitor after a contact message is stored.',
      type: 'object',
      group: 'customer',
      options: {collapsible: false},
      fields: [
        wording('subject', 'Subject', {max: 120, tokens: customer}),
        wording('heading', 'Heading', {max: 80, tokens: customer}),
        wording('body', 'Text', {max: 600, rows: 3, tokens: customer}),
        wording('nextSteps', 'When to expect an answer', {max: 400, rows: 3, tokens: customer}),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'bookingMoved',
      title: 'Booking moved',
      description: 'Sent to the customer after moving a booking through its manage link, with the updated calendar file.',
      type: 'object',
      group: 'customer',
      options: {collapsible: false},
      fields: [
        wording('subject', 'Subject', {max: 120, tokens: moved, requires: ['slot']}),
        wording('preview', 'Preview line', {max: 200, tokens: moved, description: 'Shown by mail programs after the subject.'}),
        wording('heading', 'Heading', {max: 80, tokens: moved}),
        wording('body', 'Text', {max: 600, rows: 3, tokens: moved, requires: ['slot']}),
        wording('closing', 'Questions', {max: 400, rows: 2, tokens: moved}),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'cancellationRequestReceived',
      title: 'Cancellation request received',
      description: 'Sent to the customer after asking to cancel a booking through its manage link. The booking stays paid until the office cancels and refunds it.',
      type: 'object',
      group: 'customer',
      options: {collapsible: false},
      fields: [
        wording('subject', 'Subject', {max: 120, tokens: cancellation}),
        wording('preview', 'Preview line', {max: 200, tokens: cancellation, description: 'Shown by mail programs after the subject.'}),
        wording('heading', 'Heading', {max: 80, tokens: cancellation}),
        wording('body', 'Text', {max: 600, rows: 3, tokens: cancellation, requires: ['slot']}),
        wording('closing', 'Questions', {max: 400, rows: 2, tokens: cancellation}),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'sectionHeadings',
      title: 'Section headings',
      description: "Above the tables of the e-mails to customers; each row's label is the name of its field.",
      type: 'object',
      group: 'customer',
      options: {collapsible: false},
      fields: [
        wording('booking', 'The booking', {max: 80, tokens: [], description: 'In the confirmation, and the e-mails of a move or a cancellation request.'}),
        wording('charges', 'The charges', {max: 80, tokens: [], description: 'Above the charges and the total of the confirmation.'}),
        wording('quoteRequest', 'What a quote request said', {max: 80, tokens: []}),
        wording('contactMessage', 'What a contact message said', {max: 80, tokens: []}),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'estimateRequestReceived',
      title: 'In-home estimate request received',
      description:
        'Sent to the address given on /appointment once the request is stored. Nobody has confirmed that address yet, so it repeats nothing the visitor typed: only the day and window they chose.',
      type: 'object',
      group: 'customer',
      options: {collapsible: false},
      fields: [
        wording('subject', 'Subject', {max: 120, tokens: estimate}),
        wording('heading', 'Heading', {max: 80, tokens: estimate}),
        wording('body', 'Text', {max: 600, rows: 3, tokens: estimate}),
        wording('nextSteps', 'What happens next', {max: 400, rows: 3, tokens: estimate, description: 'Say that the office calls to confirm the time.'}),
      ],
      validation: (rule) => rule.required(),
    }),
    wording('signOff', 'Sign-off', {max: 80, tokens: [], description: 'Above the company name at the end of every e-mail to customers, e.g. "Warm regards,".'}),
    defineField({
      name: 'businessNotifications',
      title: 'Notifications to the business',
      description: "Sent to the site settings' e-mail address; answering one writes to the customer.",
      type: 'object',
      group: 'business',
      options: {collapsible: false},
      fields: [
        wording('quoteRequestSubject', 'Quote request subject', {max: 120, tokens: business}),
        wording('contactMessageSubject', 'Contact message subject', {max: 120, tokens: business}),
        wording('appointmentSubject', 'In-home estimate request subject', {max: 120, tokens: business}),
        wording('bookingPaidSubject', 'Paid booking subject', {max: 120, tokens: business}),
      ],
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {prepare: () => ({title: 'E-mails'})},
})
