import http from 'node:http'
import {randomUUID} from 'node:crypto'
import type {APIRequestContext, Page} from '@playwright/test'
import {INPUT_MESSAGES} from '../../lib/office/shared/input'
import {inputWords} from '../../lib/office/shared/words'
import {waitForMail} from './support/leads'
import {baseUrlOf, OWNER_EMAIL, signInAsOwner, signInLinkOf} from './support/office'
import {addressOf, E2E_INBOX} from './support/smtp'
import {expect, test} from './support/test'

/**
 * An attacker's probes of the office, replayed against the built site: odd input (a NUL, a control
 * character, a year 0000, a return address that cannot be a header, a body of many megabytes) gets a
 * clear answer naming what was refused, never a 500, and nothing is read whole before the checks.
 */

const SAMPLE_UUID = '00000000-0000-4000-8000-000000000000'
const LEAD = `/office/leads/quote-request/${SAMPLE_UUID}`
const BOOKING = `/office/bookings/${SAMPLE_UUID}`

function origin(): string {
  return baseUrlOf()
}

/** A script's form post (no HTML wanted): refusals come back as plain 400s naming the field. */
function scriptPost(request: APIRequestContext, path: string, form: Record<string, string>) {
  return request.post(path, {form, headers: {origin: origin(), accept: 'text/plain'}, maxRedirects: 0})
}

/** A browser's form post: refusals come back as a 303 to the form's page, naming the field. */
function browserPost(request: APIRequestContext, path: string, form: Record<string, string>) {
  return request.post(path, {form, headers: {origin: origin(), accept: 'text/html', 'sec-fetch-mode': 'navigate'}, maxRedirects: 0})
}

async function expectRefusedParameter(page: Page, path: string, field: string, message: string) {
  const response = await page.goto(path)
  expect(response?.status(), path).toBe(200)
  await expect(page.getByRole('alert').filter({hasText: inputWords.refusedParameter(field, message)})).toBeVisible()
}

/**
 * POSTs `totalBytes` in 64 KiB chunks (chunked, or with the length declared), sending the first
 * `firstBytes` and then nothing more until an answer comes: a server that must read the whole body
 * first never answers, and the test fails on its timeout instead of passing.
 */
function postWithoutFinishing(path: string, options: {totalBytes: number; firstBytes: number; declareLength: boolean; cookie?: string}): Promise<{status: number; body: string}> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {origin: origin(), 'content-type': 'application/x-www-form-urlencoded', accept: 'text/plain'}
    if (options.declareLength) headers['content-length'] = String(options.totalBytes)
    if (options.cookie) headers.cookie = options.cookie
    const request = http.request(new URL(path, origin()), {method: 'POST', headers})
    request.on('response', (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => {
        resolve({status: response.statusCode ?? 0, body})
        request.destroy()
      })
    })
    request.on('error', reject)
    const chunk = Buffer.alloc(64 * 1024, 'a')
    chunk.write('note=')
    for (let sent = 0; sent < options.firstBytes; sent += chunk.byteLength) request.write(chunk)
  })
}

test.describe('without a session', () => {
  test('a 12 MiB post is answered 401 or 413 before its body is read: chunked, or declared', async () => {
    const chunked = await postWithoutFinishing(`${BOOKING}/notes`, {totalBytes: 12 * 1024 * 1024, firstBytes: 1024 * 1024, declareLength: false})
    expect(chunked.status).toBe(401)
    const declared = await postWithoutFinishing(`${BOOKING}/notes`, {totalBytes: 12 * 1024 * 1024, firstBytes: 1024 * 1024, declareLength: true})
    expect(declared.status).toBe(413)
    expect(declared.body).toContain('larger than 32 kB')
  })

  test('a sign-in request makes a new binding cookie, never keeping one the browser already holds', async ({request}) => {
    const planted = 'abcdefghijklmnopqrstuvwxyz234567'
    const asked = await request.post('/office/sign-in/link', {
      form: {email: `nobody.${randomUUID().slice(0, 8)}@office.test`},
      headers: {origin: origin(), cookie: `office_sign_in=${planted}`},
      maxRedirects: 0,
    })
    expect(asked.status()).toBe(303)
    const cookie = asked.headers()['set-cookie'] ?? ''
    const value = /office_sign_in=([a-z2-7]{32});/.exec(cookie)?.[1]
    expect(value).toBeDefined()
    expect(value).not.toBe(planted)
  })

  test('robots.txt names the sitemap at SITE_URL', async ({request}) => {
    expect(await (await request.get('/robots.txt')).text()).toMatch(new RegExp(`^Sitemap: ${origin()}/sitemap\\.xml$`, 'm'))
  })
})

