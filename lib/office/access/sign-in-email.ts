import {formatCompanyDateTime} from '../../format.ts'
import type {EmailView} from '../../email/view.ts'
import type {QueuedEmail, StaffInvitationFacts, StaffSignInFacts} from '../../email/queue.ts'
import type {StaffDetails} from './store.ts'
import {accessWords} from './words.ts'
import {BOOKING_LIST_WORDS} from '../bookings/words.ts'

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

/**
 * The sign-in page with the new member's address filled in: their invitation's button. The
 * invitation holds no secret (an e-mail can be forwarded or read by a mail scanner): the member
 * asks for a link there, which is then bound to their own browser as every sign-in link is.
 */
export function invitationUrl(siteUrl: string, email: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/office/sign-in?${new URLSearchParams({email})}`
}

/** The invitation e-mail queued when the owner adds `member`: to them, words from lib/office/access/words.ts. */
export function staffInvitationEmail(member: StaffDetails & {email: string}, invitedBy: string): QueuedEmail {
  const payload: StaffInvitationFacts = {kind: 'staff_invitation', name: member.name, email: member.email, role: member.role, crew: member.crew, invitedBy}
  return {audience: 'staff', template: 'staff_invitation.staff', to: member.email, replyTo: null, payload}
}

/** The invitation e-mail, in the office's words. */
export function staffInvitationView(facts: StaffInvitationFacts, siteUrl: string): {subject: string; view: Omit<EmailView, 'footer' | 'signature'>} {
  const w = accessWords.invitation
  const role = facts.role === 'crew' && facts.crew ? w.crewRole(BOOKING_LIST_WORDS.crews[facts.crew]) : w.roles[facts.role]
  return {
    subject: w.subject,
    view: {
      preview: w.preview(facts.invitedBy),
      heading: w.heading(facts.name),
      paragraphs: [w.body(facts.invitedBy, role), w.how(facts.email)],
      sections: [],
      charges: null,
      closing: [w.notYou],
      action: {text: w.buttonText, label: w.button, url: invitationUrl(siteUrl, facts.email)},
    },
  }
}

/** Either e-mail to a member of staff. */
export function staffEmailView(facts: StaffSignInFacts | StaffInvitationFacts, siteUrl: string): {subject: string; view: Omit<EmailView, 'footer' | 'signature'>} {
  return facts.kind === 'staff_invitation' ? staffInvitationView(facts, siteUrl) : staffSignInView(facts, siteUrl)
}
