/**
 * Every word staff read in the office (its pages and the sign-in e-mail to staff). The office is not
 * marketing copy, so its words stay in code, in this one module (decisions.md, "The office"); every
 * word a customer reads is content. Each area of the office adds its words as one object at the end.
 */

/** The office's shell, sign-in, the Staff page and the history of staff actions (issue 22, access). */
export const accessWords = {
  office: 'Office',
  /** The name of the first owner of a new database (they may change it by being added again). */
  firstOwnerName: 'Owner',
  skipLink: 'Skip to main content',
  nav: {
    label: 'Office',
    schedule: 'Schedule',
    bookings: 'Bookings',
    attention: 'Needs attention',
    leads: 'Leads',
    calendars: 'Crews’ calendars',
    staff: 'Staff',
  },
  signedInAs: 'Signed in as',
  roles: {owner: 'Owner', staff: 'Staff'},
  signOut: 'Sign out',
  forbidden: {
    title: 'Not for your role',
    body: 'Only an owner can open this page. Ask an owner if you need something changed here.',
    back: 'Back to the schedule',
  },
  signIn: {
    title: 'Sign in to the office',
    intro: 'Enter the e-mail address the owner added you with. We will send you a link to sign in: no password needed.',
    emailLabel: 'Your e-mail address',
    submit: 'E-mail me a sign-in link',
    sentTitle: 'Check your e-mail',
    sent: (email: string) =>
      `If ${email} belongs to a member of staff, a sign-in link is on its way. It works for 15 minutes, once, and only in this browser.`,
    sendAnother: 'Use another address',
    invalidEmail: 'Enter an e-mail address such as name@example.com.',
    throttled: (minutes: number) => `Too many sign-in links were asked for. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    signedOut: 'You are signed out.',
    sessionEnded: 'Your session ended. Sign in again to continue.',
    unavailable: 'Signing in is unavailable right now. Try again in a minute.',
  },
  verify: {
    title: 'Sign in to the office',
    intro: 'You opened a sign-in link. Press the button to sign in in this browser.',
    button: 'Sign in',
    refusedTitle: 'This link cannot sign you in',
    refused: {
      unknown: 'This sign-in link is not valid. Ask for a new one.',
      used: 'This sign-in link has already been used. Each link works once: ask for a new one.',
      expired: 'This sign-in link has expired (links work for 15 minutes). Ask for a new one.',
      other_browser:
        'This sign-in link was asked for in another browser. Open it in the browser where you asked for it, or ask for a new one here.',
      removed: 'This address can no longer sign in to the office.',
    },
    askAgain: 'Ask for a new link',
  },
  email: {
    subject: 'Your sign-in link to the office',
    preview: 'Sign in to the office: the link works for 15 minutes.',
    heading: 'Sign in to the office',
    body: (expires: string) =>
      `Use the button below to sign in. The link works once, until ${expires}, and only in the browser where you asked for it.`,
    buttonText: 'Open this link in the same browser:',
    button: 'Sign in to the office',
    notYou: 'If you did not ask to sign in, ignore this e-mail: nobody can use the link without your browser.',
  },
  staff: {
    title: 'Staff',
    intro: 'Who may sign in to the office. Owners also add and remove staff; staff do everything else.',
    listCaption: 'Current staff',
    columns: {name: 'Name', email: 'E-mail', role: 'Role', since: 'Added', actions: 'Actions'},
    you: '(you)',
    remove: (name: string) => `Remove ${name}`,
    removeButton: 'Remove',
    addTitle: 'Add a member of staff',
    nameLabel: 'Name',
    emailLabel: 'E-mail',
    roleLabel: 'Role',
    addButton: 'Add',
    historyTitle: 'Changes to staff',
    done: {added: 'Added. They can now sign in with their e-mail address.', removed: 'Removed. Their sessions have ended.'} as Record<string, string>,
    problems: {
      name: 'Enter a name (up to 100 characters).',
      email: 'Enter an e-mail address such as name@example.com.',
      role: 'Choose a role.',
      email_taken: 'Someone on the staff already has this e-mail address.',
      yourself: 'You cannot remove yourself. Another owner can.',
      last_owner: 'The last owner cannot be removed. Add another owner first.',
      not_found: 'That member was already removed.',
      not_owner: 'Only an owner can change the staff.',
    } as Record<string, string>,
  },
  history: {
    title: 'History',
    empty: 'No staff action yet.',
    columns: {when: 'When', who: 'Who', what: 'What', change: 'Change'},
    nothing: '—',
    actions: {staff_added: 'Added a member of staff', staff_removed: 'Removed a member of staff'} as Record<string, string>,
    fields: {name: 'Name', email: 'E-mail', role: 'Role'} as Record<string, string>,
  },
}

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