test.describe('signed in as the owner', () => {
  test.beforeEach(async ({page}) => {
    await signInAsOwner(page)
  })

  test('a NUL in a search says so on the bookings and leads pages, and the CSV export answers 400 before any row', async ({page}) => {
    await expectRefusedParameter(page, '/office/bookings?q=%00', 'q', INPUT_MESSAGES.control)
    await expectRefusedParameter(page, '/office/leads?q=%00', 'q', INPUT_MESSAGES.control)
    const exported = await page.request.get('/office/bookings/export?q=%00')
    expect(exported.status()).toBe(400)
    expect(exported.headers()['content-type']).toContain('text/plain')
    expect(await exported.text()).toBe('Bad Request: the parameter “q” must not contain control characters.')
  })

  test('a year-0000 date says so on the schedule and the bookings list, the day sheet is not found, the export answers 400', async ({page}) => {
    await expectRefusedParameter(page, '/office/schedule?date=0000-01-01', 'date', INPUT_MESSAGES.date)
    await expectRefusedParameter(page, '/office/schedule?week=0000-01-01', 'week', INPUT_MESSAGES.date)
    await expectRefusedParameter(page, '/office?from=0000-01-01', 'from', INPUT_MESSAGES.date)
    await expectRefusedParameter(page, '/office/bookings?paid_from=2026-02-30', 'paid_from', INPUT_MESSAGES.date)
    await expectRefusedParameter(page, '/office/bookings?from=0000-01-01', 'from', INPUT_MESSAGES.date)
    const sheet = await page.request.get('/office/schedule/0000-01-01/indoor')
    expect(sheet.status()).toBe(404)
    const exported = await page.request.get('/office/bookings/export?from=0000-01-01')
    expect(exported.status()).toBe(400)
    expect(await exported.text()).toContain('the parameter “from” must be a date YYYY-MM-DD between the years 1900 and 2200')
  })

  test('a NUL in a lead note, a reply’s subject or message, a booking note or a new member’s e-mail is refused naming the field', async ({page}) => {
    const cases: [string, Record<string, string>, string][] = [
      [`${LEAD}/notes`, {note: 'Called\u0000'}, 'note'],
      [`${LEAD}/reply`, {key: SAMPLE_UUID, from: 'new', statusAfter: '', subject: 'Quote\u0000', message: 'Hello'}, 'subject'],
      [`${LEAD}/reply`, {key: SAMPLE_UUID, from: 'new', statusAfter: '', subject: 'Quote', message: 'Hello\u0000'}, 'message'],
      [`${BOOKING}/notes`, {note: 'Gate\u0000'}, 'note'],
      [`${BOOKING}/move`, {date: '0000-01-01', arrivalWindow: '08:00-10:00'}, 'date'],
      ['/office/staff/add', {name: 'Nul', email: `nul\u0000@office.test`, role: 'office'}, 'email'],
    ]
    for (const [path, form, field] of cases) {
      const answer = await scriptPost(page.request, path, form)
      expect(answer.status(), `${path} ${field}`).toBe(400)
      expect(await answer.text(), `${path} ${field}`).toMatch(new RegExp(`^Bad Request: the field “${field}” `))
    }
    // From the browser's forms: back to the form, the refused field named (and focused by its fragment).
    const leadNote = await browserPost(page.request, `${LEAD}/notes`, {note: 'Called\u0000'})
    expect(leadNote.status()).toBe(303)
    expect(leadNote.headers().location).toBe(`${LEAD}?problem=note_unreadable&form=notes#notes`)
    const bookingNote = await browserPost(page.request, `${BOOKING}/notes`, {note: 'Gate\u0000'})
    expect(bookingNote.status()).toBe(303)
    expect(bookingNote.headers().location).toBe(`${BOOKING}?problem=noteUnreadable&field=note#note`)
    const member = await browserPost(page.request, '/office/staff/add', {name: 'Nul', email: 'nul\u0000@office.test', role: 'office'})
    expect(member.status()).toBe(303)
    expect(member.headers().location).toBe('/office/staff?problem_email=email#add-staff')
    await page.goto(member.headers().location)
    await expect(page.getByRole('heading', {level: 1})).toBeVisible()
  })

  test('notes, cancel, move, outcome, the lead forms and the plan routes refuse a body over 32 KiB with 413, without reading it whole', async ({page}) => {
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
    const paths = [
      `${BOOKING}/notes`,
      `${BOOKING}/cancel`,
      `${BOOKING}/move`,
      `${BOOKING}/outcome`,
      `${LEAD}/notes`,
      `${LEAD}/reply`,
      `${LEAD}/status`,
      `${LEAD}/assignee`,
      `/office/plans/${SAMPLE_UUID}/skip`,
      `/office/plans/${SAMPLE_UUID}/pause`,
      `/office/plans/${SAMPLE_UUID}/cancel`,
    ]
    for (const path of paths) {
      const chunked = await postWithoutFinishing(path, {totalBytes: 12 * 1024 * 1024, firstBytes: 1024 * 1024, declareLength: false, cookie})
      expect(chunked.status, path).toBe(413)
      expect(chunked.body, path).toBe('Content Too Large: the request body is larger than 32 kB.')
    }
    // 1 MiB and 8 MiB declared: refused at once.
    for (const size of [1, 8]) {
      const declared = await postWithoutFinishing(`${BOOKING}/notes`, {totalBytes: size * 1024 * 1024, firstBytes: 64 * 1024, declareLength: true, cookie})
      expect(declared.status).toBe(413)
    }
  })
})

