/** The words staff read on the unpaid checkouts page (/office/checkouts). */
import type {CheckoutReminderState} from './read'

export const checkoutWords = {
  title: 'Unpaid checkouts',
  intro: (days: number) =>
    `Checkouts that ended unpaid in the last ${days} days, latest first, and whether the customer got the one reminder with the link that fills their form in again.`,
  settingsOn: (hours: number) => `Reminders are on: each is sent ${hours === 1 ? '1 hour' : `${hours} hours`} after the checkout ended (set in the Studio, E-mails).`,
  settingsOff: 'Reminders are off: turn them on in the Studio (E-mails, “Remind unpaid checkouts”).',
  unavailable: 'The checkouts could not be loaded. Try again in a minute.',
  none: 'No checkout ended unpaid in this time.',
  count: (n: number) => (n === 1 ? '1 checkout' : `${n.toLocaleString('en-US')} checkouts`),
  columns: {booking: 'Booking', customer: 'Customer', endedAt: 'Ended', reminder: 'Reminder'},
  states: {
    queued: 'Queued to send',
    sent: 'Sent',
    failed: 'Could not be sent',
    booked_since: 'Booked since: none sent',
    opted_out: 'Asked for no more e-mails',
    later_checkout: 'A later checkout is reminded instead',
    address_reminded: 'Address reminded in the last 30 days',
    not_due: 'Not due yet',
    too_old: 'Ended too long ago: none sent',
    due: 'Due: sent at the next run while reminders are on',
  } satisfies Record<CheckoutReminderState, string>,
  dueAt: (when: string) => `due ${when}`,
  sentAt: (when: string) => `at ${when}`,
} as const
