/**
 * The office's own words (staff read them; customers never do): one module, one exported object
 * per area, each area's added at the end so merges stay easy.
 */

/** Cancelling with a refund, and Needs attention (/office/attention). */
export const MONEY_WORDS = {
  cancel: {
    heading: 'Cancel this booking',
    open: 'Cancel booking…',
    intro: 'The customer gets one e-mail saying it is cancelled and what was refunded. Its place in the window is offered again.',
    requestNote: 'The customer asked to cancel: cancelling here completes their request.',
    amountLabel: 'Refund (dollars)',
    amountHint: (refundable: string) => `From 0 (cancel without a refund) up to ${refundable}, what was paid. Full refund: leave ${refundable}.`,
    submit: 'Cancel and refund',
    notPaid: 'Only a paid booking can be cancelled here. An unpaid hold ends on its own when its checkout expires.',
    alreadyCancelled: (refunded: string) => `Cancelled; ${refunded} refunded.`,
  },
  /** Why a cancel was refused, by the code the route puts in `?problem=`. */
  cancelProblems: {
    required: 'Enter the amount to refund: 0 cancels without a refund.',
    format: 'Enter dollars and cents, for example 120 or 120.50.',
    tooMuch: (refundable: string) => `That is more than was paid. At most ${refundable} can be refunded.`,
    in_progress: 'Another cancellation of this booking is under way. Reload the page in a moment to see it.',
    not_paid: 'This booking is not paid, so there is nothing to cancel and refund here.',
    already_cancelled: 'This booking was already cancelled.',
    refund_refused: 'The payment provider refused the refund, so nothing changed: the booking is still paid and booked.',
    provider_unreachable:
      'The payment provider did not answer, so we cannot tell yet whether the refund went through. Nothing is cancelled. Try again in 5 minutes: the same refund is sent again, never a second one.',
    other_provider: 'This booking was paid through another payment provider than the one set up now, so it cannot be refunded from here.',
    not_found: 'No such booking.',
  },
  cancelDone: (refunded: string) => `Cancelled. ${refunded} refunded; the customer is e-mailed.`,
  cancelDoneNoRefund: 'Cancelled without a refund; the customer is e-mailed.',
  attention: {
    title: 'Needs attention',
    intro: 'Payments that came after their hold ended, customers asking to cancel, and e-mails that could not be sent.',
    latePayments: 'Payments after the hold ended',
    latePaymentsNone: 'No late payments.',
    latePaymentsHelp:
      "The customer paid after the time held for the booking had ended. Take it if its window still has room (the booking becomes paid and the customer gets the confirmation), or refund it in full.",
    received: 'Received',
    amount: 'Amount',
    window: 'Window',
    customer: 'Customer',
    booking: 'Booking',
    take: 'Take it',
    refund: 'Refund in full',
    requests: 'Cancellation requests',
    requestsNone: 'No customer is waiting for a cancellation.',
    requested: 'Asked',
    paid: 'Paid',
    openBooking: 'Open the booking to cancel and refund',
    failedEmails: 'E-mails that could not be sent',
    failedEmailsNone: 'Every e-mail went out.',
    to: 'To',
    kind: 'What',
    error: 'Error',
    queued: 'Queued',
    attempts: 'Attempts',
    business: 'the business (site settings address)',
    resend: 'Send again',
  },
  attentionDone: {
    taken: 'Taken: the booking is paid in its window and the customer gets the confirmation.',
    refunded: 'Refunded in full; the customer is e-mailed.',
    resent: 'The e-mail is queued again and goes out in a moment.',
  },
  attentionProblems: {
    full: 'Its window is full now: refund the payment instead.',
    window_passed: 'Its window has begun or passed: refund the payment instead.',
    resolved: 'Someone has already taken or refunded this payment.',
    booking_changed: 'The booking changed meanwhile (paid or cancelled another way): check it before acting.',
    not_found: 'No such item any more.',
    in_progress: 'Another member is refunding this payment. Reload in a moment.',
    refund_refused: 'The payment provider refused the refund; nothing changed.',
    provider_unreachable: 'The payment provider did not answer; nothing changed yet. Try again in 5 minutes: the same refund is sent again, never a second one.',
    other_provider: 'This payment went through another payment provider than the one set up now: refund it there.',
    not_failed: 'That e-mail is no longer waiting to be sent again.',
  },
  /** E-mail kinds, by template, as staff read them. */
  emailKinds: {
    'booking_paid.customer': 'Booking confirmation',
    'booking_paid.business': 'Paid booking notification',
    'booking_rescheduled.customer': 'Booking moved',
    'booking_cancellation_requested.customer': 'Cancellation request received',
    'booking_cancelled.customer': 'Booking cancelled',
    'quote_request.customer': 'Quote request acknowledgement',
    'contact_message.customer': 'Contact message acknowledgement',
    'estimate_request.customer': 'Estimate request acknowledgement',
  } as Record<string, string>,
} as const
