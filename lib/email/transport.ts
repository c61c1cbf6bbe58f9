/**
 * How an e-mail leaves the server. Two adapters, chosen by the environment (./server.ts): SMTP
 * (./smtp-transport.ts) and, with no SMTP configured, a local outbox folder of .eml files
 * (./folder-transport.ts) that a developer can open in any mail program.
 */

export interface MailAttachment {
  filename: string
  content: string
  contentType: string
}

/** Field for field what nodemailer's sendMail takes, so both transports pass it on as it is. */
export interface OutgoingMail {
  /** A Message-ID of our own ('<id@host>'), the same on every attempt, so a copy sent twice can be told apart. */
  messageId: string
  from: string
  to: string
  replyTo?: string
  subject: string
  text: string
  html: string
  attachments?: MailAttachment[]
  /** Extra header lines (List-Unsubscribe and List-Unsubscribe-Post on a reminder that can be stopped). */
  headers?: Record<string, string>
}

export interface MailTransport {
  /** Where mail goes, for the start-up log ('SMTP smtp.example.com:587', 'outbox folder /…/outbox'). */
  readonly description: string
  /** Resolves once the message is accepted (by the SMTP server, or written to the folder). */
  send(mail: OutgoingMail): Promise<{messageId: string}>
}
