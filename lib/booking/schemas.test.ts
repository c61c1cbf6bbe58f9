import {zodResolver} from '@hookform/resolvers/zod'
import {describe, expect, it} from 'vitest'
import type * as z from 'zod'
import {priceBooking} from './pricing'
import {
  createBookingSchema,
  createBookingSchemas,
  fieldMessages,
  houseBookingSchema,
  houseInstructionsByQuestion,
  normalizePhone,
  type HouseBookingInput,
} from './schemas'
import {todayInCompanyTimeZone} from './rules'
import {INDUSTRIES, type Industry} from './catalog'
import {
  BOOKING_FORM_MESSAGE_KEYS,
  BOOKING_SHARED_MESSAGE_KEYS,
  bookingMessageText,
  contentMessage,
  messageReference,
  type BookingMessage,
} from './message-keys'
import {allDatasetBookingMessages} from './test-support/messages'

/** 2025-06-15 03:00 UTC is 2025-06-14 20:00 in Los Angeles (PDT, UTC−7): "today" is the 14th there. */
const NOW = new Date('2025-06-15T03:00:00Z')
const TODAY = '2025-06-14'
const {houseBookingSchema: house, exteriorBookingSchema: exterior, carpetBookingSchema: carpet, commercialBookingSchema: commercial, bookingRequestSchema} =
  createBookingSchemas(() => NOW)

const customer = {
  idempotencyKey: '3f8a2c1e-9b7d-4e6f-8a5b-1c2d3e4f5a6b',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '425-555-0142',
  address: '200 Mill Ave S, Renton, WA 98057',
  arrivalWindow: '08:00-10:00',
}

const validHouse = {
  ...customer,
  industry: 'house',
  location: 'King County',
  service: 'Regular Cleaning',
  frequency: 'Weekly',
  bedrooms: 2,
  bathrooms: 1,
  halfBaths: 0,
  dens: 0,
  hours: 0,
  minutes: 0,
  extras: {Blinds: 2},
  instructions: {howClean: 'Mostly Clean', getInside: 'leave the key', whereToPark: 'Park in my Driveway'},
  date: TODAY,
  tip: '15%',
  parkingFee: '$5',
  notes: '  Gate code 1234  ',
  coupon: '',
} as const

const validExterior = {...customer, industry: 'exterior', service: 'Roof Cleaning', frequency: 'Every 6 Months', date: TODAY} as const

const validCarpet = {
  ...customer,
  industry: 'carpet',
  location: 'Snohomish County',
  frequency: 'One-Time',
  rooms: 2,
  stairs: 0,
  date: TODAY,
} as const

const validCommercial = {
  ...customer,
  industry: 'commercial',
  subService: 'Corporate Office Cleaning',
  frequency: 'Recurring',
  date: TODAY,
} as const

/** Each form's messages (the local dataset's words), which the browser shows. */
const CONTENT = await allDatasetBookingMessages()

function formOf(input: unknown): Industry {
  const industry = typeof input === 'object' && input !== null ? (input as {industry?: unknown}).industry : undefined
  return INDUSTRIES.includes(industry as Industry) ? (industry as Industry) : 'house'
}

/**
 * Field path → the message the customer reads for `input` (the server's reference turned into its
 * form's text, as the browser does), or {} when it is valid.
 */
function messages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input)
  if (result.success) return {}
  const form = CONTENT[formOf(input)]
  return Object.fromEntries(Object.entries(fieldMessages(result.error)).map(([path, reference]) => [path, bookingMessageText(form, reference)]))
}

function without<T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> {
  const copy = {...value}
  delete copy[key]
  return copy
}

