import {mkdirSync, renameSync, writeFileSync} from 'node:fs'
import path from 'node:path'
import {createTransport} from 'nodemailer'
import type {MailTransport, OutgoingMail} from './transport.ts'

/**
 * With no SMTP server configured, each message is written as an .eml file (the exact message an
 * SMTP server would get) to a local outbox folder: `EMAIL_OUTBOX_DIR`, default ./.data/outbox.
 * Written to a temporary name and renamed, so a file that is there is complete.
 */

export const DEFAULT_OUTBOX_DIR = path.join('.data', 'outbox')

export function outboxFolder(env: Record<string, string | undefined> = process.env): string {
  return path.resolve(env.EMAIL_OUTBOX_DIR?.trim() || DEFAULT_OUTBOX_DIR)
}

export function createFolderTransport(dir: string): MailTransport {
  const composer = createTransport({streamTransport: true, buffer: true, newline: 'unix'})
  return {
    description: `outbox folder ${dir}`,
    async send(mail: OutgoingMail) {
      const info = await composer.sendMail(mail)
      mkdirSync(dir, {recursive: true})
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.messageId.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}.eml`
      const file = path.join(dir, name)
      writeFileSync(`${file}.tmp`, info.message as Buffer)
      renameSync(`${file}.tmp`, file)
      return {messageId: mail.messageId}
    },
  }
}
