import {randomUUID} from 'node:crypto'

/**
 * Lead form submissions as the browser sends them (JSON bodies of POST /api/quote-requests,
 * /api/contact-messages and /api/appointments), valid for a clock at FIXED_NOW.
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

/** 2027-02-03 10:30 in Renton = 18:30 UTC (PST). */
export const APPOINTMENT_LOCAL = '2027-02-03T10:30'
export const APPOINTMENT_AT = '2027-02-03T18:30:00.000Z'

export function appointmentSubmission(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    submissionKey: randomUUID(),
    patientName: 'Katherine Johnson',
    patientPhone: '425-555-0100',
    patientGender: 'private',
    appointmentTime: APPOINTMENT_LOCAL,
    preferredMode: 'video',
    page: {path: '/appointment'},
    website: '',
    ...overrides,
  }
}
