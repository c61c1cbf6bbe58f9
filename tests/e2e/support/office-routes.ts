/**
 * Every office page and endpoint (app/office/**\/page.tsx and route.ts), with a sample address, its
 * method and the least role that may use it. tests/e2e/office-access.spec.ts walks this table (no
 * session; each route as owner, office and crew; a change from a foreign origin) and fails for a
 * route file with no row here: ADD A ROW FOR EVERY ROUTE YOU ADD. `form` is a plausible body for a
 * POST; the samples name nothing that exists, so a role allowed in reaches only a "not found" (or,
 * for `probe`, an address whose work changes nothing other tests use).
 */

export type OfficeAccess = 'public' | 'crew' | 'office' | 'owner'

export interface OfficeRouteRow {
  /** The route file, from the repository's root. */
  file: string
  method: 'GET' | 'POST'
  /** The address with sample parameters. */
  path: string
  access: OfficeAccess
  form?: Record<string, string>
  /**
   * A crew member's reach within 'crew' routes: 'day', the path names a crew (sample: indoor) and a
   * member of another crew gets 403; 'booking', the path names a booking and a crew member gets 403
   * unless it is their crew's (the sample booking does not exist: 403).
   */
  crewScope?: 'day' | 'booking'
  /** The address sent by a role allowed in, when the sample's work would change what other tests use. */
  probe?: string
}

const SAMPLE_UUID = '00000000-0000-4000-8000-000000000000'

