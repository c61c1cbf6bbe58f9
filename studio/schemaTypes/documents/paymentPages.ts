import {CreditCardIcon} from '@sanity/icons/CreditCard'
import {defineField, defineType} from 'sanity'
import {CHANGE_HISTORY_TOKENS, missingTokens, unknownTokens} from '../../../lib/email/tokens'
import {requiredText, TEXT_LENGTH} from '../objects/requiredText'

/** A line of the manage page's list of changes: it must keep its {tokens}, and may use no other. */
function historyLine(name: keyof typeof CHANGE_HISTORY_TOKENS, title: string, description: string) {
  const tokens: readonly string[] = CHANGE_HISTORY_TOKENS[name]
  const list = tokens.map((token) => `{${token}}`).join(' and ')
  return defineField({
    name: `${name}History`,
    title,
    description: [description, list ? `Must contain ${list}: the page fills ${tokens.length > 1 ? 'them' : 'it'} in.` : ''].filter(Boolean).join(' '),
    type: 'string',
    validation: (rule) =>
      rule
        .required()
        .max(TEXT_LENGTH.sentence)
        .custom((value: string | undefined) => {
          if (typeof value !== 'string') return true
          const unknown = unknownTokens(value, tokens)
          if (unknown.length > 0) return `Unknown ${unknown.map((token) => `{${token}}`).join(', ')}: use ${list || 'no tokens'}`
          const missing = missingTokens(value, tokens)
          return missing.length === 0 ? true : `Keep ${missing.map((token) => `{${token}}`).join(' and ')} in the text: the page fills it in.`
        }),
  })
}

