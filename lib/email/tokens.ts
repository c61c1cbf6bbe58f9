/**
 * The {tokens} editors may write in the e-mail wording (the E-mails document in the Studio) and in
 * the manage page's list of changes, filled in for each message or line. Plain TypeScript, shared
 * with the Studio's validation.
 */

export const EMAIL_TOKENS = {
  /**
   * Acknowledgements of a quote request or a contact message, sent to an address nobody has
   * confirmed: nothing the visitor typed but the first name; {reference} is the submission's.
   */
  customer: ['firstName', 'reference', 'companyName', 'phone'],
  /** The acknowledgement of an in-home estimate request: only what the site offered, nothing typed. */
  estimate: ['date', 'window', 'reference', 'companyName', 'phone'],
  /** The booking confirmation. */
  booking: ['firstName', 'reference', 'service', 'date', 'companyName', 'phone'],
  /** Subjects of the business's notifications. */
  business: ['name', 'service', 'reference'],
  /** The customer's e-mail after moving a booking: {slot} is the new date and window, {previousSlot} the old one. */
  bookingMoved: ['firstName', 'reference', 'service', 'slot', 'previousSlot', 'companyName', 'phone'],
  /** The customer's e-mail after asking to cancel: {slot} is the booking's date and window. */
  cancellationRequest: ['firstName', 'reference', 'service', 'slot', 'companyName', 'phone'],
  /** The customer's e-mail after the office cancelled a booking: {slot} its date and window, {amount} what was refunded. */
  bookingCancelled: ['firstName', 'reference', 'service', 'slot', 'amount', 'companyName', 'phone'],
  /**
   * The customer's e-mail after the owner refunded part of a booking, the visit kept: {amount} this
   * refund, {total} every refund of it so far, {reason} why (a reason's own text, or the owner's words).
   */
  bookingRefunded: ['firstName', 'reference', 'service', 'slot', 'amount', 'total', 'reason', 'companyName', 'phone'],
  /** The words around a reply written in the office: {reference} is the lead's. */
  leadReply: ['firstName', 'reference', 'companyName', 'phone'],
  // The plan section of a plan's first confirmation: {frequency} as sold ('Weekly'),
  // {weekday} ('Tuesday') and {window} ('8:00 AM – 10:00 AM') of the plan; {number} a visit's place in it.
  planConfirmation: ['firstName', 'frequency', 'weekday', 'window', 'companyName', 'phone'],
  planVisitNumber: ['number'],
  /**
   * A plan's visit placed in another window of its week, or with none free: {slot} is
   * where it was placed (or its usual date and window when none was free), {usualSlot} its usual one.
   */
  planVisit: ['firstName', 'reference', 'service', 'slot', 'usualSlot', 'companyName', 'phone'],
  /**
   * A plan's visit whose charge the card refused, and its release: {slot} the visit's date and
   * window, {amount} its price, {card} the card ('Visa ending 4242'), {deadline} until when it keeps its place.
   */
  planVisitCharge: ['firstName', 'reference', 'service', 'slot', 'amount', 'card', 'deadline', 'companyName', 'phone'],
  /** The reminder 48 hours before a visit: {slot} is its date and window. */
  bookingReminder: ['firstName', 'reference', 'service', 'slot', 'date', 'companyName', 'phone'],
  /** The review request after a visit is done: {date} is the visit's day. */
  reviewRequest: ['firstName', 'reference', 'service', 'date', 'companyName', 'phone'],
  /** The customer's e-mail after a change of their plan: {slot} the visit skipped, {amount} the early-cancellation difference. */
  planChanged: ['firstName', 'service', 'frequency', 'slot', 'amount', 'companyName', 'phone'],
  /**
   * The one reminder after a checkout ended unpaid, sent to an address nobody has confirmed: nothing
   * the visitor typed (no name, no service, no address), only the booking's {reference}, {until} (the
   * day its link stops working) and the company's facts.
   */
  checkoutReminder: ['reference', 'until', 'companyName', 'phone'],
  /** The page a "no more e-mails" link opens: the company's facts only. */
  emailPreferences: ['companyName', 'phone'],
} as const

/**
 * Tokens that would repeat what a visitor typed (or their browser sent: the page's {service}) in an
 * acknowledgement to an address nobody has confirmed, which would let anyone send their text to
 * anyone's inbox under the company's name. The Studio refuses them there with this reason.
 */
export const TYPED_TEXT_TOKENS = [
  'service',
  'name',
  'fullName',
  'lastName',
  'email',
  'customerPhone',
  'address',
  'zipCode',
  'squareFootage',
  'desiredServices',
  'heardAboutUs',
  'message',
  'notes',
] as const

/** The tokens of `text` that would repeat typed text (TYPED_TEXT_TOKENS), for wording that allows none of them. */
export function typedTextTokens(text: string, allowed: readonly string[]): string[] {
  return unknownTokens(text, allowed).filter((token) => (TYPED_TEXT_TOKENS as readonly string[]).includes(token))
}

/**
 * The {tokens} of the manage page's list of changes (the Payment result pages document): each line
 * must keep all of its own, as the page fills them in ('Moved from {from} to {to}').
 */
export const CHANGE_HISTORY_TOKENS = {
  moved: ['from', 'to'],
  cancellationRequested: [],
} as const

const TOKEN = /\{([A-Za-z]+)\}/g

/** The {tokens} in `text` that are not in `allowed`. */
export function unknownTokens(text: string, allowed: readonly string[]): string[] {
  return [...text.matchAll(TOKEN)].map((match) => match[1]).filter((token) => !allowed.includes(token))
}

/** The tokens of `required` that `text` leaves out. */
export function missingTokens(text: string, required: readonly string[]): string[] {
  return required.filter((token) => !text.includes(`{${token}}`))
}

/**
 * `text` with each known {token} replaced by its value; unknown or missing ones are left out. A value
 * ending in a full stop before one in the text gives one ('at {companyName}.' with 'Co.').
 */
export function fillTokens(text: string, values: Record<string, string | null | undefined>): string {
  return text
    .replace(/\{([A-Za-z]+)\}(\.?)/g, (_, token: string, stop: string) => {
      const value = (Object.hasOwn(values, token) ? values[token] : null) ?? ''
      return stop && value.endsWith('.') ? value : value + stop
    })
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/\s+([,.!?])/g, '$1')
    .trim()
}
