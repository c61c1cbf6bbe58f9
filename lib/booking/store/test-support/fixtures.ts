import {randomUUID} from 'node:crypto'
import type {NewBooking, StoredBooking} from '../store.ts'
import {EXTERIOR_CUSTOMER} from '../../test-support/requests.ts'

/** Bookings as the four forms produce them, with every field each form collects. */

export function houseBooking(overrides: Partial<NewBooking> = {}): NewBooking {
  return {
    industry: 'house',
    idempotencyKey: randomUUID(),
    firstName: 'Ada',
    lastName: "O'Hara",
    email: 'ada.ohara@example.com',
    phone: '(425) 555-0142',
    address: '1200 Lake Washington Blvd N, Renton, WA 98056',
    notes: 'Gate code 4321 — the dog is friendly. Ünïcödé ✓',
    location: 'King County',
    service: 'Regular Cleaning',
    frequency: 'Every Other Week',
    bedrooms: 3,
    bathrooms: 2,
    halfBath: 1,
    den: 1,
    extras: {'Extra Heavy Duty': 1, Blinds: 2, 'Interior Windows': 0, Oven: 1, Garage: 0},
    instructions: {
      'How Clean Is Your Home?': 'Needs Extra Attention',
      'How Will We Get Inside?': 'I will be Home',
      'Where Can We Park?': 'Paid Parking Available Nearby',
    },
    date: '2030-02-28',
    tip: '15%',
    parkingFee: '$10',
    // 15 % of the $190.58 subtotal; the $10 fee.
    tipCents: 2859,
    parkingCents: 1000,
    hours: 0,
    minutes: 0,
    coupon: 'save10',
    discountCents: 1000,
    amountCents: 21917,
    ...overrides,
  }
}

export function postConstructionBooking(overrides: Partial<NewBooking> = {}): NewBooking {
  return houseBooking({service: 'Post Construction', frequency: null, hours: 2, minutes: 45, tip: '0%', parkingFee: '$0', tipCents: 0, parkingCents: 0, coupon: null, discountCents: null, amountCents: 42529, ...overrides})
}

export function carpetBooking(overrides: Partial<NewBooking> = {}): NewBooking {
  return {
    industry: 'carpet',
    idempotencyKey: randomUUID(),
    firstName: 'Björn',
    lastName: 'Nguyen-Smith',
    email: 'bjorn@example.org',
    phone: '206.555.0199',
    address: '88 Main Ave S, Kent, WA 98032',
    notes: null,
    location: 'Snohomish County',
    frequency: 'Every 6 Months',
    rooms: 4,
    stairs: 1,
    extras: {'Pet, Food, Drink Stain': 2, HAZARD: 0, 'WINE STAIN REMOVAL': 1, HALLWAYS: 3},
    instructions: 'I Will Hide The Keys',
    date: '2030-03-01',
    coupon: 'SAVE20',
    discountCents: 8095,
    amountCents: 32377,
    ...overrides,
  }
}

export function exteriorBooking(overrides: Partial<NewBooking> = {}): NewBooking {
  return {
    industry: 'exterior',
    idempotencyKey: randomUUID(),
    ...EXTERIOR_CUSTOMER,
    service: 'Gutter Cleaning',
    frequency: 'Every 3 Months',
    tip: 'Other',
    parkingFee: '$5',
    instructions: {keyInfo: 'Someone Will Be At Home'},
    amountCents: 7000,
    ...overrides,
  }
}

export function commercialBooking(overrides: Partial<NewBooking> = {}): NewBooking {
  return {
    industry: 'commercial',
    idempotencyKey: randomUUID(),
    firstName: 'Lin',
    lastName: 'Park',
    email: 'facilities@example.com',
    phone: '4255550123',
    address: '400 SW 7th St, Renton, WA 98057',
    notes: '',
    location: 'Snohomish County',
    service: 'Construction Final Clean',
    frequency: 'One-Time',
    date: '2030-01-15',
    amountCents: 5000,
    ...overrides,
  }
}

const OPTIONAL_FIELDS = [
  'notes', 'location', 'service', 'frequency', 'bedrooms', 'bathrooms', 'halfBath', 'den', 'extras', 'instructions',
  'date', 'tip', 'parkingFee', 'tipCents', 'parkingCents', 'hours', 'minutes', 'rooms', 'stairs', 'coupon', 'discountCents',
  'arrivalWindow', 'serviceFamily', 'windowStartsAt', 'holdExpiresAt',
] as const

function dollars(cents: number): string {
  return (cents / 100).toFixed(2)
}

/** What the store must give back for `input` right after createPending (matchers for id and time). */
export function expectedStored(input: NewBooking, matchers: {id: unknown; createdAt: unknown}): Record<keyof StoredBooking, unknown> {
  const nulls = Object.fromEntries(OPTIONAL_FIELDS.map((field) => [field, null]))
  return {
    ...nulls,
    ...input,
    id: matchers.id,
    amount: dollars(input.amountCents),
    discount: input.discountCents == null ? null : dollars(input.discountCents),
    paymentStatus: 'pending',
    paymentProvider: null,
    paymentSessionId: null,
    createdAt: matchers.createdAt,
    updatedAt: null,
    paidAt: null,
    cancellationRequestedAt: null,
    manageLinkGeneration: 0,
    cancelledAt: null,
    refundedCents: 0,
    outcome: null,
    smsConsentAt: null, planId: null, planVisit: null, chargeState: null, chargeDueAt: null, cardDeadlineAt: null, placedElsewhere: false, startedAt: null,
  } as Record<keyof StoredBooking, unknown>
}
