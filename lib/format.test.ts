import {describe, expect, it} from 'vitest'
import {addressLines, fillIn, mailtoHref, telHref} from './format'

describe('telHref', () => {
  it.each(['(425) 555-0142', '425.555.0142', '425 555 0142'])('keeps digits only and adds the +1 country code: %j', (typed) => {
    expect(telHref(typed)).toBe('tel:+14255550142')
  })

  it.each(['+1 (425) 555-0142', '1-425-555-0142'])('does not double the country code: %j', (typed) => {
    expect(telHref(typed)).toBe('tel:+14255550142')
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
    const cases: [template: string, values: Record<string, string>, filled: string][] = [
      ['Priced by the hour: {hourlyRate} per hour.', {hourlyRate: '$154.65'}, 'Priced by the hour: $154.65 per hour.'],
      ['{a} and {a}, not {b}', {a: 'x'}, 'x and x, not {b}'],
      ['No placeholders.', {a: 'x'}, 'No placeholders.'],
    ]
    for (const [template, values, filled] of cases) expect(fillIn(template, values), template).toBe(filled)
  })
})