export const OFFICE_ROUTES: OfficeRouteRow[] = [
  // access: signing in and out, the owner's Staff page
  {file: 'app/office/sign-in/page.tsx', method: 'GET', path: '/office/sign-in', access: 'public'},
  {file: 'app/office/sign-in/link/route.ts', method: 'POST', path: '/office/sign-in/link', access: 'public', form: {email: 'nobody@office.test'}},
  {file: 'app/office/sign-in/verify/page.tsx', method: 'GET', path: '/office/sign-in/verify?token=abc', access: 'public'},
  {file: 'app/office/sign-in/session/route.ts', method: 'POST', path: '/office/sign-in/session', access: 'public', form: {token: 'abc'}},
  {file: 'app/office/sign-out/route.ts', method: 'POST', path: '/office/sign-out', access: 'crew'},
  {file: 'app/office/staff/page.tsx', method: 'GET', path: '/office/staff', access: 'owner'},
  {file: 'app/office/staff/add/route.ts', method: 'POST', path: '/office/staff/add', access: 'owner', form: {name: 'Nobody', email: 'nobody@office.test', role: 'office'}},
  {
    file: 'app/office/staff/[id]/edit/route.ts',
    method: 'POST',
    path: `/office/staff/${SAMPLE_UUID}/edit`,
    access: 'owner',
    form: {name: 'Nobody', role: 'crew', crew: 'indoor'},
  },
  {file: 'app/office/staff/[id]/remove/route.ts', method: 'POST', path: `/office/staff/${SAMPLE_UUID}/remove`, access: 'owner'},
  {file: 'app/office/staff/[id]/alerts/route.ts', method: 'POST', path: `/office/staff/${SAMPLE_UUID}/alerts`, access: 'owner', form: {event_lead: 'on', delivery: 'each'}},
  // a member's own alerts: their text number and consent (the form saves the signed-in member's own)
  {file: 'app/office/alerts/page.tsx', method: 'GET', path: '/office/alerts', access: 'office'},
  {file: 'app/office/alerts/texts/route.ts', method: 'POST', path: '/office/alerts/texts', access: 'office', form: {phone: '', agree: ''}},
  // the dashboard; the schedule, the crews' day sheets, the bookings list and its CSV export
  // A crew member's /office and /office/schedule are a redirect to their crew's day.
  {file: 'app/office/page.tsx', method: 'GET', path: '/office?from=2026-11-01&to=2026-11-30', access: 'crew'},
  {file: 'app/office/schedule/page.tsx', method: 'GET', path: '/office/schedule?week=2026-12-07', access: 'crew'},
  {file: 'app/office/schedule/[date]/[crew]/page.tsx', method: 'GET', path: '/office/schedule/2026-12-07/indoor', access: 'crew', crewScope: 'day'},
  {file: 'app/office/bookings/page.tsx', method: 'GET', path: '/office/bookings?q=ada&status=paid', access: 'office'},
  {file: 'app/office/bookings/export/route.ts', method: 'GET', path: '/office/bookings/export?status=paid', access: 'owner'},
  // booking: one booking's page and its actions
  {file: 'app/office/bookings/[id]/page.tsx', method: 'GET', path: `/office/bookings/${SAMPLE_UUID}`, access: 'office'},
  {file: 'app/office/bookings/[id]/move/route.ts', method: 'POST', path: `/office/bookings/${SAMPLE_UUID}/move`, access: 'office', form: {date: '2030-01-02', arrivalWindow: '08:00-10:00'}},
  {
    file: 'app/office/bookings/[id]/outcome/route.ts',
    method: 'POST',
    path: `/office/bookings/${SAMPLE_UUID}/outcome`,
    access: 'crew',
    crewScope: 'booking',
    form: {outcome: 'done', back: '/office/schedule/2026-12-07/indoor'},
  },
  {file: 'app/office/bookings/[id]/started/route.ts', method: 'POST', path: `/office/bookings/${SAMPLE_UUID}/started`, access: 'crew', crewScope: 'booking'},
  {file: 'app/office/bookings/[id]/resend-confirmation/route.ts', method: 'POST', path: `/office/bookings/${SAMPLE_UUID}/resend-confirmation`, access: 'office'},
  {file: 'app/office/bookings/[id]/notes/route.ts', method: 'POST', path: `/office/bookings/${SAMPLE_UUID}/notes`, access: 'office', form: {note: 'A note'}},
  // money: cancelling with a refund, Needs attention and its actions
  {file: 'app/office/bookings/[id]/cancel/route.ts', method: 'POST', path: `/office/bookings/${SAMPLE_UUID}/cancel`, access: 'office', form: {amount: '10.00'}},
  {
    file: 'app/office/bookings/[id]/refund/route.ts',
    method: 'POST',
    path: `/office/bookings/${SAMPLE_UUID}/refund`,
    access: 'owner',
    form: {refundAmount: '10.00', refundReason: 'goodwill', key: SAMPLE_UUID},
  },
  {file: 'app/office/attention/page.tsx', method: 'GET', path: '/office/attention', access: 'office'},
  {file: 'app/office/attention/late-payments/[id]/take/route.ts', method: 'POST', path: `/office/attention/late-payments/${SAMPLE_UUID}/take`, access: 'owner'},
  {file: 'app/office/attention/late-payments/[id]/refund/route.ts', method: 'POST', path: `/office/attention/late-payments/${SAMPLE_UUID}/refund`, access: 'owner'},
  {file: 'app/office/attention/emails/[id]/resend/route.ts', method: 'POST', path: `/office/attention/emails/${SAMPLE_UUID}/resend`, access: 'office'},
  // Plans, one plan's page and its four forms
  {file: 'app/office/plans/page.tsx', method: 'GET', path: '/office/plans?status=active', access: 'office'},
  {file: 'app/office/plans/[id]/page.tsx', method: 'GET', path: `/office/plans/${SAMPLE_UUID}`, access: 'office'},
  {file: 'app/office/plans/[id]/skip/route.ts', method: 'POST', path: `/office/plans/${SAMPLE_UUID}/skip`, access: 'office', form: {visit: SAMPLE_UUID}},
  {file: 'app/office/plans/[id]/pause/route.ts', method: 'POST', path: `/office/plans/${SAMPLE_UUID}/pause`, access: 'office'},
  {file: 'app/office/plans/[id]/resume/route.ts', method: 'POST', path: `/office/plans/${SAMPLE_UUID}/resume`, access: 'office'},
  {file: 'app/office/plans/[id]/cancel/route.ts', method: 'POST', path: `/office/plans/${SAMPLE_UUID}/cancel`, access: 'owner', form: {chargeEarly: 'on'}},
  {file: 'app/office/plans/[id]/charge-difference/route.ts', method: 'POST', path: `/office/plans/${SAMPLE_UUID}/charge-difference`, access: 'owner'},
  // leads: the inbox, a lead's page and its four forms
  {file: 'app/office/leads/page.tsx', method: 'GET', path: '/office/leads', access: 'office'},
  {file: 'app/office/leads/[kind]/[id]/page.tsx', method: 'GET', path: `/office/leads/quote-request/${SAMPLE_UUID}`, access: 'office'},
  {file: 'app/office/leads/[kind]/[id]/status/route.ts', method: 'POST', path: `/office/leads/quote-request/${SAMPLE_UUID}/status`, access: 'office', form: {from: 'new', status: 'contacted'}},
  {file: 'app/office/leads/[kind]/[id]/assignee/route.ts', method: 'POST', path: `/office/leads/quote-request/${SAMPLE_UUID}/assignee`, access: 'office', form: {assignee: 'nobody'}},
  {file: 'app/office/leads/[kind]/[id]/notes/route.ts', method: 'POST', path: `/office/leads/quote-request/${SAMPLE_UUID}/notes`, access: 'office', form: {note: 'Called them.'}},
  {
    file: 'app/office/leads/[kind]/[id]/reply/route.ts',
    method: 'POST',
    path: `/office/leads/quote-request/${SAMPLE_UUID}/reply`,
    access: 'office',
    form: {key: SAMPLE_UUID, from: 'new', statusAfter: 'contacted', subject: 'Your quote', message: 'Hello'},
  },
  // customers: the list, one customer's record (its key: the e-mail address, percent-encoded) and its notes form
  {file: 'app/office/customers/page.tsx', method: 'GET', path: '/office/customers?q=ada', access: 'office'},
  {file: 'app/office/customers/[key]/page.tsx', method: 'GET', path: '/office/customers/nobody%40office.test', access: 'office'},
  {file: 'app/office/customers/[key]/notes/route.ts', method: 'POST', path: '/office/customers/nobody%40office.test/notes', access: 'office', form: {note: 'Called them.'}},
  // unpaid checkouts and their reminders
  {file: 'app/office/checkouts/page.tsx', method: 'GET', path: '/office/checkouts', access: 'office'},
  // calendars: each crew's subscription address (its feed is in TOKEN_ROUTES below)
  {file: 'app/office/calendars/page.tsx', method: 'GET', path: '/office/calendars', access: 'owner'},
  {file: 'app/office/calendars/[crew]/new/route.ts', method: 'POST', path: '/office/calendars/indoor/new', access: 'owner', probe: '/office/calendars/nobody/new'},
  {file: 'app/office/calendars/[crew]/revoke/route.ts', method: 'POST', path: '/office/calendars/indoor/revoke', access: 'owner', probe: '/office/calendars/nobody/revoke'},
]

/**
 * Office data served outside /office to whoever holds a secret token in the address, with no
 * session: not walked above (a session changes nothing there). Each answers 404, privately and
 * unindexed, to any token that is not a working one (tests/e2e/office-calendars.spec.ts).
 */
export const TOKEN_ROUTES: {file: string; method: 'GET'; path: (token: string) => string}[] = [
  // A crew's calendar feed: phone calendars poll it and cannot sign in.
  {file: 'app/crew-calendars/[token]/route.ts', method: 'GET', path: (token) => `/crew-calendars/${token}`},
]
