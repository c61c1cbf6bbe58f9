/**
 * The words staff read about getting into the office: its shell, signing in (and the sign-in e-mail to staff), the Staff page and the history of staff actions. The office is not marketing copy, so its words stay in code, one words.ts per area of
 * the office beside the code that shows them; every word a customer reads is content.
 */

/** The office's shell, sign-in, the Staff page and the history of staff actions. */
export const accessWords = {
  office: 'Office',
  /** The name of the first owner of a new database (OFFICE_OWNER_NAME, else this), until they rename themselves on the Staff page. */
  firstOwnerName: 'Owner',
  skipLink: 'Skip to main content',
  nav: {
    label: 'Office',
    dashboard: 'Dashboard',
    schedule: 'Schedule',
    bookings: 'Bookings',
    attention: 'Needs attention',
    leads: 'Leads',
    customers: 'Customers',
    checkouts: 'Checkouts',
    calendars: 'Crews’ calendars',
    staff: 'Staff',
    plans: 'Plans',
    /** After a menu entry's count, for screen readers (the count shows as a badge; none at 0). */
    waiting: (count: number) => `${count.toLocaleString('en-US')} waiting`,
  },
  /** The plain answers of office endpoints refused before any work (scripts and odd clients read them). */
  answers: {
    foreignOrigin: 'Forbidden: this change did not come from the office’s own pages.',
    signInFirst: 'Unauthorized: sign in to the office first.',
    notForYourRole: 'Forbidden: your role in the office does not allow this.',
    unreadableForm: 'Bad Request: send the form as application/x-www-form-urlencoded, at most 32 kB.',
  },
  signedInAs: 'Signed in as',
  roles: {owner: 'Owner', office: 'Office', crew: 'Crew'} as Record<string, string>,
  signOut: 'Sign out',
  /** The member's own alerts page (/office/alerts), beside Sign out. */
  yourAlerts: 'Your alerts',
  forbidden: {
    title: 'Not for your role',
    body: 'Your role in the office does not open this page. Ask an owner if you need something changed here.',
    back: 'Back to the office',
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
  /** The e-mail a new member gets when the owner adds them. */
  invitation: {
    subject: 'You are invited to the office',
    preview: (invitedBy: string) => `${invitedBy} added you to the office.`,
    heading: (name: string) => `Welcome, ${name}`,
    body: (invitedBy: string, role: string) => `${invitedBy} added you to the office as ${role}.`,
    how: (email: string) =>
      `To sign in, open the sign-in page below and ask for a link: it is e-mailed to ${email} and works in the browser where you asked for it. No password needed.`,
    roles: {owner: 'an owner', office: 'office staff', crew: 'a crew member'} as Record<string, string>,
    crewRole: (crew: string) => `a member of the ${crew} crew`,
    buttonText: 'Open the sign-in page:',
    button: 'Go to the sign-in page',
    notYou: 'If you were not expecting this, ignore this e-mail: nobody can sign in without a link sent to this address.',
  },
  staff: {
    title: 'Staff',
    intro: 'Who may sign in to the office. Owners do everything, including staff, refunds, exports and crew-calendar addresses; the office runs the schedule, bookings, leads and plans; a crew member sees their crew\'s day.',
    listCaption: 'Current staff',
    columns: {name: 'Name', email: 'E-mail', role: 'Role', since: 'Added', actions: 'Actions'},
    you: '(you)',
    /** A crew member's role in the list: their crew named. */
    crewRole: (crew: string) => `Crew: ${crew}`,
    noCrew: 'Crew: none yet (opens nothing)',
    crewLabel: 'Crew',
    crewHint: 'For a crew member: the crew whose day they see.',
    crewNone: 'No crew (not a crew member)',
    edit: (name: string) => `Change ${name}`,
    editButton: 'Change',
    editTitle: (name: string) => `Change ${name}`,
    saveButton: 'Save',
    /** Shown to an owner still called by the name the office gave the first owner. */
    renameYourself: (name: string) => `You are listed as “${name}”, and replies you send are signed with it. Change your name below.`,
    remove: (name: string) => `Remove ${name}`,
    removeButton: 'Remove',
    addTitle: 'Add a member of staff',
    nameLabel: 'Name',
    emailLabel: 'E-mail',
    roleLabel: 'Role',
    addButton: 'Add',
    historyTitle: 'Changes to staff',
    done: {
      added: 'Added. An invitation to sign in is on its way to their e-mail address.',
      removed: 'Removed. Their sessions have ended.',
      changed: 'Saved.',
      unchanged: 'Nothing to change.',
    } as Record<string, string>,
    problems: {
      name: 'Enter a name (up to 100 characters).',
      email: 'Enter an e-mail address such as name@example.com.',
      role: 'Choose a role.',
      crew: 'Choose the crew of a crew member.',
      email_taken: 'Someone on the staff already has this e-mail address.',
      yourself: 'You cannot remove yourself. Another owner can.',
      last_owner: 'The last owner cannot be removed or given another role. Add another owner first.',
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
    yes: 'yes',
    no: 'no',
    /** Yes/no fields told in their own words. */
    booleans: {
      replacedAddress: {true: 'yes (the old address stopped working)', false: 'no (the crew’s first address)'},
      revoked: {true: 'revoked', false: 'active'},
      active: {true: 'active', false: 'revoked'},
    } as Record<string, {true: string; false: string}>,
    actions: {staff_added: 'Added a member of staff', staff_removed: 'Removed a member of staff', staff_changed: 'Changed a member of staff'} as Record<string, string>,
    fields: {name: 'Name', email: 'E-mail', role: 'Role', crew: 'Crew'} as Record<string, string>,
  },
}
