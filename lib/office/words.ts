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
  /** The plain answers of office endpoints refused before any work (scripts and odd clients read them). */
  answers: {
    foreignOrigin: 'Forbidden: this change did not come from the office’s own pages.',
    signInFirst: 'Unauthorized: sign in to the office first.',
    ownersOnly: 'Forbidden: only an owner may do this.',
    unreadableForm: 'Bad Request: send the form as application/x-www-form-urlencoded, at most 32 kB.',
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
    /** Read by screen readers between a field's value before and after (the arrow is hidden from them). */
    changedTo: 'changed to',
    actions: {staff_added: 'Added a member of staff', staff_removed: 'Removed a member of staff'} as Record<string, string>,
    fields: {name: 'Name', email: 'E-mail', role: 'Role'} as Record<string, string>,
  },
}
