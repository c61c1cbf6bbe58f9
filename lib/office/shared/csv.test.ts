import {describe, expect, it} from 'vitest'
import {csvCell, csvRecord} from './csv'

describe('CSV cells', () => {
  it.each([
    ['plain', 'plain'],
    ['Renton, WA', '"Renton, WA"'],
    ['say "hi"', '"say ""hi"""'],
    ['line one\r\nline two', '"line one\r\nline two"'],
    [null, ''],
  ])('quotes commas, quotes and line breaks, doubling the quotes (RFC 4180): %j → %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell)
  })

  it.each([
    [123.45, '123.45'],
    [-5, '-5'],
  ])('writes amounts as numbers, negative ones too: %j → %j', (amount, cell) => {
    expect(csvCell(amount)).toBe(cell)
  })

  it('keeps a spreadsheet from running a cell as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}x`)).toMatch(new RegExp(`^"?'\\${start}x`))
    const cells: [value: string, cell: string][] = [
      ['=1+1', `'=1+1`],
      ['-2', `'-2`],
      ['\r=cmd', `"'\r=cmd"`],
      ['Zoë Ångström', 'Zoë Ångström'],
    ]
    for (const [value, cell] of cells) expect(csvCell(value), JSON.stringify(value)).toBe(cell)
  })

  it('ends each record with CRLF', () => {
    expect(csvRecord(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n')
  })
})