/**
 * What a customer reads when the payment page sends them back (/success and /cancel), and on the
 * private page that manages a paid booking (the link in the confirmation e-mail). One document.
 */
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
        // When the paid booking started a plan (a recurring frequency).
        requiredText('planHeading', 'Plan: heading', 'Above the plan and its next visits, when the booking started a plan.', TEXT_LENGTH.heading),
        requiredText('planIntro', 'Plan: what it is', 'May use {frequency} (as sold, e.g. Weekly), {weekday} and {window}, filled in from the plan.', 300),
        requiredText('planNote', 'Plan: payment and changes', 'Under the list of visits: how they are charged, and skipping, moving, pausing or cancelling.', 300),
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
    defineField({
      name: 'manage',
      title: 'Manage a booking (the link in the confirmation e-mail, and in the e-mail of each change)',
      type: 'object',
      validation: (rule) => rule.required(),
      fields: [
        requiredText('heading', 'Heading', 'Also the browser tab title.', TEXT_LENGTH.heading),
        requiredText('linkInvalid', 'Link does not work', 'Changed, cut short, or for no booking. The phone number follows.'),
        requiredText('linkExpired', 'Link expired', 'A week after the arrival window. The phone number follows.'),
        requiredText(
          'linkReplaced',
          'Link replaced',
          'A link of an earlier e-mail, after the booking was moved or a cancellation was asked for: each change sends a new link. Point to the latest e-mail. The phone number follows.',
        ),
        requiredText('changeable', 'What the customer can do', 'More than 24 hours before the arrival window.'),
        requiredText('tooLate', 'Too late to change online', 'Within 24 hours of the arrival window. The phone number follows.'),
        requiredText('cancellationRequested', 'Cancellation asked for', 'After the customer asked to cancel.'),
        requiredText('notChangeable', 'Cannot be changed online', 'A booking that is not paid. The phone number follows.'),
        requiredText('callUs', 'Before the phone number', undefined, TEXT_LENGTH.label),
        requiredText('moveHeading', 'Move: heading', undefined, TEXT_LENGTH.heading),
        requiredText('moveButton', 'Move: button', undefined, TEXT_LENGTH.label),
        requiredText('moved', 'Moved', 'After a move.'),
        requiredText('sameWindow', 'Same window chosen'),
        requiredText('cancelHeading', 'Cancel: heading', undefined, TEXT_LENGTH.heading),
        requiredText('cancelIntro', 'Cancel: what happens'),
        requiredText('cancelButton', 'Cancel: button', undefined, TEXT_LENGTH.label),
        requiredText('cancelConfirm', 'Cancel: are you sure?'),
        requiredText('cancelConfirmButton', 'Cancel: confirm button', undefined, TEXT_LENGTH.label),
        requiredText('keepButton', 'Cancel: keep the booking button', undefined, TEXT_LENGTH.label),
        requiredText('historyHeading', 'Changes: heading', undefined, TEXT_LENGTH.heading),
        historyLine('moved', 'Changes: a move', 'Each move, followed by when it was made. {from} and {to} are the dates and arrival windows.'),
        historyLine('cancellationRequested', 'Changes: a cancellation request', 'Followed by when it was asked.'),
        requiredText('failed', 'Change not saved', 'The database could not be reached.'),
        requiredText('unavailable', 'Booking cannot be shown', 'The database could not be reached when the page opened. The phone number follows.'),
      ],
    }),
    // The plan section of the manage page of a plan's visit.
    defineField({
      name: 'managePlan',
      title: "Manage a plan (the plan section of a plan visit's manage page)",
      type: 'object',
      validation: (rule) => rule.required(),
      fields: [
        requiredText('heading', 'Heading', undefined, TEXT_LENGTH.heading),
        requiredText('frequencyLabel', 'How often: label', undefined, TEXT_LENGTH.label),
        requiredText('statusLabel', 'Status: label', undefined, TEXT_LENGTH.label),
        requiredText('statusActive', 'Status: active', undefined, TEXT_LENGTH.label),
        requiredText('statusPaused', 'Status: paused', undefined, TEXT_LENGTH.label),
        requiredText('statusCancelled', 'Status: cancelled', undefined, TEXT_LENGTH.label),
        requiredText('cardLabel', 'Card: label', undefined, TEXT_LENGTH.label),
        requiredText('noCard', 'Card: none saved', undefined, TEXT_LENGTH.label),
        requiredText('cardDeclined', 'Card declined', 'When a visit was declined: ask for a new card before its deadline.'),
        requiredText('visitsHeading', 'Next visits: heading', undefined, TEXT_LENGTH.heading),
        requiredText('noVisits', 'Next visits: none', 'A paused or cancelled plan, or none generated yet.'),
        requiredText('visitNotCharged', 'Visit: not charged yet', 'Later visits are charged 48 hours before.', TEXT_LENGTH.label),
        requiredText('visitCharged', 'Visit: charged', undefined, TEXT_LENGTH.label),
        requiredText('visitDeclined', 'Visit: card declined', undefined, TEXT_LENGTH.label),
        requiredText('visitElsewhere', 'Visit: in another window', 'The plan\'s own window was full that week.', TEXT_LENGTH.label),
        requiredText('visitOpen', 'Visit: link to move it', 'Opens the visit\'s own page (move it there).', TEXT_LENGTH.label),
        requiredText('thisVisit', 'Visit: the one on this page', undefined, TEXT_LENGTH.label),
        requiredText('skipButton', 'Skip: button', undefined, TEXT_LENGTH.label),
        requiredText('skipped', 'Skipped', 'After a visit is skipped (its place is offered again, it is not charged).'),
        requiredText('skipCharged', 'Skip: already charged', 'A visit charged already (48 to 24 hours before): open it and ask to cancel; the business refunds.'),
        requiredText('skipCharging', 'Skip: being charged', 'The charge is being made at this moment: try again in a minute.'),
        requiredText('notScheduled', 'Skip: nothing to skip', 'Already skipped or cancelled.'),
        requiredText('pauseHeading', 'Pause: heading', undefined, TEXT_LENGTH.heading),
        requiredText('pauseIntro', 'Pause: what happens', 'Visits more than 24 hours away are released and not charged; visits within 24 hours stay.'),
        requiredText('pauseButton', 'Pause: button', undefined, TEXT_LENGTH.label),
        requiredText('paused', 'Paused', 'After pausing.'),
        requiredText('resumeIntro', 'Resume: what happens'),
        requiredText('resumeButton', 'Resume: button', undefined, TEXT_LENGTH.label),
        requiredText('resumed', 'Resumed', 'After resuming.'),
        requiredText('alreadyPaused', 'Already paused'),
        requiredText('alreadyActive', 'Already active'),
        requiredText('cancelHeading', 'Cancel the plan: heading', undefined, TEXT_LENGTH.heading),
        requiredText('cancelIntro', 'Cancel the plan: what happens', 'Visits more than 24 hours away are released; visits within 24 hours stay.'),
        requiredText('earlyCancellationNotice', 'Cancel the plan: the difference', 'Before the second visit: {amount} is the difference to the one-time price, charged to the saved card.'),
        requiredText('cancelButton', 'Cancel the plan: button', undefined, TEXT_LENGTH.label),
        requiredText('cancelConfirm', 'Cancel the plan: are you sure?'),
        requiredText('cancelConfirmButton', 'Cancel the plan: confirm button', undefined, TEXT_LENGTH.label),
        requiredText('keepButton', 'Cancel the plan: keep the plan button', undefined, TEXT_LENGTH.label),
        requiredText('cancelled', 'Plan cancelled', 'After cancelling.'),
        requiredText('earlyCharged', 'Plan cancelled: difference charged', '{amount} was charged to the saved card.'),
        requiredText('earlyNotCharged', 'Plan cancelled: difference not charged', 'The card did not take {amount}: the office calls.'),
        requiredText('planCancelled', 'Plan is cancelled', 'Nothing more can be changed.'),
        requiredText('cardHeading', 'New card: heading', undefined, TEXT_LENGTH.heading),
      ],
    }),
    // A plan's new card (the manage page's form and /manage-booking/card).
    defineField({
      name: 'cardUpdate',
      title: "Change a plan's card (the manage page of a plan's visit, and the page the card checkout returns to)",
      type: 'object',
      validation: (rule) => rule.required(),
      fields: [
        requiredText('heading', 'Heading', 'Also the browser tab title of the return page.', TEXT_LENGTH.heading),
        requiredText('intro', 'What the card is for', "On the manage page, above the button: the plan's later visits are charged to it."),
        requiredText('currentCard', 'Before the card on file', "Followed by the card, e.g. 'Visa ending 4242'.", TEXT_LENGTH.label),
        requiredText('button', 'Button', 'Opens the card page of the payment provider.', TEXT_LENGTH.label),
        requiredText('saved', 'New card saved'),
        requiredText('savedRetry', 'New card saved, declined visits charged again', 'When visits whose payment was declined are now charged to the new card.'),
        requiredText('cancelled', 'No new card', 'The customer left the card page without saving.'),
        requiredText('notSaved', 'Card not saved', 'The card page did not finish.'),
        requiredText('noPlan', 'Not a plan', 'The booking of the link is a one-time visit.'),
        requiredText('planCancelled', 'Plan cancelled'),
        requiredText('noCard', 'Card cannot be changed online', 'The plan has no card with the payment provider in use. The phone number follows.'),
        requiredText('notThisPlan', 'Card page of another plan'),
        requiredText('rateLimited', 'Too many tries'),
        requiredText('unavailable', 'Card cannot be changed now', 'The database or the payment provider could not be reached. The phone number follows.'),
        requiredText('backButton', 'Back to the booking button', undefined, TEXT_LENGTH.label),
      ],
    }),
  ],
  preview: {prepare: () => ({title: 'Payment result pages'})},
})
