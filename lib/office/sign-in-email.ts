import {formatCompanyDateTime} from '../format.ts'
import type {EmailView} from '../email/compose.ts'
import type {StaffSignInFacts} from '../email/queue.ts'
import {accessWords} from './words.ts'

/** The page a sign-in link opens (its button then signs in: mail scanners that open links use nothing up). */
export function signInLinkUrl(siteUrl: string, token: string, next?: string): string {
  const query = new URLSearchParams({token, ...(next ? {next} : {})})
  return `${siteUrl.replace(/\/+$/, '')}/office/sign-in/verify?${query}`
}

/** The e-mail of a sign-in link, in the office's words. */
export function staffSignInView(facts: StaffSignInFacts, siteUrl: string): {subject: string; view: Omit<EmailView, 'footer' | 'signature'>} {
  const w = accessWords.email
  return {
    subject: w.subject,
    view: {
      preview: w.preview,
      heading: w.heading,
      paragraphs: [w.body(formatCompanyDateTime(facts.expiresAt))],
      sections: [],
      charges: null,
      closing: [w.notYou],
      action: {text: w.buttonText, label: w.button, url: signInLinkUrl(siteUrl, facts.token, facts.next)},
    },
  }
}
