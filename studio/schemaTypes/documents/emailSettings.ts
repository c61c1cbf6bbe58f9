import {EnvelopeIcon} from '@sanity/icons/Envelope'
import {defineField, defineType} from 'sanity'
import {EMAIL_TOKENS, missingTokens, typedTextTokens, unknownTokens} from '../../../lib/email/tokens'

/**
 * A required text that may hold the tokens in `tokens` ({firstName}, {reference} …), which are
 * filled in for each message; any other {token} is refused (one that would repeat what a visitor
 * typed, with the reason), and so is a text without one of `requires` (the fact the message is about).
 */
function wording(name: string, title: string, options: {max: number; rows?: number; tokens: readonly string[]; requires?: readonly string[]; description?: string}) {
  const tokenList = options.tokens.map((token) => `{${token}}`).join(', ')
  const required = options.requires ?? []
  return defineField({
    name,
    title,
    description: [options.description, required.length > 0 ? `Must contain ${required.map((token) => `{${token}}`).join(' and ')}.` : '', tokenList ? `May use ${tokenList}.` : '']
      .filter(Boolean)
      .join(' '),
    type: options.rows ? 'text' : 'string',
    ...(options.rows ? {rows: options.rows} : {}),
    validation: (rule) =>
      rule
        .required()
        .max(options.max)
        .custom((value) => {
          const typed = typeof value === 'string' ? typedTextTokens(value, options.tokens) : []
          if (typed.length > 0)
            return `${typed.map((token) => `{${token}}`).join(', ')} would repeat what the visitor typed, in an e-mail to an address nobody has confirmed (anyone could send their text to anyone's inbox in our name). Use ${tokenList || 'no tokens'}.`
          const unknown = typeof value === 'string' ? unknownTokens(value, options.tokens) : []
          if (unknown.length > 0) return `Unknown ${unknown.map((token) => `{${token}}`).join(', ')}: use ${tokenList || 'no tokens'}`
          const missing = typeof value === 'string' ? missingTokens(value, required) : []
          return missing.length === 0 ? true : `Keep ${missing.map((token) => `{${token}}`).join(' and ')} in the text: the e-mail fills it in.`
        }),
  })
}

/** One e-mail's wording (or the business's subjects): a required group of texts on one tab. */
function emailWording(name: string, title: string, description: string, group: 'customer' | 'business', fields: ReturnType<typeof wording>[]) {
  return defineField({
    name,
    title,
    description,
    type: 'object',
    group,
    options: {collapsible: false},
    fields,
    validation: (rule) => rule.required(),
  })
}

