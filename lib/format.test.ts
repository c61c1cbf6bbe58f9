import {describe, expect, it} from 'vitest'
import {addressLines, mailtoHref, telHref} from './format'

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
