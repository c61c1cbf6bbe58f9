import {createTransport} from 'nodemailer'
import type {MailTransport, OutgoingMail} from './transport.ts'

/**
 * SMTP through nodemailer: `SMTP_URL` ('smtps://user:pass@smtp.example.com:465'), or host, port,
 * user and password. Time-outs are short enough that a mail server that hangs fails the attempt
 * (the worker tries again later) rather than holding the outbox.
 */

export type SmtpSettings =
  | {url: string}
  | {host: string; port: number; secure: boolean; user?: string; password?: string}

export function smtpSettingsFromEnv(env: Record<string, string | undefined>): SmtpSettings | null {
  const url = env.SMTP_URL?.trim()
  if (url) return {url}
  const host = env.SMTP_HOST?.trim()
  if (!host) return null
  const port = Number(env.SMTP_PORT?.trim() || 587)
  const secureSetting = env.SMTP_SECURE?.trim().toLowerCase()
  return {
    host,
    port,
    secure: secureSetting ? secureSetting === 'true' : port === 465,
    user: env.SMTP_USER?.trim() || undefined,
    password: env.SMTP_PASSWORD || undefined,
  }
}

const TIMEOUTS = {connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000}

/** Where the settings point, without the password. */
function describeSmtp(settings: SmtpSettings): string {
  if ('url' in settings) {
    try {
      const url = new URL(settings.url)
      return `SMTP ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`
    } catch {
      return 'SMTP (SMTP_URL)'
    }
  }
  return `SMTP ${settings.host}:${settings.port}`
}

export function createSmtpTransport(settings: SmtpSettings): MailTransport {
  const transporter =
    'url' in settings
      ? createTransport({url: settings.url, ...TIMEOUTS})
      : createTransport({
          host: settings.host,
          port: settings.port,
          secure: settings.secure,
          auth: settings.user ? {user: settings.user, pass: settings.password ?? ''} : undefined,
          ...TIMEOUTS,
        })
  return {
    description: describeSmtp(settings),
    async send(mail: OutgoingMail) {
      await transporter.sendMail(mail)
      return {messageId: mail.messageId}
    },
  }
}
