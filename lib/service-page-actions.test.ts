import {describe, expect, it} from 'vitest'
import {findBookableService, HOUSE_SERVICES} from './booking/catalog'
import {
  CARPET_BOOKING_PATH,
  HOUSE_BOOKING_PATH,
  emailHref,
  layoutHasQuoteSection,
  questionEmailSubject,
  quoteEmailHref,
  quoteEmailSubject,
  serviceCallsToAction,
} from './service-page-actions'

const phone = '(425) 555-0142'

describe('serviceCallsToAction', () => {
  it('sends both calls to action of information pages to the house cleaning booking form', () => {
    const actions = serviceCallsToAction('information', {phone, hasQuoteContent: false})
    expect(HOUSE_BOOKING_PATH).toBe('/house_cleaning')
    expect(actions.hero).toEqual({href: '/house_cleaning', kind: 'booking'})
    expect(actions.final).toEqual({href: '/house_cleaning', kind: 'booking'})
    expect(actions.showQuoteSection).toBe(false)
  })

  it('opens the house form with the information page\'s own service chosen', () => {
    for (const service of HOUSE_SERVICES) {
      const actions = serviceCallsToAction('information', {phone, hasQuoteContent: false, bookingService: findBookableService(`house:${service}`)})
      const url = new URL(actions.hero.href, 'https://example.com')
      expect(url.pathname).toBe('/house_cleaning')
      expect(url.searchParams.get('service')).toBe(service)
      expect(actions.final).toEqual(actions.hero)
    }
    // A service of another form never sends a house page elsewhere.
    expect(serviceCallsToAction('information', {phone, hasQuoteContent: false, bookingService: findBookableService('exterior:Roof Cleaning')}).hero.href).toBe('/house_cleaning')
  })

  it('sends both calls to action of the carpet landing to the carpet booking form, with no quote section', () => {
    const actions = serviceCallsToAction('carpetLanding', {phone, hasQuoteContent: false})
    expect(CARPET_BOOKING_PATH).toBe('/carpet_cleaning')
    expect(actions.hero).toEqual({href: '/carpet_cleaning', kind: 'booking'})
    expect(actions.final).toEqual({href: '/carpet_cleaning', kind: 'booking'})
    expect(actions.showQuoteSection).toBe(false)
  })

  it('makes both calls to action of quote landings jump to the #quote section', () => {
    const actions = serviceCallsToAction('quoteLanding', {phone, hasQuoteContent: true})
    expect(actions.hero).toEqual({href: '#quote', kind: 'quoteAnchor'})
    expect(actions.final).toEqual({href: '#quote', kind: 'quoteAnchor'})
    expect(actions.showQuoteSection).toBe(true)
  })

  it('dials the company from a quote landing whose quote section is missing, rather than a dead anchor', () => {
    const actions = serviceCallsToAction('quoteLanding', {phone, hasQuoteContent: false})
    expect(actions.hero).toEqual({href: 'tel:+14255550142', kind: 'phone'})
    expect(actions.final).toEqual({href: 'tel:+14255550142', kind: 'phone'})
    expect(actions.showQuoteSection).toBe(false)
  })

  it('makes the mold page dial the company phone and keeps its quote section', () => {
    const actions = serviceCallsToAction('mold', {phone, hasQuoteContent: true})
    expect(actions.hero).toEqual({href: 'tel:+14255550142', kind: 'phone'})
    expect(actions.final).toEqual({href: 'tel:+14255550142', kind: 'phone'})
    expect(actions.showQuoteSection).toBe(true)
  })

  it('follows the phone number in the settings, however it is written', () => {
    expect(serviceCallsToAction('mold', {phone: '+1 206.555.0199', hasQuoteContent: true}).hero.href).toBe(
      'tel:+12065550199',
    )
  })

  it('never shows a quote section on information or carpet pages, even if stale content has one', () => {
    expect(serviceCallsToAction('information', {phone, hasQuoteContent: true}).showQuoteSection).toBe(false)
    expect(serviceCallsToAction('carpetLanding', {phone, hasQuoteContent: true}).showQuoteSection).toBe(false)
  })

  it('rejects a layout it does not know', () => {
    expect(() => serviceCallsToAction('brochure' as never, {phone, hasQuoteContent: true})).toThrow(
      /Unknown service page layout/,
    )
  })
})

describe('layoutHasQuoteSection', () => {
  it('is true for quote landings and mold only', () => {
    expect(layoutHasQuoteSection('quoteLanding')).toBe(true)
    expect(layoutHasQuoteSection('mold')).toBe(true)
    expect(layoutHasQuoteSection('information')).toBe(false)
    expect(layoutHasQuoteSection('carpetLanding')).toBe(false)
  })
})

describe('quoteEmailHref', () => {
  it('names the service in an encoded subject', () => {
    expect(quoteEmailSubject(' Roof Cleaning ')).toBe('Quote request: Roof Cleaning')
    expect(quoteEmailHref('hello@example.com', 'VRBO & Airbnb Cleaning')).toBe(
      'mailto:hello@example.com?subject=Quote%20request%3A%20VRBO%20%26%20Airbnb%20Cleaning',
    )
  })
})

describe('emailHref', () => {
  it('takes any subject, e.g. a question about the service', () => {
    expect(questionEmailSubject('Mold Remediation')).toBe('Question about Mold Remediation')
    expect(emailHref('hello@example.com', questionEmailSubject('Mold Remediation'))).toBe(
      'mailto:hello@example.com?subject=Question%20about%20Mold%20Remediation',
    )
  })
})
