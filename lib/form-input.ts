/**
 * Rules for what people type into the site's forms, shared by the booking and the lead schemas
 * (browser and server alike). Plain TypeScript.
 */

/**
 * The 10 digits of a phone number typed with spaces, dashes, dots or parentheses and an optional
 * leading +1 ("+1 (425) 555-0142" → "4255550142"); null if anything else is typed or a number of
 * digits other than ten remains (an 11-digit "1 425 555 0142" without the + is refused).
 */
export function normalizePhone(raw: string): string | null {
  let rest = raw.trim()
  if (rest.startsWith('+1')) rest = rest.slice(2)
  if (!/^[0-9\s().-]*$/.test(rest)) return null
  const digits = rest.replace(/\D/g, '')
  return digits.length === 10 ? digits : null
}

/** Control characters (and, unless allowed, line breaks and tabs): never part of a name or an address. */
export function hasControlCharacters(value: string, allowLineBreaks: boolean): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0
    if (allowLineBreaks && (char === '\n' || char === '\r' || char === '\t')) continue
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}
