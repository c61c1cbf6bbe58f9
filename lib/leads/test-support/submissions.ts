import {randomUUID} from 'node:crypto'

/**
 * Lead form submissions as the browser sends them (JSON bodies of POST /api/quote-requests,
 * /api/contact-messages and /api/appointments), valid for a clock at FIXED_NOW and the test
 * availability (lib/booking/test-support/availability.ts).
 */

/** 2027-01-10 12:00 in Renton (PST, UTC−8). */
export const FIXED_NOW = new Date('2027-01-10T20:00:00Z')
export const fixedClock = (): Date => new Date(FIXED_NOW)

export function quoteSubmission(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    submissionKey: randomUUID(),
    firstName: '  Ada ',
    lastName: "O'Hara",
    phone: '(425) 555-0142',
    email: ' ada.ohara@example.com ',
    zipCode: '98056',
    squareFootage: '2,400 sq ft',
    desiredServices: 'Moss removal on the north side,\nand the downspouts; gutters too — ✓ Ünïcödé',
    heardAboutUs: 'A friend or neighbor',
    termsAccepted: true,
    page: {path: '/roof-cleaning', title: 'Roof Cleaning'},
    website: '',
    ...overrides,
  }
}

export function contactSubmission(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    submissionKey: randomUUID(),
    name: 'Grace Hopper',
    email: 'grace@example.net',
    phone: '+1 206.555.0199',
    message: 'Do you clean\r\nboat decks?\n\tThanks, "G"; 100% sure',
    page: {path: '/contact'},
    website: '',
    ...overrides,
  }
}

/** A Wednesday the estimate crew works (test-support availability), and one of its windows: 9:00 in Renton = 17:00 UTC (PST). */
export const VISIT_DATE = '2027-02-03'
export const VISIT_WINDOW = '09:00-11:00'
export const VISIT_STARTS_AT = '2027-02-03T17:00:00.000Z'

/** An in-home estimate request (/appointment) with every field. */
export function appointmentSubmission(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    submissionKey: randomUUID(),
    fullName: ' Katherine Johnson ',
    phone: '425-555-0100',
    email: 'katherine.johnson@example.org',
    address: '1200 Lake Washington Blvd N, Apt 4',
    zipCode: '98056',
    service: 'Post-construction cleaning',
    visitDate: VISIT_DATE,
    visitWindow: VISIT_WINDOW,
    walkthrough: 'video',
    notes: 'New drywall dust in every room;\nthe gate code is 1234.',
    page: {path: '/appointment'},
    website: '',
    ...overrides,
  }
}

/** Each lead form: its kind, a valid submission of it, the table that stores it, and how many e-mails it sends. */
export const LEAD_FORMS = [
  ['quoteRequest', quoteSubmission, 'quote_requests', 2],
  ['contactMessage', contactSubmission, 'contact_messages', 2],
  ['appointment', appointmentSubmission, 'appointments', 2],
] as const
