import {randomUUID} from 'node:crypto'
import {mkdirSync, renameSync, writeFileSync} from 'node:fs'
import path from 'node:path'
import type {OutgoingText, TextTransport} from './transport'

/**
 * With Twilio not configured, each text is written as a JSON file ({to, body, reference,
 * providerMessageId}) to a local folder: `TEXT_OUTBOX_DIR`, default ./.data/texts. Written to a
 * temporary name and renamed, so a file that is there is complete (as the e-mails' folder).
 */

export const DEFAULT_TEXT_OUTBOX_DIR = path.join('.data', 'texts')

export function textOutboxFolder(env: Record<string, string | undefined> = process.env): string {
  return path.resolve(env.TEXT_OUTBOX_DIR?.trim() || DEFAULT_TEXT_OUTBOX_DIR)
}

export function createTextFolderTransport(dir: string): TextTransport {
  return {
    description: `texts folder ${dir}`,
    async send(text: OutgoingText) {
      const providerMessageId = `local-${randomUUID()}`
      mkdirSync(dir, {recursive: true})
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${text.reference.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}.json`
      const file = path.join(dir, name)
      writeFileSync(`${file}.tmp`, `${JSON.stringify({...text, providerMessageId}, null, 2)}\n`)
      renameSync(`${file}.tmp`, file)
      return {providerMessageId, status: 'written'}
    },
  }
}