const customer = EMAIL_TOKENS.customer
const estimate = EMAIL_TOKENS.estimate
const booking = EMAIL_TOKENS.booking
const business = EMAIL_TOKENS.business
const moved = EMAIL_TOKENS.bookingMoved
const cancellation = EMAIL_TOKENS.cancellationRequest
const cancelled = EMAIL_TOKENS.bookingCancelled
const refunded = EMAIL_TOKENS.bookingRefunded
const leadReply = EMAIL_TOKENS.leadReply
const planConfirmation = EMAIL_TOKENS.planConfirmation
const planVisit = EMAIL_TOKENS.planVisit
const planVisitCharge = EMAIL_TOKENS.planVisitCharge
const reminder = EMAIL_TOKENS.bookingReminder
const review = EMAIL_TOKENS.reviewRequest
const planChanged = EMAIL_TOKENS.planChanged
const checkoutReminder = EMAIL_TOKENS.checkoutReminder
const preferences = EMAIL_TOKENS.emailPreferences

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
    emailWording('bookingConfirmation', 'Booking confirmation', 'Sent to the customer once a booking is paid, with the details, charges and a calendar file.', 'customer', [
      wording('subject', 'Subject', {max: 120, tokens: booking}),
      wording('heading', 'Heading', {max: 80, tokens: booking}),
      wording('intro', 'Opening', {max: 500, rows: 3, tokens: booking}),
      wording('nextSteps', 'What happens next', {max: 600, rows: 3, tokens: booking, description: 'Sent to every customer: promise no text here (see the next field).'}),
      wording('textsNotice', 'Texts on the day', {
        max: 300,
        rows: 2,
        tokens: booking,
        description: 'After "What happens next", only when the customer agreed to texts on the form (e.g. that the crew texts when on the way).',
      }),
      wording('changesNotice', 'Rescheduling and cancelling', {
        max: 400,
        rows: 3,
        tokens: booking,
        description:
          "The 24-hour notice, for a booking without a manage link (no arrival window). A booking with one gets the manage link's sentence instead, so the advice is given once.",
      }),
      wording('manageLinkText', 'Manage link: sentence', {
        max: 300,
        rows: 2,
        tokens: booking,
        description: "Before the button to the booking's private page (moving it or asking to cancel).",
      }),
      wording('manageLinkLabel', 'Manage link: button', {max: 40, tokens: [], description: 'Also in the e-mails of a move and of a cancellation request.'}),
      wording('calendarNote', 'Calendar file: note', {
        max: 300,
        rows: 2,
        tokens: booking,
        description: 'The description of the calendar event attached to the confirmation and to the e-mail of a move.',
      }),
    ]),
    // The plan section of the confirmation of a plan's first visit.
    emailWording('planConfirmation', 'Booking confirmation: a plan', "Added to the booking confirmation of a plan's first visit (a recurring frequency), with a table of its next visits; the calendar file then holds every visit.", 'customer', [
      wording('heading', 'Heading of the plan table', {max: 80, tokens: []}),
      wording('intro', 'About the plan', {max: 600, rows: 3, tokens: planConfirmation, requires: ['frequency'], description: 'After the opening: the plan, its weekday and window, how later visits are paid.'}),
      wording('visitLabel', 'A visit in the table', {max: 40, tokens: EMAIL_TOKENS.planVisitNumber, requires: ['number'], description: 'E.g. "Visit {number}".'}),
      wording('changes', 'Changing the plan', {max: 600, rows: 3, tokens: planConfirmation, description: 'Skipping, moving, pausing and cancelling (24 hours before a visit), and the early-cancellation difference.'}),
    ]),
    emailWording('quoteRequestReceived', 'Quote request received', 'Sent to the address given on a quote form once the request is stored. Nobody has confirmed that address yet, so it repeats nothing the visitor typed but the first name: the reference of the request instead, to quote when calling.', 'customer', [
      wording('subject', 'Subject', {max: 120, tokens: customer}),
      wording('heading', 'Heading', {max: 80, tokens: customer}),
      wording('body', 'Text', {max: 600, rows: 3, tokens: customer, requires: ['reference']}),
      wording('nextSteps', 'When to expect an answer', {max: 400, rows: 3, tokens: customer}),
    ]),
    emailWording('contactMessageReceived', 'Contact message received', 'Sent to the address given with a contact message once it is stored. Nobody has confirmed that address yet, so it repeats nothing the visitor typed but the first name: the reference of the request instead, to quote when calling.', 'customer', [
      wording('subject', 'Subject', {max: 120, tokens: customer}),
      wording('heading', 'Heading', {max: 80, tokens: customer}),
      wording('body', 'Text', {max: 600, rows: 3, tokens: customer, requires: ['reference']}),
      wording('nextSteps', 'When to expect an answer', {max: 400, rows: 3, tokens: customer}),
    ]),
    emailWording('bookingMoved', 'Booking moved', 'Sent to the customer after moving a booking through its manage link, with the updated calendar file.', 'customer', [
      wording('subject', 'Subject', {max: 120, tokens: moved, requires: ['slot']}),
      wording('preview', 'Preview line', {max: 200, tokens: moved, description: 'Shown by mail programs after the subject.'}),
      wording('heading', 'Heading', {max: 80, tokens: moved}),
      wording('body', 'Text', {max: 600, rows: 3, tokens: moved, requires: ['slot']}),
      wording('closing', 'Questions', {max: 400, rows: 2, tokens: moved}),
      wording('manageLinkText', 'Manage link: sentence', {
        max: 300,
        rows: 2,
        tokens: moved,
        description: "Before the button to the booking's private page. The link is a new one: say that the link of earlier e-mails no longer works.",
      }),
    ]),
    emailWording(
      'cancellationRequestReceived',
      'Cancellation request received',
      'Sent to the customer after asking to cancel a booking through its manage link. The booking stays paid until the office cancels and refunds it.',
      'customer',
      [
        wording('subject', 'Subject', {max: 120, tokens: cancellation}),
        wording('preview', 'Preview line', {max: 200, tokens: cancellation, description: 'Shown by mail programs after the subject.'}),
        wording('heading', 'Heading', {max: 80, tokens: cancellation}),
        wording('body', 'Text', {max: 600, rows: 3, tokens: cancellation, requires: ['slot']}),
        wording('closing', 'Questions', {max: 400, rows: 2, tokens: cancellation}),
        wording('manageLinkText', 'Manage link: sentence', {
          max: 300,
          rows: 2,
          tokens: cancellation,
          description: "Before the button to the booking's private page, which shows the request. The link is a new one: say that the link of earlier e-mails no longer works.",
        }),
      ],
    ),
    emailWording('sectionHeadings', 'Section headings', "Above the tables of the e-mails to customers; each row's label is the name of its field.", 'customer', [
      wording('booking', 'The booking', {max: 80, tokens: [], description: 'In the confirmation, and the e-mails of a move or a cancellation request.'}),
      wording('charges', 'The charges', {max: 80, tokens: [], description: 'Above the charges and the total of the confirmation.'}),
    ]),
    emailWording(
      'bookingCancelled',
      'Booking cancelled by the office',
      "Sent to the customer when the office cancels a booking (also when it completes the customer's cancellation request), and when it refunds a payment that arrived after the booking's hold had ended. One of the three sentences about the money follows the text.",
      'customer',
      [
        wording('subject', 'Subject', {max: 120, tokens: cancelled}),
        wording('preview', 'Preview line', {max: 200, tokens: cancelled, description: 'Shown by mail programs after the subject.'}),
        wording('heading', 'Heading', {max: 80, tokens: cancelled}),
        wording('body', 'Text', {max: 600, rows: 3, tokens: cancelled, requires: ['slot']}),
        wording('refundText', 'With a refund', {max: 400, rows: 2, tokens: cancelled, requires: ['amount'], description: 'Say how much goes back to the card, and how long banks take.'}),
        wording('noRefundText', 'Without a refund', {max: 400, rows: 2, tokens: cancelled, description: 'When the office cancels without giving money back.'}),
        wording('latePaymentText', 'A late payment refunded', {max: 400, rows: 2, tokens: cancelled, requires: ['amount'], description: "The payment came after the booking's time was no longer held; all of it goes back."}),
        wording('closing', 'Questions', {max: 400, rows: 2, tokens: cancelled}),
      ],
    ),
    emailWording(
      'bookingRefunded',
      'Refund issued by the office',
      'Sent to the customer when the owner refunds part or all of a paid booking without cancelling it. The reason sentence follows the text: {reason} is one of the three reasons below, or the words the owner typed.',
      'customer',
      [
        wording('subject', 'Subject', {max: 120, tokens: refunded}),
        wording('preview', 'Preview line', {max: 200, tokens: refunded, description: 'Shown by mail programs after the subject.'}),
        wording('heading', 'Heading', {max: 80, tokens: refunded}),
        wording('body', 'Text', {max: 600, rows: 3, tokens: refunded, requires: ['amount'], description: 'Say how much goes back to the card, how long banks take, and that the booking stays.'}),
        wording('reasonText', 'The reason', {max: 300, rows: 2, tokens: refunded, requires: ['reason']}),
        wording('partNotDoneReason', 'Reason: part of the job not done', {max: 200, tokens: [], description: '{reason} when the owner chose "Part of the job could not be done".'}),
        wording('goodwillReason', 'Reason: goodwill', {max: 200, tokens: [], description: '{reason} when the owner chose "Goodwill".'}),
        wording('chargedTwiceReason', 'Reason: charged twice', {max: 200, tokens: [], description: '{reason} when the owner chose "Charged twice".'}),
        wording('closing', 'Questions', {max: 400, rows: 2, tokens: refunded}),
      ],
    ),
    emailWording(
      'estimateRequestReceived',
      'In-home estimate request received',
      'Sent to the address given on /appointment once the request is stored. Nobody has confirmed that address yet, so it repeats nothing the visitor typed: only the day and window they chose, and the reference of the request.',
      'customer',
      [
        wording('subject', 'Subject', {max: 120, tokens: estimate}),
        wording('heading', 'Heading', {max: 80, tokens: estimate}),
        wording('body', 'Text', {max: 600, rows: 3, tokens: estimate, requires: ['reference']}),
        wording('nextSteps', 'What happens next', {max: 400, rows: 3, tokens: estimate, description: 'Say that the office calls to confirm the time.'}),
      ],
    ),
    emailWording(
      'leadReply',
      'Reply from the office',
      "Around a reply the office writes to a quote request, contact message or estimate request: the subject and message are what staff wrote; these are the fixed words before and after it. Signed with the sign-off, the staff member's name and the company.",
      'customer',
      [
        wording('greeting', 'Greeting', {max: 120, tokens: leadReply, description: 'The first line, e.g. "Hello {firstName},".'}),
        wording('closing', 'Closing', {max: 400, rows: 2, tokens: leadReply, requires: ['reference'], description: 'After the message: how to answer, and the reference of the request.'}),
      ],
    ),
    wording('signOff', 'Sign-off', {max: 80, tokens: [], description: 'Above the company name at the end of every e-mail to customers, e.g. "Warm regards,".'}),
    emailWording('businessNotifications', 'Notifications to the business', "Sent to the site settings' e-mail address; answering one writes to the customer.", 'business', [
      wording('quoteRequestSubject', 'Quote request subject', {max: 120, tokens: business}),
      wording('contactMessageSubject', 'Contact message subject', {max: 120, tokens: business}),
      wording('appointmentSubject', 'In-home estimate request subject', {max: 120, tokens: business}),
      wording('bookingPaidSubject', 'Paid booking subject', {max: 120, tokens: business}),
    ]),
    emailWording(
      'bookingMovedByOffice',
      'Booking moved by the office',
      "Sent to the customer when the office moves their booking (also within 24 hours), with the updated calendar file. Its questions line and the manage link's sentence are those of \"Booking moved\".",
      'customer',
      [
        wording('subject', 'Subject', {max: 120, tokens: moved, requires: ['slot']}),
        wording('preview', 'Preview line', {max: 200, tokens: moved, description: 'Shown by mail programs after the subject.'}),
        wording('heading', 'Heading', {max: 80, tokens: moved}),
        wording('body', 'Text', {max: 600, rows: 3, tokens: moved, requires: ['slot']}),
      ],
    ),
    // A plan's later visits, when their usual window has no place.
    emailWording(
      'planVisitPlaced',
      'Plan visit placed in another window',
      "Sent to the customer when a plan's next visit is booked and its usual window that day was full (or the day closed): the visit went to the nearest free window of the same week. {slot} is where it went, {usualSlot} the usual date and window.",
      'customer',
      [
        wording('subject', 'Subject', {max: 120, tokens: planVisit, requires: ['slot']}),
        wording('preview', 'Preview line', {max: 200, tokens: planVisit, description: 'Shown by mail programs after the subject.'}),
        wording('heading', 'Heading', {max: 80, tokens: planVisit}),
        wording('body', 'Text', {max: 600, rows: 3, tokens: planVisit, requires: ['slot']}),
        wording('closing', 'Questions', {max: 400, rows: 2, tokens: planVisit, description: 'Say how to ask for another time (the manage link of the plan, or a call).'}),
      ],
    ),
    emailWording(
      'planVisitUnplaced',
      'Plan visit without a free window',
      "Sent to the customer when a plan's next visit could not be booked: every window of that week was full or closed. The visit is not charged; the office is told too. {slot} and {usualSlot} are the usual date and window.",
      'customer',
      [
        wording('subject', 'Subject', {max: 120, tokens: planVisit, requires: ['slot']}),
        wording('preview', 'Preview line', {max: 200, tokens: planVisit, description: 'Shown by mail programs after the subject.'}),
        wording('heading', 'Heading', {max: 80, tokens: planVisit}),
        wording('body', 'Text', {max: 600, rows: 3, tokens: planVisit, requires: ['slot'], description: 'Say that this visit is not booked nor charged, and that the plan goes on.'}),
        wording('closing', 'Questions', {max: 400, rows: 2, tokens: planVisit}),
      ],
    ),
    // A plan visit's charge declined, and the visit released.
    emailWording(
      'planVisitDeclined',
      "A plan's visit: card declined",
      "Sent to the customer when the card saved for their plan is refused for a visit (declined, or the bank wants them to confirm). The visit keeps its place until {deadline}: the button opens the visit's manage page, where they give a new card; it is then charged at once.",
      'customer',
      [
        wording('subject', 'Subject', {max: 120, tokens: planVisitCharge}),
        wording('preview', 'Preview line', {max: 200, tokens: planVisitCharge, description: 'Shown by mail programs after the subject.'}),
        wording('heading', 'Heading', {max: 80, tokens: planVisitCharge}),
        wording('body', 'Text', {max: 600, rows: 3, tokens: planVisitCharge, requires: ['slot', 'deadline']}),
        wording('authenticationText', 'When the bank wants them to confirm', {
          max: 400,
          rows: 2,
          tokens: planVisitCharge,
          description: 'Added after the text when the bank asked for the customer to confirm the payment (no charge can be made while they are away).',
        }),
        wording('actionText', 'Button: sentence', {max: 300, rows: 2, tokens: planVisitCharge, description: 'Before the button to the manage page.'}),
        wording('actionLabel', 'Button', {max: 60, tokens: []}),
        wording('closing', 'Questions', {max: 400, rows: 2, tokens: planVisitCharge}),
      ],
    ),
    emailWording(
      'planVisitReleased',
      "A plan's visit: released",
      "Sent to the customer when no new card came before the deadline: the visit is not coming and its time is offered to others. The plan's later visits stay booked; the button opens the manage page (to give a new card for them). The office is told as well.",
      'customer',
      [
        wording('subject', 'Subject', {max: 120, tokens: planVisitCharge}),
        wording('preview', 'Preview line', {max: 200, tokens: planVisitCharge, description: 'Shown by mail programs after the subject.'}),
        wording('heading', 'Heading', {max: 80, tokens: planVisitCharge}),
        wording('body', 'Text', {max: 600, rows: 3, tokens: planVisitCharge, requires: ['slot']}),
        wording('actionText', 'Button: sentence', {max: 300, rows: 2, tokens: planVisitCharge, description: 'Before the button to the manage page.'}),
        wording('actionLabel', 'Button', {max: 60, tokens: []}),
        wording('closing', 'Questions', {max: 400, rows: 2, tokens: planVisitCharge}),
      ],
    ),
    // Reminders and review requests.
    emailWording(
      'bookingReminder',
      'Visit reminder',
      "Sent to the customer 48 hours before every visit (a one-time booking or a plan's visit; a visit booked for the next day only when it is more than 12 hours away), with the date and window, what to prepare for the visit's kind of service, and the manage link.",
      'customer',
      [
        wording('subject', 'Subject', {max: 120, tokens: reminder, requires: ['slot']}),
        wording('preview', 'Preview line', {max: 200, tokens: reminder, description: 'Shown by mail programs after the subject.'}),
        wording('heading', 'Heading', {max: 80, tokens: reminder}),
        wording('body', 'Text', {max: 600, rows: 3, tokens: reminder, requires: ['slot']}),
        wording('prepareHouse', 'What to prepare: house cleaning', {max: 800, rows: 4, tokens: reminder, description: 'After the text. One paragraph per line.'}),
        wording('prepareExterior', 'What to prepare: exterior cleaning', {max: 800, rows: 4, tokens: reminder, description: 'After the text. One paragraph per line.'}),
        wording('prepareCarpet', 'What to prepare: carpet cleaning', {max: 800, rows: 4, tokens: reminder, description: 'After the text. One paragraph per line.'}),
        wording('prepareCommercial', 'What to prepare: commercial cleaning', {max: 800, rows: 4, tokens: reminder, description: 'After the text. One paragraph per line.'}),
        wording('closing', 'Questions', {max: 400, rows: 2, tokens: reminder}),
        wording('manageLinkText', 'Manage link: sentence', {
          max: 300,
          rows: 2,
          tokens: reminder,
          description: "Before the button to the booking's private page (its label is the confirmation's).",
        }),
      ],
    ),
    emailWording(
      'reviewRequest',
      'Review request',
      "Sent to the customer when the office marks a visit done, at most once in 30 days per customer, with a button to the site settings' feedback address (none is sent without one).",
      'customer',
      [
        wording('subject', 'Subject', {max: 120, tokens: review}),
        wording('preview', 'Preview line', {max: 200, tokens: review, description: 'Shown by mail programs after the subject.'}),
        wording('heading', 'Heading', {max: 80, tokens: review}),
        wording('body', 'Text', {max: 600, rows: 3, tokens: review}),
        wording('linkText', 'Feedback link: sentence', {max: 300, rows: 2, tokens: review, description: 'Before the button to the feedback address.'}),
        wording('linkLabel', 'Feedback link: button', {max: 40, tokens: []}),
        wording('closing', 'Closing', {max: 400, rows: 2, tokens: review}),
      ],
    ),
    // A plan's changes, by the customer or the office.
    emailWording(
      'planChanged',
      'Plan changed',
      'Sent to the customer when a visit of their plan is skipped, or the plan is paused, resumed or cancelled (by them through the manage link, or by the office). One of the four texts follows the heading.',
      'customer',
      [
        wording('subject', 'Subject', {max: 120, tokens: planChanged}),
        wording('preview', 'Preview line', {max: 200, tokens: planChanged, description: 'Shown by mail programs after the subject.'}),
        wording('heading', 'Heading', {max: 80, tokens: planChanged}),
        wording('skippedText', 'A visit skipped', {max: 600, rows: 3, tokens: planChanged, requires: ['slot']}),
        wording('pausedText', 'Plan paused', {max: 600, rows: 3, tokens: planChanged}),
        wording('resumedText', 'Plan resumed', {max: 600, rows: 3, tokens: planChanged}),
        wording('cancelledText', 'Plan cancelled', {max: 600, rows: 3, tokens: planChanged}),
        wording('earlyCancellationText', 'Cancelled before the second visit', {max: 400, rows: 2, tokens: planChanged, requires: ['amount'], description: 'After the cancellation text when the difference to the one-time price is charged.'}),
        wording('closing', 'Questions', {max: 400, rows: 2, tokens: planChanged}),
        wording('manageLinkText', 'Manage link: sentence', {max: 300, rows: 2, tokens: planChanged, description: "Before the button to the page of the plan's next visit."}),
      ],
    ),
    // The one reminder after a checkout ended unpaid, and the page of its "no more e-mails" link.
    defineField({
      name: 'checkoutReminderEnabled',
      title: 'Remind unpaid checkouts',
      description:
        'When on, a customer whose checkout ended unpaid gets one e-mail with a link that fills their booking form in again, after the delay below, unless they booked since or asked for no more e-mails; at most one per address in 30 days. Off until the business turns it on.',
      type: 'boolean',
      group: 'customer',
      initialValue: false,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'checkoutReminderDelayHours',
      title: 'Remind unpaid checkouts after (hours)',
      description: 'How long after the checkout ended the reminder is sent: a whole number of hours from 1 to 168 (a week).',
      type: 'number',
      group: 'customer',
      initialValue: 24,
      validation: (rule) => rule.required().integer().min(1).max(168),
    }),
    emailWording(
      'checkoutReminder',
      'Unpaid checkout reminder',
      'Sent once to the address given on a booking form whose checkout ended unpaid (see the switch above). Nobody has confirmed that address, so it repeats nothing the visitor typed: no name, no service, no address; the button fills the form in again with their choices and e-mail only.',
      'customer',
      [
        wording('subject', 'Subject', {max: 120, tokens: checkoutReminder}),
        wording('preview', 'Preview line', {max: 200, tokens: checkoutReminder, description: 'Shown by mail programs after the subject.'}),
        wording('heading', 'Heading', {max: 80, tokens: checkoutReminder}),
        wording('body', 'Text', {max: 600, rows: 3, tokens: checkoutReminder}),
        wording('linkText', 'Booking form link: sentence', {max: 300, rows: 2, tokens: checkoutReminder, requires: ['until'], description: 'Before the button that opens the booking form filled in.'}),
        wording('linkLabel', 'Booking form link: button', {max: 40, tokens: []}),
        wording('stopText', 'No more e-mails: sentence', {max: 300, rows: 2, tokens: checkoutReminder, description: 'The last line, followed by the link that stops these e-mails to this address.'}),
      ],
    ),
    emailWording(
      'emailPreferences',
      'No more e-mails page',
      'The page the "no more e-mails" link of an unpaid checkout reminder opens: one button stops such e-mails to that address.',
      'customer',
      [
        wording('heading', 'Heading', {max: 80, tokens: preferences}),
        wording('body', 'Text', {max: 400, rows: 2, tokens: preferences}),
        wording('button', 'Button', {max: 40, tokens: []}),
        wording('done', 'After the button', {max: 400, rows: 2, tokens: preferences}),
        wording('linkInvalid', 'A link that does not work', {max: 400, rows: 2, tokens: preferences, description: 'A link changed or cut short on the way.'}),
        wording('linkExpired', 'A link too old', {max: 400, rows: 2, tokens: preferences}),
        wording('unavailable', 'Could not be saved', {max: 400, rows: 2, tokens: preferences, description: 'When the stop could not be saved just now (try again).'}),
      ],
    ),
  ],
  preview: {prepare: () => ({title: 'E-mails'})},
})
