/**
 * Rules for what people type into the site's forms, shared by the booking and the lead schemas
 * (browser and server alike). Plain TypeScript.
 */
import * as z from 'zod'

// In the browser zod would probe `new Function` to compile fast parsers; the site's CSP forbids
// eval, so the probe only fills the console with a CSP violation (Lighthouse best practices 96).
// Node has no CSP and keeps the compiled parsers.
if (typeof window !== 'undefined') z.config({ jitless: true })

/**
 * Whether a text holds a lone UTF-16 surrogate: half of a character (a broken emoji), which no
 * database stores as it is (PostgreSQL refuses it in JSON; elsewhere it becomes U+FFFD) and no
 * screen shows.
 */
export function hasLoneSurrogate(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) i++
      else return true
    } else if (code >= 0xdc00 && code <= 0xdfff) return true
  }
  return false
}

/**
 * The start of every text field of the booking and lead forms, the one place text is made
 * comparable: a string (else `typeError`), turned into Unicode NFC before any other rule runs
 * ("Jose\u0301" and "José" are the same name, validated, stored and compared as "José"), and
 * refused with `unreadable` when it holds a lone surrogate. Each field adds its own rules after it.
 */
export function formText(messages: {typeError: string; unreadable: string}, options: {multiline?: boolean} = {}) {
  return z
    .string({error: messages.typeError})
    .overwrite((value) => (options.multiline ? withPlainLineBreaks(value) : value).normalize('NFC'))
    .refine((value) => !hasLoneSurrogate(value), {error: messages.unreadable})
}

/** The line breaks other than CR and LF: NEL (U+0085), LINE SEPARATOR (U+2028), PARAGRAPH SEPARATOR (U+2029). */
const OTHER_LINE_BREAKS = /[\u0085\u2028\u2029]/g

/**
 * A text of several lines with NEL, U+2028 and U+2029 (which a paste from a word processor or a
 * PDF can bring) turned into plain line breaks, as every mail program and the office read them.
 */
export function withPlainLineBreaks(value: string): string {
  return value.replace(OTHER_LINE_BREAKS, '\n')
}

/**
 * The 10 digits of a phone number typed with spaces, dashes, dots or parentheses and an optional
 * leading +1 ("+1 (425) 555-0142" → "4255550142"); null if anything else is typed or a number of
 * digits other than ten remains (an 11-digit "1 425 555 0142" without the + is refused).
 */
export function normalizePhone(raw: string): string | null {
  let rest = raw.trim()
  if (rest.startsWith('+1')) rest = rest.slice(2)
  // Spaces of any kind, but no line break (\s would let U+2028 and friends through).
  if (!/^(?:[0-9().-]|(?![\n\r\v\f\u0085\u2028\u2029])\s)*$/.test(rest)) return null
  const digits = rest.replace(/\D/g, '')
  return digits.length === 10 ? digits : null
}

/**
 * Control characters, C0 (U+0000–U+001F, DEL) and C1 (U+0080–U+009F, NEL among them), and the
 * Unicode line and paragraph separators (U+2028, U+2029): never part of a name or an address, and
 * a line break in one would start a new header line of an e-mail ("Eve\u2028Bcc: …"). With
 * `allowLineBreaks` (a text of several lines, already through `withPlainLineBreaks`), CR, LF and
 * tab pass.
 */
export function hasControlCharacters(value: string, allowLineBreaks: boolean): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0
    if (allowLineBreaks && (char === '\n' || char === '\r' || char === '\t')) continue
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) return true
  }
  return false
}
