/**
 * The {tokens} editors may write in the e-mail wording (the E-mails document in the Studio), filled
 * in for each message. Plain TypeScript, shared with the Studio's validation.
 */

export const EMAIL_TOKENS = {
  /** Acknowledgements of a quote request or a contact message. */
  customer: ['firstName', 'service', 'companyName', 'phone'],
  /** The acknowledgement of an in-home estimate request: only what the site offered, nothing typed. */
  estimate: ['date', 'window', 'companyName', 'phone'],
  /** The booking confirmation. */
  booking: ['firstName', 'reference', 'service', 'date', 'companyName', 'phone'],
  /** Subjects of the business's notifications. */
  business: ['name', 'service', 'reference'],
} as const

const TOKEN = /\{([A-Za-z]+)\}/g

/** The {tokens} in `text` that are not in `allowed`. */
export function unknownTokens(text: string, allowed: readonly string[]): string[] {
  return [...text.matchAll(TOKEN)].map((match) => match[1]).filter((token) => !allowed.includes(token))
}

/**
 * `text` with each known {token} replaced by its value; unknown or missing ones are left out. A value
 * ending in a full stop before one in the text gives one ('at {companyName}.' with 'Co.').
 */
export function fillTokens(text: string, values: Record<string, string | null | undefined>): string {
  return text
    .replace(/\{([A-Za-z]+)\}(\.?)/g, (_, token: string, stop: string) => {
      const value = (Object.hasOwn(values, token) ? values[token] : null) ?? ''
      return stop && value.endsWith('.') ? value : value + stop
    })
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/\s+([,.!?])/g, '$1')
    .trim()
}