describe('valid bookings', () => {
  it('parse and normalise each form', () => {
    expect(house.parse(validHouse)).toEqual({
      ...validHouse,
      phone: '4255550142',
      smsConsent: false, // No consent to texts unless the box is ticked
      extras: {'Extra Heavy Duty': 0, Blinds: 2, 'Interior Windows': 0, Oven: 0, Garage: 0},
      notes: 'Gate code 1234',
      coupon: null,
    })
    expect(exterior.parse(validExterior)).toEqual({
      ...validExterior,
      phone: '4255550142',
      smsConsent: false, // No consent to texts unless the box is ticked
      tip: '0%',
      parkingFee: '$0',
      keyInfo: null,
      notes: '',
      coupon: null,
    })
    expect(carpet.parse(validCarpet)).toEqual({
      ...validCarpet,
      phone: '4255550142',
      smsConsent: false, // No consent to texts unless the box is ticked
      extras: {'Pet, Food, Drink Stain': 0, HAZARD: 0, 'WINE STAIN REMOVAL': 0, HALLWAYS: 0},
      keyInfo: null,
      notes: '',
      coupon: null,
    })
    expect(commercial.parse(validCommercial)).toEqual({
      ...validCommercial,
      phone: '4255550142',
      smsConsent: false, // No consent to texts unless the box is ticked
      location: 'Snohomish County',
      notes: '',
      coupon: null,
    })
    expect(messages(house, {...validHouse, arrivalWindow: '8 to 10'})).toEqual({arrivalWindow: 'Please choose an arrival window from the list.'})
    expect(messages(house, {...validHouse, arrivalWindow: ''})).toEqual({arrivalWindow: 'Please choose an arrival window.'})
    expect(messages(exterior, {...validExterior, date: ''})).toEqual({date: 'Please select a date.'})
  })

  it('parse their own output again unchanged (the browser may send the validated values)', () => {
    for (const [schema, input] of [
      [house, validHouse],
      [exterior, validExterior],
      [carpet, {...validCarpet, coupon: ' SAVE10', keyInfo: 'access code', extras: {HAZARD: 1}}],
      [commercial, validCommercial],
      [house, {...validHouse, service: 'Post Construction', hours: 2, minutes: 30, coupon: 'Flat5'}],
    ] as const) {
      const once = schema.parse(input)
      expect(schema.parse(once)).toEqual(once)
    }
  })

  it('trims text fields', () => {
    const parsed = house.parse({...validHouse, firstName: '  Ada ', lastName: ' Lovelace', email: ' ada@example.com ', address: ' 1 Main St '})
    expect(parsed).toMatchObject({firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', address: '1 Main St'})
  })

  it('drops the frequency unless Regular Cleaning and the time unless Post Construction', () => {
    expect(house.parse({...validHouse, service: 'Deep Cleaning', frequency: 'Weekly', hours: 3, minutes: 15})).toMatchObject({
      frequency: null,
      hours: 0,
      minutes: 0,
    })
    expect(house.parse({...validHouse, service: 'Post Construction', frequency: 'Weekly', hours: 3, minutes: 15})).toMatchObject({
      frequency: null,
      hours: 3,
      minutes: 15,
    })
    expect(house.parse({...validHouse, service: 'Move Out & Move In', frequency: ''})).toMatchObject({frequency: null})
  })

  it('keys the house instructions by question for storage', () => {
    expect(houseInstructionsByQuestion(house.parse(validHouse).instructions)).toEqual({
      'How Clean Is Your Home?': 'Mostly Clean',
      'How Will We Get Inside?': 'leave the key',
      'Where Can We Park?': 'Park in my Driveway',
    })
  })
})

describe('house messages', () => {
  it("'Please select a cleaning frequency' for Regular Cleaning without a frequency", () => {
    expect(messages(house, {...validHouse, frequency: ''})).toEqual({frequency: 'Please select a cleaning frequency'})
    expect(messages(house, {...validHouse, frequency: null})).toEqual({frequency: 'Please select a cleaning frequency'})
    expect(messages(house, without(validHouse, 'frequency'))).toEqual({frequency: 'Please select a cleaning frequency'})
  })

  it.each([
    ['firstName', 'Please fill out the first name'],
    ['lastName', 'Please fill out the last name'],
    ['email', 'Please fill out the email'],
    ['phone', 'Please fill out the phone number'],
    ['address', 'Please fill out the address'],
    ['date', 'Please fill out the date'],
  ] as const)("%s: '%s' when empty, blank or missing", (field, message) => {
    expect(messages(house, {...validHouse, [field]: ''})).toEqual({[field]: message})
    expect(messages(house, {...validHouse, [field]: '   '})).toEqual({[field]: message})
    expect(messages(house, without(validHouse, field))).toEqual({[field]: message})
  })

  it.each(['ada', 'ada@', 'ada@example', '@example.com', 'ada @example.com', 'ada@exa mple.com'])("'Invalid email format' for %j", (email) => {
    expect(messages(house, {...validHouse, email})).toEqual({email: 'Invalid email format'})
  })

  it.each([
    ['howClean', 'Missing answer for: How Clean Is Your Home?'],
    ['getInside', 'Missing answer for: How Will We Get Inside?'],
    ['whereToPark', 'Missing answer for: Where Can We Park?'],
  ] as const)("instructions.%s: '%s'", (id, message) => {
    expect(messages(house, {...validHouse, instructions: without(validHouse.instructions, id)})).toEqual({[`instructions.${id}`]: message})
    expect(messages(house, {...validHouse, instructions: {...validHouse.instructions, [id]: ''}})).toEqual({[`instructions.${id}`]: message})
    expect(messages(house, {...validHouse, instructions: {...validHouse.instructions, [id]: 'Sparkling'}})).toEqual({
      [`instructions.${id}`]: message,
    })
  })

  it('asks all three questions when no instructions are sent', () => {
    expect(messages(house, without(validHouse, 'instructions'))).toEqual({
      'instructions.howClean': 'Missing answer for: How Clean Is Your Home?',
      'instructions.getInside': 'Missing answer for: How Will We Get Inside?',
      'instructions.whereToPark': 'Missing answer for: Where Can We Park?',
    })
  })

  it('requires a service', () => {
    expect(messages(house, {...validHouse, service: ''})).toEqual({service: 'Please select a service'})
    expect(messages(house, {...validHouse, service: 'Select Option'})).toEqual({service: 'Please select a service'})
    expect(messages(house, without(validHouse, 'service'))).toEqual({service: 'Please select a service'})
  })

  it('requires more than 0 minutes for Post Construction', () => {
    const post = {...validHouse, service: 'Post Construction'}
    expect(messages(house, {...post, hours: 0, minutes: 0})).toEqual({hours: 'Please select the time required for Post Construction.'})
    expect(messages(house, without(without(post, 'hours'), 'minutes'))).toEqual({
      hours: 'Please select the time required for Post Construction.',
    })
    expect(messages(house, {...post, hours: 0, minutes: 15})).toEqual({})
    expect(messages(house, {...post, hours: 12, minutes: 45})).toEqual({})
  })

  it('refuses a location that is not offered', () => {
    expect(messages(house, {...validHouse, location: 'Pierce County'})).toEqual({location: 'Please select a location'})
    expect(messages(house, {...validHouse, location: ''})).toEqual({location: 'Please select a location'})
  })

  it('refuses unknown frequencies, tips and parking fees', () => {
    expect(messages(house, {...validHouse, frequency: 'Daily'})).toEqual({frequency: 'Please select a cleaning frequency'})
    expect(messages(house, {...validHouse, service: 'Deep Cleaning', frequency: 'Daily'})).toEqual({
      frequency: 'Please select a cleaning frequency',
    })
    expect(messages(house, {...validHouse, tip: '25%'})).toEqual({tip: 'Please choose a tip from the list.'})
    expect(messages(house, {...validHouse, tip: 10})).toEqual({tip: 'Please choose a tip from the list.'})
    expect(messages(house, {...validHouse, parkingFee: '$15'})).toEqual({parkingFee: 'Please choose a parking fee from the list.'})
    expect(messages(house, {...validHouse, parkingFee: 'Other'})).toEqual({parkingFee: 'Please choose a parking fee from the list.'})
  })

  it('shows every message at once for an empty form', () => {
    expect(messages(house, {industry: 'house', idempotencyKey: customer.idempotencyKey, service: 'Regular Cleaning'})).toEqual({
      location: 'Please select a location',
      frequency: 'Please select a cleaning frequency',
      bedrooms: 'Bedrooms must be a whole number from 1 to 7.',
      bathrooms: 'Bathrooms must be a whole number from 1 to 5.',
      halfBaths: 'Half baths must be a whole number from 0 to 4.',
      dens: 'Dens must be a whole number from 0 to 5.',
      'instructions.howClean': 'Missing answer for: How Clean Is Your Home?',
      'instructions.getInside': 'Missing answer for: How Will We Get Inside?',
      'instructions.whereToPark': 'Missing answer for: Where Can We Park?',
      date: 'Please fill out the date',
      arrivalWindow: 'Please choose an arrival window.',
      firstName: 'Please fill out the first name',
      lastName: 'Please fill out the last name',
      email: 'Please fill out the email',
      phone: 'Please fill out the phone number',
      address: 'Please fill out the address',
    })
  })
})

/** What react-hook-form sends for a form whose text fields are all left empty. */
const emptyText = {firstName: '', lastName: '', email: '', phone: '', address: '', date: '', notes: '', coupon: ''} as const

describe("cross-field rules run alongside the required-field messages ('' from react-hook-form)", () => {
  it('house: Regular Cleaning without a frequency', () => {
    expect(messages(house, {...validHouse, ...emptyText, frequency: ''})).toEqual({
      frequency: 'Please select a cleaning frequency',
      date: 'Please fill out the date',
      firstName: 'Please fill out the first name',
      lastName: 'Please fill out the last name',
      email: 'Please fill out the email',
      phone: 'Please fill out the phone number',
      address: 'Please fill out the address',
    })
  })

  it('house: Post Construction without a time', () => {
    expect(messages(house, {...validHouse, ...emptyText, service: 'Post Construction', hours: 0, minutes: 0})).toEqual({
      hours: 'Please select the time required for Post Construction.',
      date: 'Please fill out the date',
      firstName: 'Please fill out the first name',
      lastName: 'Please fill out the last name',
      email: 'Please fill out the email',
      phone: 'Please fill out the phone number',
      address: 'Please fill out the address',
    })
  })

  it('carpet: no room or staircase', () => {
    expect(messages(carpet, {...validCarpet, ...emptyText, rooms: 0, stairs: 0})).toEqual({
      rooms: 'Please add at least one room or staircase.',
      date: 'Please select a date.',
      firstName: 'Please enter your first name.',
      lastName: 'Please enter your last name.',
      email: 'Please enter your email.',
      phone: 'Please enter your phone number.',
      address: 'Please enter your address.',
    })
  })

  it('commercial: a frequency the sub-service does not offer', () => {
    expect(messages(commercial, {...validCommercial, ...emptyText, subService: 'Construction Final Clean', frequency: 'Recurring'})).toEqual({
      frequency: 'Please choose One-Time for Construction Final Clean.',
      date: 'Please fill out the date field.',
      firstName: 'Please fill out the first name field.',
      lastName: 'Please fill out the last name field.',
      email: 'Please fill out the email field.',
      phone: 'Please fill out the phone number field.',
      address: 'Please fill out the address field.',
    })
  })

  it('also when a field fails a later check (too long, invalid date, fractional count)', () => {
    expect(messages(house, {...validHouse, firstName: 'a'.repeat(61), date: '2025-02-30', bedrooms: 1.5, frequency: ''})).toEqual({
      frequency: 'Please select a cleaning frequency',
      bedrooms: 'Bedrooms must be a whole number from 1 to 7.',
      date: 'Please enter a valid date.',
      firstName: 'First name must be at most 60 characters.',
    })
  })
})

describe('counts: out of range is refused with a message, never clamped', () => {
  it.each([
    ['bedrooms', 0, 'Bedrooms must be a whole number from 1 to 7.'],
    ['bedrooms', 8, 'Bedrooms must be a whole number from 1 to 7.'],
    ['bedrooms', 1.5, 'Bedrooms must be a whole number from 1 to 7.'],
    ['bedrooms', '2', 'Bedrooms must be a whole number from 1 to 7.'],
    ['bedrooms', Number.NaN, 'Bedrooms must be a whole number from 1 to 7.'],
    ['bathrooms', 0, 'Bathrooms must be a whole number from 1 to 5.'],
    ['bathrooms', 6, 'Bathrooms must be a whole number from 1 to 5.'],
    ['halfBaths', -1, 'Half baths must be a whole number from 0 to 4.'],
    ['halfBaths', 5, 'Half baths must be a whole number from 0 to 4.'],
    ['dens', 6, 'Dens must be a whole number from 0 to 5.'],
    ['dens', Number.POSITIVE_INFINITY, 'Dens must be a whole number from 0 to 5.'],
    ['hours', 13, 'Hours must be a whole number from 0 to 12.'],
    ['hours', -1, 'Hours must be a whole number from 0 to 12.'],
    ['minutes', 10, 'Minutes must be 0, 15, 30 or 45.'],
    ['minutes', 60, 'Minutes must be 0, 15, 30 or 45.'],
  ])('house %s = %j', (field, value, message) => {
    expect(messages(house, {...validHouse, [field]: value})).toEqual({[field]: message})
  })

  it('accepts the ends of each house range', () => {
    expect(messages(house, {...validHouse, bedrooms: 7, bathrooms: 5, halfBaths: 4, dens: 5})).toEqual({})
    expect(messages(house, {...validHouse, bedrooms: 1, bathrooms: 1, halfBaths: 0, dens: 0})).toEqual({})
  })

  it('refuses extras counts outside 0…10 and unknown extras', () => {
    expect(messages(house, {...validHouse, extras: {Blinds: 11}})).toEqual({'extras.Blinds': 'Blinds count must be a whole number from 0 to 10.'})
    expect(messages(house, {...validHouse, extras: {'Extra Heavy Duty': -1}})).toEqual({
      'extras.Extra Heavy Duty': 'Extra Heavy Duty count must be a whole number from 0 to 10.',
    })
    expect(messages(house, {...validHouse, extras: {Oven: 10, Garage: 10}})).toEqual({})
    expect(messages(house, {...validHouse, extras: {Sauna: 1}})).toEqual({extras: 'Please choose extras from the list.'})
    expect(messages(carpet, {...validCarpet, extras: {HAZARD: 11}})).toEqual({'extras.HAZARD': 'HAZARD count must be a whole number from 0 to 10.'})
    expect(messages(carpet, {...validCarpet, extras: {Blinds: 1}})).toEqual({extras: 'Please choose extras from the list.'})
  })

  it.each([
    ['rooms', 11, 'Rooms must be a whole number from 0 to 10.'],
    ['rooms', -1, 'Rooms must be a whole number from 0 to 10.'],
    ['stairs', 6, 'Staircases must be a whole number from 0 to 5.'],
    ['stairs', 0.5, 'Staircases must be a whole number from 0 to 5.'],
  ])('carpet %s = %j', (field, value, message) => {
    expect(messages(carpet, {...validCarpet, [field]: value})).toEqual({[field]: message})
  })
})

describe('exterior messages', () => {
  it.each([
    ['service', 'Please select a service.'],
    ['frequency', 'Please select a frequency.'],
    ['firstName', 'Please enter your first name.'],
    ['lastName', 'Please enter your last name.'],
    ['email', 'Please enter your email.'],
    ['phone', 'Please enter your phone number.'],
    ['address', 'Please enter your address.'],
  ] as const)("%s: '%s'", (field, message) => {
    expect(messages(exterior, {...validExterior, [field]: ''})).toEqual({[field]: message})
    expect(messages(exterior, {...validExterior, [field]: ' \t '})).toEqual({[field]: message})
    expect(messages(exterior, without(validExterior, field))).toEqual({[field]: message})
  })

  it("'Please enter a valid email address.'", () => {
    expect(messages(exterior, {...validExterior, email: 'ada@example'})).toEqual({email: 'Please enter a valid email address.'})
  })

  it('refuses unknown services and frequencies', () => {
    expect(messages(exterior, {...validExterior, service: 'Window Cleaning'})).toEqual({service: 'Please select a service.'})
    expect(messages(exterior, {...validExterior, frequency: 'Weekly'})).toEqual({frequency: 'Please select a frequency.'})
  })

  it('records the tip, parking and key information choices, Other included', () => {
    expect(exterior.parse({...validExterior, tip: 'Other', parkingFee: 'Other', keyInfo: 'I Will Hide The Keys'})).toMatchObject({
      tip: 'Other',
      parkingFee: 'Other',
      keyInfo: 'I Will Hide The Keys',
    })
    expect(messages(exterior, {...validExterior, tip: '5%'})).toEqual({tip: 'Please choose a tip from the list.'})
    expect(messages(exterior, {...validExterior, parkingFee: '$100'})).toEqual({parkingFee: 'Please choose a parking option from the list.'})
    expect(messages(exterior, {...validExterior, keyInfo: 'Under the mat'})).toEqual({
      keyInfo: 'Please choose a key information option from the list.',
    })
  })

  it("refuses any coupon: the exterior form has none ('Invalid coupon code.')", () => {
    expect(messages(exterior, {...validExterior, coupon: 'save10'})).toEqual({coupon: 'Invalid coupon code.'})
    expect(exterior.parse({...validExterior, coupon: ''}).coupon).toBeNull()
  })
})

describe('carpet messages (in the style of the exterior form)', () => {
  it.each([
    ['location', 'Please select a location.'],
    ['frequency', 'Please select a frequency.'],
    ['date', 'Please select a date.'],
    ['firstName', 'Please enter your first name.'],
    ['lastName', 'Please enter your last name.'],
    ['email', 'Please enter your email.'],
    ['phone', 'Please enter your phone number.'],
    ['address', 'Please enter your address.'],
  ] as const)("%s: '%s'", (field, message) => {
    expect(messages(carpet, {...validCarpet, [field]: ''})).toEqual({[field]: message})
    expect(messages(carpet, without(validCarpet, field))).toEqual({[field]: message})
  })

  it("'Please enter a valid email address.'", () => {
    expect(messages(carpet, {...validCarpet, email: 'not-an-email'})).toEqual({email: 'Please enter a valid email address.'})
  })

  it('needs at least one room or staircase', () => {
    expect(messages(carpet, {...validCarpet, rooms: 0, stairs: 0})).toEqual({rooms: 'Please add at least one room or staircase.'})
    expect(messages(carpet, {...validCarpet, rooms: 0, stairs: 1})).toEqual({})
    expect(messages(carpet, {...validCarpet, rooms: 1, stairs: 0})).toEqual({})
  })

  it("refuses unknown coupons with 'Invalid coupon code.' and accepts save10/save20 in any case", () => {
    expect(messages(carpet, {...validCarpet, coupon: 'save30'})).toEqual({coupon: 'Invalid coupon code.'})
    expect(messages(carpet, {...validCarpet, coupon: 'flat5'})).toEqual({coupon: 'Invalid coupon code.'})
    expect(carpet.parse({...validCarpet, coupon: ' SAVE20 '}).coupon).toBe('save20')
    expect(carpet.parse({...validCarpet, coupon: null}).coupon).toBeNull()
  })
})

describe('commercial messages', () => {
  it.each([
    ['subService', 'Please fill out the service field.'],
    ['frequency', 'Please fill out the frequency field.'],
    ['date', 'Please fill out the date field.'],
    ['firstName', 'Please fill out the first name field.'],
    ['lastName', 'Please fill out the last name field.'],
    ['email', 'Please fill out the email field.'],
    ['phone', 'Please fill out the phone number field.'],
    ['address', 'Please fill out the address field.'],
  ] as const)("%s: '%s' when blank or whitespace only", (field, message) => {
    expect(messages(commercial, {...validCommercial, [field]: ''})).toEqual({[field]: message})
    expect(messages(commercial, {...validCommercial, [field]: '   '})).toEqual({[field]: message})
    expect(messages(commercial, without(validCommercial, field))).toEqual({[field]: message})
  })

  it("'Please enter a valid email address.'", () => {
    expect(messages(commercial, {...validCommercial, email: 'office@'})).toEqual({email: 'Please enter a valid email address.'})
  })

  it('offers Construction Final Clean as One-Time only, and the others as Single Deep Cleaning or Recurring', () => {
    expect(messages(commercial, {...validCommercial, subService: 'Construction Final Clean', frequency: 'One-Time'})).toEqual({})
    expect(messages(commercial, {...validCommercial, subService: 'Construction Final Clean', frequency: 'Recurring'})).toEqual({
      frequency: 'Please choose One-Time for Construction Final Clean.',
    })
    expect(messages(commercial, {...validCommercial, subService: 'Construction Final Clean', frequency: 'Single Deep Cleaning'})).toEqual({
      frequency: 'Please choose One-Time for Construction Final Clean.',
    })
    for (const subService of ['Corporate Office Cleaning', 'Retail Spaces Cleaning', 'VRBO and AIRBNB Cleaning'] as const) {
      expect(messages(commercial, {...validCommercial, subService, frequency: 'Single Deep Cleaning'})).toEqual({})
      expect(messages(commercial, {...validCommercial, subService, frequency: 'Recurring'})).toEqual({})
      expect(messages(commercial, {...validCommercial, subService, frequency: 'One-Time'})).toEqual({
        frequency: `Please choose Single Deep Cleaning or Recurring for ${subService}.`,
      })
    }
  })

  it('refuses unknown sub-services and frequencies', () => {
    expect(messages(commercial, {...validCommercial, subService: 'Hospital Cleaning'})).toEqual({subService: 'Please fill out the service field.'})
    expect(messages(commercial, {...validCommercial, frequency: 'Weekly'})).toEqual({frequency: 'Please fill out the frequency field.'})
  })

  it('makes the location optional with Snohomish County as default, and refuses unknown ones', () => {
    expect(commercial.parse({...validCommercial, location: ''}).location).toBe('Snohomish County')
    expect(commercial.parse({...validCommercial, location: 'King County'}).location).toBe('King County')
    expect(messages(commercial, {...validCommercial, location: 'Pierce County'})).toEqual({location: 'Please select a location.'})
  })

  it("refuses any coupon: the commercial form has none ('Invalid coupon code.')", () => {
    expect(messages(commercial, {...validCommercial, coupon: 'SAVE20'})).toEqual({coupon: 'Invalid coupon code.'})
  })
})

describe('house coupons', () => {
  it("refuses unknown codes with 'Invalid coupon code.'", () => {
    for (const coupon of ['save30', 'SAVE 10', 'freestuff', 'constructor']) {
      expect(messages(house, {...validHouse, coupon})).toEqual({coupon: 'Invalid coupon code.'})
    }
  })

  it('accepts the house codes trimmed and in any case, stored in lower case', () => {
    expect(house.parse({...validHouse, coupon: '  FLAT5 '}).coupon).toBe('flat5')
    expect(house.parse({...validHouse, coupon: 'Save20'}).coupon).toBe('save20')
    expect(house.parse({...validHouse, coupon: '   '}).coupon).toBeNull()
    expect(house.parse(without(validHouse, 'coupon')).coupon).toBeNull()
  })
})

describe('phone numbers: ten digits, however typed', () => {
  it.each([
    '4255550142',
    '425 555 0142',
    '425-555-0142',
    '425.555.0142',
    '(425) 555-0142',
    '(425)555-0142',
    '+1 425 555 0142',
    '+1 (425) 555-0142',
    '+1-425-555-0142',
    '+14255550142',
    '  425 555 0142  ',
  ])('accepts %j as 4255550142', (phone) => {
    expect(normalizePhone(phone)).toBe('4255550142')
    expect(house.parse({...validHouse, phone}).phone).toBe('4255550142')
  })

  it.each([
    '555-0142', // 7 digits
    '425-555-014', // 9 digits
    '425-555-01422', // 11 digits
    '1 425 555 0142', // 11 digits: only a leading +1 is allowed
    '+44 20 7946 0958', // not +1
    '+1 +425 555 0142',
    '425 555 O142', // letter O
    '425/555/0142',
    '425_555_0142',
    'call me',
    '4255550142 ext 5',
    '42555501424255550142425555014242555501424',
  ])("refuses %j with 'Please enter a valid 10-digit phone number'", (phone) => {
    expect(normalizePhone(phone)).toBeNull()
    const message = {phone: 'Please enter a valid 10-digit phone number'}
    expect(messages(house, {...validHouse, phone})).toEqual(message)
    expect(messages(exterior, {...validExterior, phone})).toEqual(message)
    expect(messages(carpet, {...validCarpet, phone})).toEqual(message)
    expect(messages(commercial, {...validCommercial, phone})).toEqual(message)
  })
})

describe('dates: today or later in America/Los_Angeles', () => {
  it("today's date in Los Angeles around midnight UTC and across daylight saving", () => {
    expect(todayInCompanyTimeZone(new Date('2025-06-15T00:30:00Z'))).toBe('2025-06-14') // 17:30 PDT
    expect(todayInCompanyTimeZone(new Date('2025-06-15T06:59:59Z'))).toBe('2025-06-14') // 23:59:59 PDT
    expect(todayInCompanyTimeZone(new Date('2025-06-15T07:00:00Z'))).toBe('2025-06-15') // 00:00 PDT
    expect(todayInCompanyTimeZone(new Date('2025-01-15T07:59:59Z'))).toBe('2025-01-14') // 23:59:59 PST
    expect(todayInCompanyTimeZone(new Date('2025-01-15T08:00:00Z'))).toBe('2025-01-15') // 00:00 PST
    expect(todayInCompanyTimeZone(new Date('2025-12-31T23:00:00Z'))).toBe('2025-12-31') // 15:00 PST
    expect(todayInCompanyTimeZone(new Date('2026-01-01T08:00:00Z'))).toBe('2026-01-01')
  })

  it('accepts today in Los Angeles although it is already tomorrow in UTC', () => {
    // NOW is 2025-06-15 03:00 UTC = 2025-06-14 20:00 PDT
    for (const schema of [house, carpet, commercial]) {
      const base = {house: validHouse, carpet: validCarpet, commercial: validCommercial}[
        schema === house ? 'house' : schema === carpet ? 'carpet' : 'commercial'
      ]
      expect(messages(schema, {...base, date: '2025-06-14'})).toEqual({})
      expect(messages(schema, {...base, date: '2025-06-15'})).toEqual({})
      expect(messages(schema, {...base, date: '2026-02-28'})).toEqual({})
      expect(messages(schema, {...base, date: '2025-06-13'})).toEqual({date: 'Please choose today or a later date.'})
    }
  })

  it('refuses yesterday once midnight has passed in Los Angeles', () => {
    const schemas = createBookingSchemas(() => new Date('2025-06-15T07:00:00Z')) // 00:00 PDT on the 15th
    expect(messages(schemas.houseBookingSchema, {...validHouse, date: '2025-06-14'})).toEqual({date: 'Please choose today or a later date.'})
    expect(messages(schemas.houseBookingSchema, {...validHouse, date: '2025-06-15'})).toEqual({})
  })

  it('reads the clock at each parse', () => {
    let now = new Date('2025-06-15T03:00:00Z')
    const schemas = createBookingSchemas(() => now)
    expect(messages(schemas.carpetBookingSchema, {...validCarpet, date: '2025-06-14'})).toEqual({})
    now = new Date('2025-06-16T03:00:00Z')
    expect(messages(schemas.carpetBookingSchema, {...validCarpet, date: '2025-06-14'})).toEqual({date: 'Please choose today or a later date.'})
  })

  it.each(['2025-02-30', '2025-13-01', '2025-6-20', '06/20/2025', '2025-06-20T10:00', 'tomorrow'])(
    "refuses %j with 'Please enter a valid date.'",
    (date) => {
      expect(messages(commercial, {...validCommercial, date})).toEqual({date: 'Please enter a valid date.'})
    },
  )

  it('the default schemas use the real clock', () => {
    const today = todayInCompanyTimeZone()
    expect(messages(houseBookingSchema, {...validHouse, date: today})).toEqual({})
    expect(messages(houseBookingSchema, {...validHouse, date: '2000-01-01'})).toEqual({date: 'Please choose today or a later date.'})
  })
})

describe('text lengths', () => {
  it.each([
    ['firstName', 60, 'First name must be at most 60 characters.'],
    ['lastName', 60, 'Last name must be at most 60 characters.'],
    ['address', 200, 'Address must be at most 200 characters.'],
  ] as const)('%s: %i characters accepted, one more refused', (field, max, message) => {
    expect(messages(house, {...validHouse, [field]: 'a'.repeat(max)})).toEqual({})
    expect(messages(house, {...validHouse, [field]: 'a'.repeat(max + 1)})).toEqual({[field]: message})
    // Surrounding spaces are trimmed before counting.
    expect(messages(house, {...validHouse, [field]: ` ${'a'.repeat(max)} `})).toEqual({})
  })

  it('email: 254 characters accepted, 255 refused', () => {
    const email = (length: number) => `${'a'.repeat(64)}@${'b'.repeat(length - 64 - 1 - 4)}.com`
    expect(email(254)).toHaveLength(254)
    expect(messages(exterior, {...validExterior, email: email(254)})).toEqual({})
    expect(messages(exterior, {...validExterior, email: email(255)})).toEqual({email: 'Email must be at most 254 characters.'})
  })

  it('notes: optional, 2000 characters accepted, 2001 refused', () => {
    expect(messages(commercial, {...validCommercial, notes: 'n'.repeat(2000)})).toEqual({})
    expect(messages(commercial, {...validCommercial, notes: 'n'.repeat(2001)})).toEqual({notes: 'Notes must be at most 2000 characters.'})
    expect(commercial.parse({...validCommercial, notes: 'Line one\nLine two'}).notes).toBe('Line one\nLine two')
    expect(commercial.parse({...validCommercial, notes: null}).notes).toBe('')
  })

  it('coupon: more than 40 characters refused', () => {
    expect(messages(house, {...validHouse, coupon: 'x'.repeat(41)})).toEqual({coupon: 'Coupon code must be at most 40 characters.'})
  })

  it('refuses control characters in single-line fields', () => {
    expect(messages(house, {...validHouse, firstName: 'Ada\u0000'})).toEqual({firstName: 'Please remove unsupported characters from the first name.'})
    expect(messages(house, {...validHouse, address: '1 Main St\nBcc: x'})).toEqual({
      address: 'Please remove unsupported characters from the address.',
    })
    expect(messages(house, {...validHouse, notes: 'ok\u0007'})).toEqual({notes: 'Please remove unsupported characters from the notes.'})
  })

  it('keeps names with accents and apostrophes', () => {
    expect(house.parse({...validHouse, firstName: 'Zoë', lastName: "O'Brien-Núñez"})).toMatchObject({firstName: 'Zoë', lastName: "O'Brien-Núñez"})
  })

  it("refuses half a character (a lone surrogate) in every text field with \"Please remove characters that can't be read.\"", () => {
    const unreadable = "Please remove characters that can't be read."
    expect(messages(house, {...validHouse, firstName: 'Jane\uD800', lastName: '\uDC00Doe', address: '1 Main St \uD83D', notes: 'x\uDE00y'})).toEqual({
      firstName: unreadable,
      lastName: unreadable,
      address: unreadable,
      notes: unreadable,
    })
    expect(messages(house, {...validHouse, email: 'ada\uD800@example.com', phone: '425\uD800', coupon: 'save10\uD800', date: '\uD8002025-06-20'})).toEqual({
      email: unreadable,
      phone: unreadable,
      coupon: unreadable,
      date: unreadable,
    })
    // A whole emoji (a surrogate pair) is a character like any other.
    expect(commercial.parse({...validCommercial, notes: 'Thanks 😀'}).notes).toBe('Thanks 😀')
  })

  it('reads every text in Unicode NFC: a decomposed accent is the same name as the composed one', () => {
    const decomposed = house.parse({...validHouse, firstName: 'Jose\u0301', lastName: 'Mu\u0308ller', notes: 'cafe\u0301'})
    expect(decomposed).toMatchObject({firstName: 'Jos\u00e9', lastName: 'M\u00fcller', notes: 'caf\u00e9'})
    expect(decomposed).toEqual(house.parse({...validHouse, firstName: 'Jos\u00e9', lastName: 'M\u00fcller', notes: 'caf\u00e9'}))
    // The length limit counts characters as composed: 60 decomposed "é" are 60 characters.
    expect(messages(house, {...validHouse, firstName: 'e\u0301'.repeat(60)})).toEqual({})
  })
})

describe('the booking request (discriminated on industry)', () => {
  it('validates each industry with its own schema', () => {
    expect(bookingRequestSchema.parse(validHouse).industry).toBe('house')
    expect(bookingRequestSchema.parse(validExterior).industry).toBe('exterior')
    expect(bookingRequestSchema.parse(validCarpet).industry).toBe('carpet')
    expect(bookingRequestSchema.parse(validCommercial).industry).toBe('commercial')
    expect(messages(bookingRequestSchema, {...validCarpet, rooms: 0})).toEqual({rooms: 'Please add at least one room or staircase.'})
  })

  it("refuses an unknown industry with 'Unknown booking type.'", () => {
    expect(messages(bookingRequestSchema, {...validHouse, industry: 'garden'})).toEqual({industry: 'Unknown booking type.'})
    expect(messages(bookingRequestSchema, without(validHouse, 'industry'))).toEqual({industry: 'Unknown booking type.'})
    expect(messages(bookingRequestSchema, null)).toEqual({'': 'Unknown booking type.'})
    expect(messages(bookingRequestSchema, 'house')).toEqual({'': 'Unknown booking type.'})
  })

  it('needs a UUID idempotency key', () => {
    expect(messages(bookingRequestSchema, {...validHouse, idempotencyKey: 'abc'})).toEqual({idempotencyKey: 'Please reload the page and try again.'})
    expect(messages(bookingRequestSchema, without(validExterior, 'idempotencyKey'))).toEqual({
      idempotencyKey: 'Please reload the page and try again.',
    })
    expect(messages(bookingRequestSchema, {...validCarpet, idempotencyKey: crypto.randomUUID()})).toEqual({})
  })

  it('strips forged amounts and other unknown fields; the price comes from the server', () => {
    const forged = {
      ...validHouse,
      amount: 1,
      total: 0.01,
      totalCents: 1,
      discount: 500,
      discountCents: 50000,
      payment_status: 'paid',
      id: 'b7a6b2f0-0000-4000-8000-000000000000',
    }
    const parsed = bookingRequestSchema.parse(forged)
    for (const key of ['amount', 'total', 'totalCents', 'discount', 'discountCents', 'payment_status', 'id']) {
      expect(parsed).not.toHaveProperty(key)
    }
    // Regular Weekly, 2 bedrooms 1 bathroom: 81.20 + 2×15.46 + 19.33 = 131.45;
    // tip 15 % = 19.7175 → 19.72; parking 5: 131.45 + 19.72 + 5 = 156.17
    expect(priceBooking(parsed).totalCents).toBe(15617)
  })

  it('refuses a request with an out-of-range count, an unknown service, frequency or coupon', () => {
    expect(messages(bookingRequestSchema, {...validHouse, bedrooms: 99})).toEqual({bedrooms: 'Bedrooms must be a whole number from 1 to 7.'})
    expect(messages(bookingRequestSchema, {...validExterior, service: 'Chimney Sweeping'})).toEqual({service: 'Please select a service.'})
    expect(messages(bookingRequestSchema, {...validCarpet, frequency: 'Every 2 Weeks'})).toEqual({frequency: 'Please select a frequency.'})
    expect(messages(bookingRequestSchema, {...validHouse, coupon: 'HALFOFF'})).toEqual({coupon: 'Invalid coupon code.'})
  })
})

describe('react-hook-form integration (the browser: schemas worded with the content)', () => {
  const options = {fields: {}, shouldUseNativeValidation: false} as const
  const browserHouse = createBookingSchema('house', contentMessage(CONTENT.house), () => NOW)

  it('zodResolver reports each message on its field path', async () => {
    const input: HouseBookingInput = {...validHouse, firstName: '', instructions: {...validHouse.instructions, howClean: '' as never}}
    const result = await zodResolver(browserHouse)(input, undefined, options)
    expect(result.errors).toMatchObject({
      firstName: {message: 'Please fill out the first name'},
      instructions: {howClean: {message: 'Missing answer for: How Clean Is Your Home?'}},
    })
  })

  it('zodResolver gives the validated, normalised values', async () => {
    const result = await zodResolver(browserHouse)({...validHouse, phone: '(425) 555-0142'}, undefined, options)
    expect(result.errors).toEqual({})
    expect(result.values).toMatchObject({phone: '4255550142', notes: 'Gate code 1234', coupon: null})
  })
})

describe('messages: the content words them, the server names them', () => {
  /** Inputs that together reach every message a form can show. */
  const BAD_INPUTS: Record<Industry, unknown[]> = {
    house: [
      {industry: 'house'},
      {...validHouse, firstName: 'x'.repeat(61), lastName: 'a\u0007b', email: 'no-at', phone: '123', minutes: 5, tip: '99%', parkingFee: '$9', date: '2025-02-30', notes: 7, coupon: 'HALFOFF', extras: {Piano: 1}},
      {...validHouse, service: 'Post Construction', hours: 0, minutes: 0, date: '2000-01-01', firstName: '\uD800', bedrooms: 0},
      {...validHouse, service: 'Regular Cleaning', frequency: ''},
    ],
    exterior: [{industry: 'exterior'}, {...validExterior, tip: 'x', parkingFee: 'x', keyInfo: 'x', email: 'no-at', coupon: 'save10'}],
    carpet: [{industry: 'carpet'}, {...validCarpet, rooms: 0, stairs: 0, date: '2000-01-01'}],
    commercial: [{industry: 'commercial', location: 'Mars'}, {...validCommercial, subService: 'Construction Final Clean', frequency: 'Recurring'}],
  }

  it.each(INDUSTRIES)('%s: the browser shows the same text the server names by reference', (form) => {
    const browser = createBookingSchema(form, contentMessage(CONTENT[form]), () => NOW)
    for (const input of BAD_INPUTS[form]) {
      const result = browser.safeParse(input)
      expect(result.success).toBe(false)
      const shown = result.success ? {} : fieldMessages(result.error)
      expect(shown).toEqual(messages(bookingRequestSchema, input))
      for (const text of Object.values(shown)) expect(text).not.toMatch(/\{\w+\}/)
    }
  })

  it.each(INDUSTRIES)('%s: uses only the shared messages and its own, and every one of its own', (form) => {
    const used = new Set<string>()
    const recording: BookingMessage = (key, values) => {
      used.add(key)
      return messageReference(key, values)
    }
    const schema = createBookingSchema(form, recording, () => NOW)
    for (const input of BAD_INPUTS[form]) schema.safeParse(input)
    const own: readonly string[] = BOOKING_FORM_MESSAGE_KEYS[form]
    const shared: readonly string[] = BOOKING_SHARED_MESSAGE_KEYS
    expect([...used].filter((key) => !own.includes(key) && !shared.includes(key))).toEqual([])
    // failed, paymentError and noPaymentPage are the submission's, not the schema's
    expect(own.filter((key) => !used.has(key) && !['failed', 'paymentError', 'noPaymentPage'].includes(key))).toEqual([])
  })

  it('each form has a text for every message it can show', () => {
    for (const form of INDUSTRIES) {
      for (const key of [...BOOKING_SHARED_MESSAGE_KEYS, ...BOOKING_FORM_MESSAGE_KEYS[form]]) {
        expect(CONTENT[form][key], `${form}: ${key}`).toMatch(/\S/)
      }
    }
  })

  it('a reference carries the values its text puts in', () => {
    expect(messages(bookingRequestSchema, {...validCommercial, subService: 'Construction Final Clean'})).toEqual({
      frequency: 'Please choose One-Time for Construction Final Clean.',
    })
    const result = bookingRequestSchema.safeParse({...validCarpet, extras: {HALLWAYS: 99}})
    expect(result.success ? {} : fieldMessages(result.error)).toEqual({'extras.HALLWAYS': 'countInvalid?label=HALLWAYS+count&min=0&max=10'})
  })
})
