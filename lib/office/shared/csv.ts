/**
 * CSV as spreadsheets open it (RFC 4180): fields separated by commas, records by CRLF, a field with a
 * comma, quote or line break quoted with its quotes doubled, and the file starting with a UTF-8 byte
 * order mark, without which Excel reads "Zoë" as "ZoÃ«".
 */

export const CSV_BOM = '\uFEFF'
export const CSV_LINE_END = '\r\n'

export type CsvValue = string | number | null

/**
 * A cell a spreadsheet would run as a formula ("=HYPERLINK(…)" typed as a customer's name) is given
 * a leading apostrophe, which the spreadsheet shows as text (OWASP "CSV injection"). Numbers are
 * written as numbers, so amounts stay summable (a negative amount is a number, not a formula).
 */
export function csvCell(value: CsvValue): string {
  if (value === null) return ''
  const text = typeof value === 'number' ? String(value) : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One record, with its line end. */
export function csvRecord(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',') + CSV_LINE_END
}
