/**
 * A strict RFC 4180 reader for the tests: CRLF between records only, quoted fields with doubled
 * quotes, nothing after a closing quote but a comma or the line end. Throws on anything else, so a
 * test reading the export fails on a file a spreadsheet would misread.
 */
export function readCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let index = 0
  const endField = () => {
    record.push(field)
    field = ''
  }
  while (index < text.length) {
    if (text[index] === '"') {
      index++
      for (;;) {
        if (index >= text.length) throw new Error('Unterminated quoted field')
        if (text[index] === '"') {
          if (text[index + 1] === '"') {
            field += '"'
            index += 2
            continue
          }
          index++
          break
        }
        field += text[index++]
      }
      if (index < text.length && text[index] !== ',' && !text.startsWith('\r\n', index)) throw new Error(`Text after a closing quote at ${index}`)
      continue
    }
    if (text[index] === ',') {
      endField()
      index++
      continue
    }
    if (text.startsWith('\r\n', index)) {
      endField()
      records.push(record)
      record = []
      index += 2
      continue
    }
    if (text[index] === '\r' || text[index] === '\n') throw new Error(`A bare line break outside quotes at ${index}`)
    field += text[index++]
  }
  if (field !== '' || record.length > 0) throw new Error('The last record has no CRLF')
  return records
}
