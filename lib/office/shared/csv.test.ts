import {describe, expect, it} from 'vitest'
import {csvCell, csvRecord} from './csv'

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks, doubling the quotes (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('Renton, WA')).toBe('"Renton, WA"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('line one\r\nline two')).toBe('"line one\r\nline two"')
    expect(csvCell(null)).toBe('')
  })

  it('writes amounts as numbers, negative ones too', () => {
    expect(csvCell(123.45)).toBe('123.45')
    expect(csvCell(-5)).toBe('-5')
  })

  it('keeps a spreadsheet from running a cell as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}x`)).toMatch(new RegExp(`^"?'\\${start}x`))
    expect(csvCell('=1+1')).toBe(`'=1+1`)
    expect(csvCell('-2')).toBe(`'-2`)
    expect(csvCell('\r=cmd')).toBe(`"'\r=cmd"`)
    expect(csvCell('Zoë Ångström')).toBe('Zoë Ångström')
  })

  it('ends each record with CRLF', () => {
    expect(csvRecord(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n')
  })
})
