import {createServer, type Server, type Socket} from 'node:net'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {smtpSettingsFromEnv, createSmtpTransport, type SmtpSettings} from './smtp-transport'
import {startSmtpServer} from './test-support/smtp-server'
import type {OutgoingMail} from './transport'

/**
 * The SMTP adapter with nodemailer against a real SMTP server on loopback (smtp-server), configured
 * as the environment configures it: SMTP_URL, or SMTP_HOST / SMTP_PORT / SMTP_USER / SMTP_PASSWORD.
 */

function mail(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    messageId: '<6f1c2a9e-0b4d-4c1e-9a7f-3d2b1c0e9f8a@cedar-river.example>',
    from: '"Cedar River Cleaning Co." <hello@cedarrivercleaning.example>',
    to: 'ada.ohara@example.com',
    replyTo: 'hello@cedarrivercleaning.example',
    subject: 'Your booking is confirmed: Carpet Cleaning – One-Time (6F1C-2A9E) ✓',
    text: 'Thank you, Björn!\n\nTotal paid $124.67',
    html: '<p>Thank you, Björn!</p><p>Total paid $124.67</p>',
    attachments: [{filename: 'booking-6F1C-2A9E.ics', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', contentType: 'text/calendar; charset=utf-8; method=PUBLISH'}],
    ...overrides,
  }
}

describe('smtpSettingsFromEnv', () => {
  it('is null without SMTP settings (the outbox folder is used instead)', () => {
    expect(smtpSettingsFromEnv({})).toBeNull()
    expect(smtpSettingsFromEnv({SMTP_URL: '  ', SMTP_HOST: ''})).toBeNull()
  })

  it('takes SMTP_URL before the separate settings', () => {
    expect(smtpSettingsFromEnv({SMTP_URL: ' smtps://u:p@mail.example.com:465 ', SMTP_HOST: 'other.example.com'})).toEqual({url: 'smtps://u:p@mail.example.com:465'})
  })

  it('defaults to port 587 with STARTTLS, and implicit TLS on port 465 unless SMTP_SECURE says otherwise', () => {
    expect(smtpSettingsFromEnv({SMTP_HOST: 'mail.example.com'})).toEqual({host: 'mail.example.com', port: 587, secure: false, user: undefined, password: undefined})
    expect(smtpSettingsFromEnv({SMTP_HOST: 'mail.example.com', SMTP_PORT: '465', SMTP_USER: ' me ', SMTP_PASSWORD: ' secret with spaces '})).toEqual({
      host: 'mail.example.com',
      port: 465,
      secure: true,
      user: 'me',
      password: ' secret with spaces ',
    })
    expect(smtpSettingsFromEnv({SMTP_HOST: 'mail.example.com', SMTP_PORT: '2525', SMTP_SECURE: 'TRUE'})).toMatchObject({port: 2525, secure: true})
    expect(smtpSettingsFromEnv({SMTP_HOST: 'mail.example.com', SMTP_PORT: '465', SMTP_SECURE: 'false'})).toMatchObject({port: 465, secure: false})
  })
})

describe('createSmtpTransport', () => {
  it('says where mail goes, never with the password', () => {
    expect(createSmtpTransport({url: 'smtps://user:hunter2@smtp.example.com'}).description).toBe('SMTP smtp.example.com:465')
    expect(createSmtpTransport({url: 'smtp://user:hunter2@smtp.example.com:2525'}).description).toBe('SMTP smtp.example.com:2525')
    expect(createSmtpTransport({host: 'smtp.example.com', port: 587, secure: false, user: 'user', password: 'hunter2'}).description).toBe('SMTP smtp.example.com:587')
    expect(createSmtpTransport({url: 'not a url hunter2'}).description).toBe('SMTP (SMTP_URL)')
  })

  it.each([
    ['host and port', (port: number): SmtpSettings => ({host: '127.0.0.1', port, secure: false})],
    ['SMTP_URL', (port: number): SmtpSettings => ({url: `smtp://127.0.0.1:${port}`})],
  ])('delivers the message with %s: envelope, headers, both parts and the attachment', async (_name, settings) => {
    const server = await startSmtpServer()
    try {
      const result = await createSmtpTransport(settings(server.port)).send(mail())
      expect(result).toEqual({messageId: '<6f1c2a9e-0b4d-4c1e-9a7f-3d2b1c0e9f8a@cedar-river.example>'})
      expect(server.received).toHaveLength(1)
      const [{envelope, mail: parsed}] = server.received
      expect(envelope).toEqual({from: 'hello@cedarrivercleaning.example', to: ['ada.ohara@example.com']})
      expect(parsed.messageId).toBe('<6f1c2a9e-0b4d-4c1e-9a7f-3d2b1c0e9f8a@cedar-river.example>')
      expect(parsed.subject).toBe('Your booking is confirmed: Carpet Cleaning – One-Time (6F1C-2A9E) ✓')
      expect(parsed.from?.value).toEqual([{name: 'Cedar River Cleaning Co.', address: 'hello@cedarrivercleaning.example'}])
      expect(parsed.replyTo?.value).toEqual([{name: '', address: 'hello@cedarrivercleaning.example'}])
      expect(parsed.text).toBe('Thank you, Björn!\n\nTotal paid $124.67')
      expect(parsed.html).toBe('<p>Thank you, Björn!</p><p>Total paid $124.67</p>')
      expect(parsed.attachments.map((attachment) => [attachment.filename, attachment.contentType, attachment.content.toString()])).toEqual([
        ['booking-6F1C-2A9E.ics', 'text/calendar', 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'],
      ])
    } finally {
      await server.close()
    }
  })

  it('passes the extra headers on (a reminder’s List-Unsubscribe and its one-click POST)', async () => {
    const server = await startSmtpServer()
    try {
      const headers = {'List-Unsubscribe': '<https://cedar-river.example/api/email-opt-out?t=abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click'}
      await createSmtpTransport({host: '127.0.0.1', port: server.port, secure: false}).send({...mail(), headers})
      const [{mail: parsed}] = server.received
      expect(parsed.headerLines.find((line) => line.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
      expect(parsed.headerLines.find((line) => line.key === 'list-unsubscribe')?.line).toBe('List-Unsubscribe: <https://cedar-river.example/api/email-opt-out?t=abc>')
    } finally {
      await server.close()
    }
  })

  it('fails the send (for the worker to retry) when the server refuses the recipient', async () => {
    const server = await startSmtpServer({refuseRecipient: () => ({code: 550, message: 'Mailbox unavailable'})})
    try {
      await expect(createSmtpTransport({host: '127.0.0.1', port: server.port, secure: false}).send(mail())).rejects.toMatchObject({responseCode: 550})
      expect(server.received).toHaveLength(0)
    } finally {
      await server.close()
    }
  })

  describe('a mail server that accepts the connection and then says nothing', () => {
    let silent: Server | undefined
    const sockets: Socket[] = []

    afterEach(async () => {
      vi.useRealTimers()
      for (const socket of sockets.splice(0)) socket.destroy()
      await new Promise<void>((resolve) => (silent ? silent.close(() => resolve()) : resolve()))
      silent = undefined
    })

    async function startSilentServer(): Promise<{port: number; connected: Promise<void>}> {
      let onConnection!: () => void
      const connected = new Promise<void>((resolve) => (onConnection = resolve))
      silent = createServer((socket) => {
        sockets.push(socket)
        onConnection()
      })
      await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve))
      return {port: (silent.address() as {port: number}).port, connected}
    }

    /** Lets pending I/O callbacks run (setImmediate is not faked). */
    async function settle(): Promise<void> {
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve))
    }

    it.each([
      ['host and port', (port: number): SmtpSettings => ({host: '127.0.0.1', port, secure: false})],
      ['SMTP_URL', (port: number): SmtpSettings => ({url: `smtp://127.0.0.1:${port}`})],
    ])('with %s: the attempt fails within 10 seconds, well inside the worker’s 120-second claim', async (_name, settings) => {
      const {port, connected} = await startSilentServer()
      vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout', 'Date']})
      const outcome = createSmtpTransport(settings(port))
        .send(mail())
        .then(
          () => 'sent',
          (error: {code?: string; message: string}) => `${error.code}: ${error.message}`,
        )
      await connected
      await settle()
      await vi.advanceTimersByTimeAsync(10_000)
      await settle()
      const state = await Promise.race([outcome, Promise.resolve('still waiting')])
      // 'Greeting never received' (or 'Connection timeout' had the connection not been set up yet).
      expect(state).toMatch(/^ETIMEDOUT: /)
      // Let a still-waiting attempt end, so nothing is left behind.
      await vi.advanceTimersByTimeAsync(600_000)
      await outcome
    })
  })
})
