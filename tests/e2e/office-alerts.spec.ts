import {randomUUID} from 'node:crypto'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import type {Page} from '@playwright/test'
import {accessWords} from '../../lib/office/access/words'
import {alertWords} from '../../lib/office/alerts/words'
import {axeViolations} from './support/booking-ui'
import {flat, waitForMail} from './support/leads'
import {signInLinkOf} from './support/office'
import {freePort, killServer, startServer, waitUntilServing, type PrivateServer} from './support/private-server'
import {addressOf, startSmtpSink, type SmtpSink} from './support/smtp'
import {expect, test} from './support/test'

/**
 * Staff alerts end to end on a server of their own (its own database, SMTP sink and jobs polled
 * every second): the owner turns on e-mail alerts of new leads for an office member on Staff, a
 * quote request arrives, and the member's alert reaches the sink with the lead's reference and
 * link, and nothing the visitor typed but their name. The member's own Alerts page at 390 px:
 * their number and consent saved, no axe violation.
 */

const OWNER = 'owner@alerts.test'

test.describe('staff alerts', () => {
  test.describe.configure({mode: 'serial'})

  const server = {} as PrivateServer
  let sink: SmtpSink
  let dataDir = ''
  let inbox = ''

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    dataDir = mkdtempSync(join(tmpdir(), 'office-alerts-'))
    inbox = join(dataDir, 'smtp-inbox')
    sink = await startSmtpSink({dir: inbox})
    Object.assign(
      server,
      startServer({
        port: await freePort(),
        dataDir,
        env: {SMTP_URL: `smtp://127.0.0.1:${sink.port}`, OFFICE_OWNER_EMAIL: OWNER, SCHEDULED_JOBS_POLL_SECONDS: '1'},
      }),
    )
    await waitUntilServing(server, 90_000)
  })
  test.afterAll(async () => {
    if (server.child) await killServer(server.child, 'SIGKILL')
    await sink?.close()
    if (dataDir) rmSync(dataDir, {recursive: true, force: true})
  })

  /** Signs `page` in as `email` on this server, through the two sign-in endpoints and the sink. */
  async function signIn(page: Page, email: string, next: string): Promise<void> {
    const origin = server.baseUrl
    const marker = randomUUID().slice(0, 8)
    const asked = await page.request.post(`${origin}/office/sign-in/link`, {form: {email, next: `${next}?signin=${marker}`}, headers: {origin}, maxRedirects: 0})
    expect(asked.status()).toBe(303)
    const [mail] = await waitForMail(inbox, (m) => addressOf(m.to) === email && (m.text ?? '').includes(`signin%3D${marker}`))
    const link = new URL(signInLinkOf(mail))
    const used = await page.request.post(`${origin}/office/sign-in/session`, {
      form: {token: link.searchParams.get('token') ?? '', next: link.searchParams.get('next') ?? ''},
      headers: {origin},
      maxRedirects: 0,
    })
    expect(used.status()).toBe(303)
    await page.goto(new URL(used.headers()['location'], origin).toString())
  }

  const member = {name: 'Ann Alerts', email: `ann.${randomUUID().slice(0, 8)}@alerts.test`}

  test('the owner turns on e-mail alerts of new leads for an office member; a quote request reaches them', async ({page, request}) => {
    test.setTimeout(180_000)
    await page.setViewportSize({width: 1280, height: 900})
    await signIn(page, OWNER, '/office/staff')
    const w = accessWords.staff
    await page.getByLabel(w.nameLabel, {exact: true}).fill(member.name)
    await page.getByLabel(w.emailLabel, {exact: true}).fill(member.email)
    await page.getByLabel(w.roleLabel, {exact: true}).selectOption('office')
    await page.getByRole('button', {name: w.addButton, exact: true}).click()
    await expect(page.getByRole('status')).toHaveText(w.done.added)

    // Off by default; the owner chooses new leads, each one as it happens.
    const a = alertWords.staff
    const card = page.locator('div').filter({has: page.getByRole('heading', {name: a.legend(member.name)})}).last()
    await expect(card).toContainText(a.summaryOff)
    await card.getByRole('checkbox', {name: alertWords.events.lead}).check()
    await card.getByLabel(a.deliveryLabel).selectOption('each')
    await card.getByRole('button', {name: a.saveFor(member.name)}).click()
    await expect(page.getByRole('status')).toHaveText(a.done.changed)
    await expect(page.getByRole('heading', {name: a.legend(member.name)}).locator('..')).toContainText(alertWords.eventShort.lead)

    // A visitor asks for a quote, typing more than their name.
    const typed = `Gate code 8812 ${randomUUID().slice(0, 6)}`
    const answer = await request.post(`${server.baseUrl}/api/quote-requests`, {
      data: {
        submissionKey: randomUUID(),
        firstName: 'Quinn',
        lastName: 'Visitor',
        phone: '4255550177',
        email: `quinn.${randomUUID().slice(0, 6)}@example.com`,
        zipCode: '98057',
        desiredServices: typed,
        termsAccepted: true,
        page: {path: '/roof-cleaning'},
      },
    })
    expect(answer.status()).toBe(200)

    // The alerts job runs every minute: the member's e-mail arrives within one run.
    const [alert] = await waitForMail(inbox, (m) => addressOf(m.to) === member.email && /^Quote request: [0-9A-F]{4}-[0-9A-F]{4}$/.test(m.subject ?? ''), 1, 90_000)
    const text = flat(alert.text)
    expect(text).toContain('Quinn Visitor')
    expect(text).toMatch(new RegExp(`${server.baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/office/leads/quote-request/[0-9a-f-]{36}`))
    expect(text).not.toContain(typed)
    expect(text).not.toContain('4255550177')
  })

  test('the member gives their own number and agrees to texts on /office/alerts at 390 px; axe finds nothing', async ({page}) => {
    test.setTimeout(120_000)
    await page.setViewportSize({width: 390, height: 844})
    await signIn(page, member.email, '/office/alerts')
    const w = alertWords.page
    await expect(page.getByRole('heading', {name: w.title, level: 1})).toBeVisible()
    await expect(page.getByText(w.chosen(alertWords.deliveries.each, [alertWords.events.lead]))).toBeVisible()
    expect(await axeViolations(page)).toEqual([])

    // Agreeing without a number is refused, the field named.
    await page.getByRole('checkbox', {name: w.consentLabel}).check()
    await page.getByRole('button', {name: w.save, exact: true}).click()
    await expect(page.getByText(w.problems.consent_needs_phone)).toBeVisible()

    await page.getByLabel(w.phoneLabel).fill('(425) 555-0123')
    await page.getByRole('checkbox', {name: w.consentLabel}).check()
    await page.getByRole('button', {name: w.save, exact: true}).click()
    await expect(page.getByRole('status')).toHaveText(w.done.saved)
    await expect(page.getByLabel(w.phoneLabel)).toHaveValue('(425) 555-0123')
    await expect(page.getByRole('checkbox', {name: w.consentLabel})).toBeChecked()
    const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)
    expect(scrolls).toBe(false)
    expect(await axeViolations(page)).toEqual([])

    // Unticking withdraws.
    await page.getByRole('checkbox', {name: w.consentLabel}).uncheck()
    await page.getByRole('button', {name: w.save, exact: true}).click()
    await expect(page.getByText(w.notConsented)).toBeVisible()
  })
})
