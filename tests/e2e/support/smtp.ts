import {mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {simpleParser, type ParsedMail} from 'mailparser'
import {SMTPServer} from 'smtp-server'

/**
 * A real SMTP server on loopback for the end-to-end tests (the `smtp-server` package): the site's
 * nodemailer transport delivers to it exactly as to a mail provider, and each message it accepts is
 * written whole to a folder as an .eml file, which the tests parse back with mailparser.
 */

/** Where the shared e2e server's mail arrives (scripts/e2e-smtp-sink.mjs). */
export const E2E_INBOX = join(import.meta.dirname, '..', '..', '..', 'test-results', 'smtp-inbox')

export type SmtpSink = {port: number; dir: string; close(): Promise<void>}

export async function startSmtpSink({port = 0, dir}: {port?: number; dir: string}): Promise<SmtpSink> {
  mkdirSync(dir, {recursive: true})
  let sequence = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const name = `${Date.now()}-${process.pid}-${++sequence}.eml`
        // Written under a temporary name and renamed: a reader never sees half a message.
        writeFileSync(join(dir, `${name}.tmp`), Buffer.concat(chunks))
        renameSync(join(dir, `${name}.tmp`), join(dir, name))
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = server.server.address()
  return {
    port: typeof address === 'object' && address ? address.port : port,
    dir,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * Each message parsed once per worker: a message file never changes once it has its name (it is
 * renamed into place whole), and tests poll the suite's inbox, which holds hundreds of messages by
 * the end of a run, many times a test. Keyed by path, size and modification time, so a file
 * written anew under an old name is parsed anew.
 */
const parsed = new Map<string, Promise<ParsedMail>>()

function parseOnce(file: string): Promise<ParsedMail> {
  const {size, mtimeMs} = statSync(file)
  const key = `${file}\0${size}\0${mtimeMs}`
  let mail = parsed.get(key)
  if (!mail) {
    mail = simpleParser(readFileSync(file))
    parsed.set(key, mail)
    mail.catch(() => parsed.delete(key))
  }
  return mail
}

/** Every message delivered to `dir` so far, parsed. */
export async function readInbox(dir: string): Promise<ParsedMail[]> {
  let names: string[]
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.eml')).sort()
  } catch {
    return []
  }
  return Promise.all(names.map((name) => parseOnce(join(dir, name))))
}

/** The address of a parsed To / Reply-To header ('ann@example.com'). */
export function addressOf(field: ParsedMail['to'] | ParsedMail['replyTo']): string {
  const list = Array.isArray(field) ? field : field ? [field] : []
  return list.flatMap((entry) => entry.value.map((value) => value.address ?? '')).join(', ')
}