test('a sign-in return address with CR/LF or a character above U+00FF lands on /office, and the link signs in', async ({browser}) => {
  for (const next of ['/office/bookings\r\nSet-Cookie: planted=1', '/office/bookings/\u0101', '/office/\u2028bookings']) {
    const context = await browser.newContext({baseURL: origin()})
    const page = await context.newPage()
    const marker = randomUUID().slice(0, 8)
    const asked = await page.request.post('/office/sign-in/link', {form: {email: OWNER_EMAIL, next: `/office?signin=${marker}`}, headers: {origin: origin()}, maxRedirects: 0})
    expect(asked.status()).toBe(303)
    const [mail] = await waitForMail(E2E_INBOX, (m) => addressOf(m.to) === OWNER_EMAIL && (m.text ?? '').includes(`signin%3D${marker}`))
    const token = new URL(signInLinkOf(mail)).searchParams.get('token') ?? ''
    const used = await page.request.post('/office/sign-in/session', {form: {token, next}, headers: {origin: origin()}, maxRedirects: 0})
    expect(used.status(), JSON.stringify(next)).toBe(303)
    expect(used.headers().location, JSON.stringify(next)).toBe('/office')
    expect(used.headers()['set-cookie']).not.toContain('planted')
    expect((await page.request.get('/office/staff', {maxRedirects: 0})).status()).toBe(200)
    await context.close()
  }
})
