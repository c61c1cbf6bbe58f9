/**
 * Staff alerts in the office's words: the owner's choices on Staff, a member's own page for their
 * text number and consent, and the alert e-mails and texts themselves (staff-facing, so in code).
 */
export const ALERT_EVENTS = ['booking', 'lead', 'cancellation_request'] as const
export type AlertEvent = (typeof ALERT_EVENTS)[number]
export const ALERT_DELIVERIES = ['off', 'each', 'digest'] as const
export type AlertDelivery = (typeof ALERT_DELIVERIES)[number]

export const alertWords = {
  events: {booking: 'New booking (paid)', lead: 'New lead (quote, message or estimate request)', cancellation_request: 'Cancellation request'} as Record<AlertEvent, string>,
  /** One event in an alert's subject and text. */
  eventShort: {booking: 'New booking', lead: 'New lead', cancellation_request: 'Cancellation request'} as Record<AlertEvent, string>,
  leadKinds: {quote_request: 'Quote request', contact_message: 'Contact message', estimate_request: 'Estimate request'} as Record<string, string>,
  deliveries: {off: 'Off', each: 'Each one as it happens', digest: 'One digest a day (by 7 AM)'} as Record<AlertDelivery, string>,

  staff: {
    title: 'Alerts',
    intro: 'Choose what each member hears about and how. E-mails go to their address; texts only to a number they gave and agreed to on their own Alerts page, never between 9 PM and 8 AM.',
    ownPage: 'Your own text number and consent',
    legend: (name: string) => `Alerts for ${name}`,
    eventsLegend: 'About',
    deliveryLabel: 'Delivery',
    save: 'Save alerts',
    saveFor: (name: string) => `Save alerts for ${name}`,
    summaryOff: 'Off',
    summary: (delivery: string, events: string[]) => (events.length ? `${delivery}: ${events.join(', ')}` : `${delivery}: nothing chosen`),
    texts: {yes: 'texts too', no: 'e-mail only'},
    done: {changed: 'Alerts saved.', unchanged: 'Nothing to change.'} as Record<string, string>,
    problems: {
      events: 'Choose among the events listed.',
      delivery: 'Choose off, each one or one digest a day.',
      not_found: 'That member was already removed.',
      not_owner: 'Only an owner can change alerts.',
      crew: 'Crew members get no alerts: they see their crew’s day.',
      invalid: 'Choose among the events and deliveries listed.',
    } as Record<string, string>,
    /** Shown instead of the form for a crew member. */
    crewNone: 'None: crew members see their crew’s day.',
  },

  page: {
    title: 'Your alerts',
    intro: 'An owner chooses on Staff which new bookings, leads and cancellation requests you hear about, and whether one by one or in a daily digest. Here you can add texts to those e-mails: only you can agree to texts on your number.',
    chosenTitle: 'What you hear about',
    chosenNone: 'Nothing yet: alerts are off for you. Ask an owner to turn them on.',
    chosen: (delivery: string, events: string[]) => `${delivery}, about: ${events.join('; ')}.`,
    textTitle: 'Texts to your phone',
    phoneLabel: 'Your mobile number',
    phoneHint: 'A US number, such as (425) 555-0123. Leave it empty to get no texts.',
    consentLabel: 'I agree to receive texts from the office about these alerts on this number. Reply STOP to stop them.',
    consentHint: 'No texts between 9 PM and 8 AM; one due then comes at 8 AM. Message and data rates may apply.',
    consented: (when: string) => `You agreed to texts on ${when}.`,
    notConsented: 'You get no texts.',
    optedOut: 'Your number replied STOP, so no text is sent to it. Reply START to that text to get them again.',
    save: 'Save',
    done: {saved: 'Saved.'} as Record<string, string>,
    problems: {
      phone: 'Enter a US mobile number of 10 digits, or leave it empty.',
      agree: 'Tick the box only to agree, or leave it empty.',
      consent_needs_phone: 'Enter your mobile number to agree to texts.',
      not_found: 'You are no longer on the staff.',
    } as Record<string, string>,
  },

  email: {
    alertSubject: (event: string, reference: string) => `${event}: ${reference}`,
    alertHeading: (event: string) => event,
    alertBody: (memberName: string) => `Hello ${memberName}, this is an alert you get from the office.`,
    rows: {reference: 'Reference', kind: 'Kind', service: 'Service', date: 'Date', name: 'Name'},
    open: 'Open it in the office:',
    openLabel: 'Open in the office',
    digestSubject: (day: string, total: number) => `Office digest for ${day}: ${total} new`,
    digestHeading: (day: string) => `What came in on ${day}`,
    digestCounts: (parts: string[]) => parts.join(' · '),
    digestMore: (shown: number, total: number) => `The first ${shown} of ${total} are listed; the office has them all.`,
    digestOpen: 'The office:',
    digestOpenLabel: 'Open the office',
    why: 'You get these because an owner turned alerts on for you in the office (Staff). They can turn them off.',
  },

  text: {
    alert: (event: string, reference: string, detail: string, url: string) => `${event} ${reference}${detail ? ` (${detail})` : ''}: ${url}`,
    digest: (day: string, parts: string[], url: string) => `Office digest ${day}: ${parts.join(', ')}. ${url}`,
    stop: 'Reply STOP to stop.',
  },

  /** A change of a member's alerts in the Staff page's history. */
  history: {
    actions: {staff_alerts_changed: 'Changed alerts'} as Record<string, string>,
    fields: {alertBooking: 'Alert: new booking', alertLead: 'Alert: new lead', alertCancellationRequest: 'Alert: cancellation request', alertDelivery: 'Alert delivery'} as Record<string, string>,
  },
}
