import {mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {simpleParser} from 'mailparser'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {createFolderTransport, outboxFolder} from './folder-transport'
import type {OutgoingMail} from './transport'

/** With no SMTP configured, each message is an .eml file a developer can open in a mail program. */

let root: string

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'email-folder-'))
})

afterEach(() => {
  rmSync(root, {recursive: true, force: true})
})

function mail(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    messageId: '<0001-aaaa@cedar-river.example>',
    from: '"Cedar River Cleaning Co." <hello@cedarrivercleaning.example>',
    to: 'hello@cedarrivercleaning.example',
    replyTo: 'ada.ohara@example.com',
    subject: "New quote request: Roof Cleaning from Ada O'Hara — ✓",
    text: 'Desired services: moss; gutters\nÜnïcödé',
    html: '<p>Desired services: moss; gutters</p><p>Ünïcödé</p>',
    ...overrides,
  }
}

describe('createFolderTransport', () => {
  it('keeps the extra headers in the .eml (a reminder’s List-Unsubscribe and its one-click POST)', async () => {
    const transport = createFolderTransport(root)
    await transport.send(mail({headers: {'List-Unsubscribe': '<https://cedar-river.example/api/email-opt-out?t=abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click'}}))
    const [file] = readdirSync(root)
    const parsed = await simpleParser(readFileSync(path.join(root, file)))
    expect(parsed.headerLines.find((line) => line.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
    expect(parsed.headerLines.find((line) => line.key === 'list-unsubscribe')?.line).toBe('List-Unsubscribe: <https://cedar-river.example/api/email-opt-out?t=abc>')
  })

  it('writes each message as a complete .eml file, creating the folder, that parses back as sent', async () => {
    const dir = path.join(root, 'nested', 'outbox')
    const transport = createFolderTransport(dir)
    expect(transport.description).toBe(`outbox folder ${dir}`)
    expect(await transport.send(mail())).toEqual({messageId: '<0001-aaaa@cedar-river.example>'})
    await transport.send(
      mail({
        messageId: '<0002-bbbb@cedar-river.example>',
        to: 'ada.ohara@example.com',
        replyTo: undefined,
        subject: 'We received your quote request',
        attachments: [{filename: 'booking-3F9A-2B1C.ics', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', contentType: 'text/calendar; charset=utf-8'}],
      }),
    )

    const files = readdirSync(dir).sort()
    expect(files).toHaveLength(2)
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true)
    const parsed = await Promise.all(files.map((file) => simpleParser(readFileSync(path.join(dir, file)))))
    const business = parsed.find((entry) => entry.messageId === '<0001-aaaa@cedar-river.example>')
    const customer = parsed.find((entry) => entry.messageId === '<0002-bbbb@cedar-river.example>')
    expect(business?.subject).toBe("New quote request: Roof Cleaning from Ada O'Hara — ✓")
    expect(business?.from?.value).toEqual([{name: 'Cedar River Cleaning Co.', address: 'hello@cedarrivercleaning.example'}])
    expect(business?.replyTo?.value[0].address).toBe('ada.ohara@example.com')
    expect(business?.text).toBe('Desired services: moss; gutters\nÜnïcödé')
    expect(business?.html).toBe('<p>Desired services: moss; gutters</p><p>Ünïcödé</p>')
    expect(customer?.replyTo).toBeUndefined()
    expect(customer?.attachments.map((attachment) => [attachment.filename, attachment.content.toString()])).toEqual([
      ['booking-3F9A-2B1C.ics', 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'],
    ])
  })
})

describe('outboxFolder', () => {
  it('is EMAIL_OUTBOX_DIR, or .data/outbox in the working directory', () => {
    expect(outboxFolder({EMAIL_OUTBOX_DIR: ` ${root}/mail `})).toBe(path.join(root, 'mail'))
    expect(outboxFolder({})).toBe(path.resolve('.data', 'outbox'))
    expect(outboxFolder({EMAIL_OUTBOX_DIR: '  '})).toBe(path.resolve('.data', 'outbox'))
  })
})
