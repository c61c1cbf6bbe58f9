/**
 * Phone numbers as text providers take them (E.164: '+14255550123'). The booking forms store a US
 * number as its 10 digits; replies come in E.164 already.
 */
const E164 = /^\+[1-9]\d{7,14}$/

/** The number in E.164, or null when it is not one (a US number of 10 digits gets +1). */
export function toE164(phone: string): string | null {
  const trimmed = phone.trim()
  if (E164.test(trimmed)) return trimmed
  const digits = trimmed.replace(/\D/g, '')
  if (digits.length === 10 && /^[2-9]/.test(digits)) return `+1${digits}`
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`
  return null
}
