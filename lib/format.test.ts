import {describe, expect, it} from 'vitest'
import {addressLines, fillIn, mailtoHref, telHref} from './format'

describe('telHref', () => {
  it('keeps digits only and adds the +1 country code', () => {
    expect(telHref('(425) 555-0142')).toBe('tel:+14255550142')
    expect(telHref('425.555.0142')).toBe('tel:+14255550142')
    expect(telHref('425 555 0142')).toBe('tel:+14255550142')
  })

  it('does not double the country code', () => {
    expect(telHref('+1 (425) 555-0142')).toBe('tel:+14255550142')
    expect(telHref('1-425-555-0142')).toBe('tel:+14255550142')
  })
})

describe('mailtoHref', () => {
  it('trims the address', () => {
    expect(mailtoHref(' hello@example.com ')).toBe('mailto:hello@example.com')
  })
})

describe('addressLines', () => {
  it('formats street and locality', () => {
    expect(
      addressLines({street: '200 Mill Ave S', city: 'Renton', region: 'WA', postalCode: '98057', country: 'US'}),
    ).toEqual(['200 Mill Ave S', 'Renton, WA 98057'])
  })
})

describe('fillIn', () => {
  it('puts values in place of their {names}, and leaves unknown names as written', () => {
    expect(fillIn('Priced by the hour: {hourlyRate} per hour.', {hourlyRate: '$154.65'})).toBe('Priced by the hour: $154.65 per hour.')
    expect(fillIn('{a} and {a}, not {b}', {a: 'x'})).toBe('x and x, not {b}')
    expect(fillIn('No placeholders.', {a: 'x'})).toBe('No placeholders.')
  })
})
