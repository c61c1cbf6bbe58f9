/**
 * The words staff read about the crews' calendars, and what the crews' calendar feeds say. The office is not marketing copy, so its words stay in code, one words.ts per area of
 * the office beside the code that shows them; every word a customer reads is content.
 */

/** Crews' calendars: the page /office/calendars and what the crews' calendar feeds say. */
export const crewCalendarWords = {
  pageTitle: 'Crews’ calendars',
  intro:
    'Each crew has a calendar subscription address. Add it to the crew phones’ calendars once: they then show every paid booking of that crew, and keep up as bookings move or are cancelled.',
  howToSubscribe: {
    heading: 'How to add it to a phone',
    iphone: 'iPhone: open the webcal link on the phone (or Settings → Calendar → Accounts → Add Account → Other → Add Subscribed Calendar, and paste the address).',
    android: 'Android (Google Calendar): on a computer, open calendar.google.com → Other calendars → + → From URL, paste the address; it then shows on the phone.',
    refresh:
      'Calendars check the address on their own schedule: an iPhone as often as set in its calendar settings (every 15 minutes at best), Google Calendar every few hours and sometimes only once a day. A move or a cancellation shows up at the next check; for a change today, call the crew.',
  },
  feedHolds:
    'The calendar holds the crew’s paid bookings from four weeks back to the last bookable day: arrival window, address, customer and phone, key and access information, and notes. Cancelled bookings stay marked as cancelled for those four weeks, so phones take them off.',
  secretNote:
    'Anyone with the address can read these bookings (addresses and phone numbers): share it only with the crew. If it leaks, make a new one: the old one stops working at once.',
  crewHeading: (crewName: string) => crewName,
  noAddress: 'No address yet.',
  addressMade: (when: string, who: string) => `Address made ${when} by ${who}.`,
  lastRead: (when: string) => `A calendar last read it ${when}.`,
  neverRead: 'No calendar has read it yet.',
  makeAddress: 'Make an address',
  makeNewAddress: 'Make a new address (the current one stops working)',
  revokeAddress: 'Revoke the address',
  newAddressHeading: 'The new address',
  newAddressOnce:
    'Copy it now: it is shown only this once (only a fingerprint of it is kept). If it is lost, make a new one.',
  addressLabel: 'Subscription address',
  copy: 'Copy the address',
  copied: 'Copied.',
  copyFailed: 'Could not copy: select the address and copy it.',
  webcalLink: 'Open in this device’s calendar (webcal)',
  done: {
    made: (crewName: string) => `A new address for ${crewName} is ready below.`,
    replaced: (crewName: string) => `A new address for ${crewName} is ready below; the old one no longer works.`,
    revoked: (crewName: string) => `The address of ${crewName} no longer works.`,
    none: (crewName: string) => `${crewName} had no address to revoke.`,
  },
  problem: {
    unknownCrew: 'That crew does not exist.',
  },
  history: {
    heading: 'What staff did',
    address_made: (crewName: string) => `Made a new address for ${crewName}`,
    address_revoked: (crewName: string) => `Revoked the address of ${crewName}`,
  },
  feed: {
    calendarName: (companyName: string, crewName: string) => `${companyName} — ${crewName}`,
    cancelledSummary: (summary: string) => `Cancelled: ${summary}`,
    booking: (reference: string, service: string) => `Booking ${reference}: ${service}`,
    arrival: (window: string) => `Arrival window: ${window} (Renton time)`,
    wholeDay: 'No arrival window: any time that day',
    customer: (name: string) => `Customer: ${name}`,
    phone: (phone: string) => `Phone: ${phone}`,
    notes: (notes: string) => `Notes: ${notes}`,
    cancelled: (when: string) => `CANCELLED by the office on ${when}. Do not go.`,
    cancellationRequested: (when: string) => `The customer asked to cancel on ${when}; still booked until the office cancels it.`,
    outcome: {done: 'Marked done.', no_show: 'Marked as a no-show.'},
    office: (url: string) => `In the office: ${url}`,
    // The feed's answers besides the calendar (read by a calendar app, or whoever guessed).
    notFound: 'Not found',
    tooManyRequests: 'Too many requests',
  },
} as const
