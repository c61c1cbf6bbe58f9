import type {AddressInfo} from 'node:net'
import {simpleParser, type ParsedMail} from 'mailparser'
import {SMTPServer, type SMTPServerAddress} from 'smtp-server'

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps every message it accepts,
 * parsed back with mailparser. Plain SMTP, no TLS or authentication, as a local relay would be.
 */

export type ReceivedMail = {
  /** MAIL FROM and RCPT TO as the client sent them. */
  envelope: {from: string; to: string[]}
  raw: string
  mail: ParsedMail
}

export type LocalSmtpServer = {
  port: number
  received: ReceivedMail[]
  close(): Promise<void>
}

export type SmtpServerOptions = {
  /** Listen on this port (0 or missing: any free port). */
  port?: number
  /** Refuse a recipient with this SMTP reply ({code, message}); null accepts it. */
  refuseRecipient?: (address: string) => {code: number; message: string} | null
}

function addressOf(address: SMTPServerAddress | false): string {
  return address ? address.address : ''
}

export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<LocalSmtpServer> {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = options.refuseRecipient?.(address.address)
      if (!refusal) return callback()
      const error = new Error(refusal.message) as Error & {responseCode: number}
      error.responseCode = refusal.code
      callback(error)
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        // Parsed before the message is acknowledged: once the client's send resolves, it is here.
        simpleParser(raw)
          .then((mail) => {
            received.push({envelope: {from: addressOf(session.envelope.mailFrom), to: session.envelope.rcptTo.map((rcpt) => rcpt.address)}, raw, mail})
            callback()
          })
          .catch((error: Error) => callback(error))
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  server.on('error', () => {})
  const {port} = server.server.address() as AddressInfo
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
