import {mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import type {ParsedMail} from 'mailparser'
import {accessWords} from '../../lib/office/access/words'
import {checkoutWords} from '../../lib/office/checkouts/words'
import {commercialBooking, COMMERCIAL_CUSTOMER} from './support/bookings'
import {uniqueEmail, waitForMail} from './support/leads'
import {signInAs} from './support/office'
import {startPrivateStack, type PrivateStack} from './support/private-stack'
import {addressOf} from './support/smtp'
import {expect, test} from './support/test'

/**
 * The one reminder after a checkout ended unpaid, on a site of its own (its jobs are looked for every
 * second and the reminder job is made due by SQL; its content says reminders are on after 1 hour): a booking's hold is ended by SQL two hours ago,
 * the reminder arrives without anything the visitor typed, its link fills the form in again in a
 * fresh browser (choices and e-mail, not the name) and leaves no token in the address, its stop link
 * stops the next one, and the office's list tells each state.
 */

const OWNER = 'owner@checkout-reminders.test'
const DATASET = join(import.meta.dirname, '..', '..', 'studio', 'dataset', 'production.ndjson')

/** The local dataset with reminders switched on, 1 hour after the checkout ended (its images beside it, as the dataset names them). */
function datasetWithReminders(dir: string): string {
  const lines = readFileSync(DATASET, 'utf8').split('\n')
  symlinkSync(join(DATASET, '..', 'images'), join(dir, 'images'))
  const file = join(dir, 'reminders-on.ndjson')
  writeFileSync(
    file,
    lines
      .map((line) => {
        if (!line.includes('"_type":"emailSettings"')) return line
        return JSON.stringify({...(JSON.parse(line) as Record<string, unknown>), checkoutReminderEnabled: true, checkoutReminderDelayHours: 1})
      })
      .join('\n'),
  )
  return file
}

/** The links of a mail's text (the reminder's button, then its stop link). */
function linksOf(mail: ParsedMail): string[] {
  return [...(mail.text ?? '').matchAll(/https?:\/\/[^\s\]>)]+/g)].map((match) => match[0])
}

test.describe('unpaid checkout reminders', () => {
  test.describe.configure({mode: 'serial'})
  test.setTimeout(180_000)
  let stack: PrivateStack
  let dir = ''

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    dir = mkdtempSync(join(tmpdir(), 'checkout-reminders-'))
    stack = await startPrivateStack({OFFICE_OWNER_EMAIL: OWNER, SCHEDULED_JOBS_POLL_SECONDS: '1', SANITY_LOCAL_DATASET: datasetWithReminders(dir)})
  })

  test.afterAll(async () => {
    await stack?.close()
    if (dir) rmSync(dir, {recursive: true, force: true})
  })

  /** A commercial booking made on the site whose hold ended unpaid two hours ago (by SQL). */
  async function endedCheckout(request: import('@playwright/test').APIRequestContext, email: string): Promise<string> {
    const made = await request.post(`${stack.server.baseUrl}/api/bookings`, {data: commercialBooking({email}), headers: {origin: stack.server.baseUrl}})
    expect(made.status()).toBe(200)
    const {bookingId} = (await made.json()) as {bookingId: string}
    await stack.db.query(
      `update public.bookings set created_at = now() - interval '3 hours', hold_expires_at = now() - interval '2 hours', payment_status = 'expired', updated_at = now() - interval '2 hours' where id = $1`,
      [bookingId],
    )
    return bookingId
  }

  /** Makes the reminder job due now (it runs every 5 minutes) and waits until a run started since has finished. */
  async function runReminderJob(): Promise<void> {
    const {rows} = await stack.db.query<{at: Date}>(`select now() as at`)
    await stack.db.query(`update public.scheduled_jobs set next_run_at = now() where name = 'checkout-reminders'`)
    await expect
      .poll(async () => {
        // A run that started after the job was made due (so after the checkout ended), and has finished:
        // one already under way then may not have seen it.
        const run = await stack.db.query<{finished: boolean}>(
          `select coalesce(last_started_at > $1 and last_finished_at >= last_started_at, false) as finished from public.scheduled_jobs where name = 'checkout-reminders'`,
          [rows[0].at],
        )
        return run.rows[0]?.finished ?? false
      }, {timeout: 30_000})
      .toBe(true)
  }

  test('one reminder arrives; its link fills the form in a fresh browser; its stop link stops the next; the office tells each', async ({page, request, browser}) => {
    const email = uniqueEmail('checkout.reminder')
    const first = await endedCheckout(request, email)
    await runReminderJob()

    // The reminder arrives, once, with nothing the visitor typed.
    const [mail] = await waitForMail(stack.inbox, (m) => addressOf(m.to) === email, 1, 60_000)
    for (const typed of [COMMERCIAL_CUSTOMER.firstName, COMMERCIAL_CUSTOMER.lastName, COMMERCIAL_CUSTOMER.address, COMMERCIAL_CUSTOMER.phone].map(String)) {
      expect(`${mail.subject} ${mail.text} ${String(mail.html)}`).not.toContain(typed)
    }
    expect(mail.headerLines.find((line) => line.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
    const [resume, stop] = linksOf(mail).filter((link) => link.includes('resume=') || link.includes('/email-preferences/'))
    expect(resume).toContain(`resume=${first}`)
    expect(stop).toContain('/email-preferences/')

    // A fresh browser (none of the visitor's session): the form has their choices and e-mail, no name.
    const fresh = await browser.newContext()
    try {
      const visitor = await fresh.newPage()
      await visitor.goto(resume)
      await expect(visitor.locator('input[name="email"]')).toHaveValue(email)
      await expect(visitor.locator('input[name="firstName"]')).toHaveValue('')
      await expect(visitor.locator('input[name="address"]')).toHaveValue('')
      // The token left the address as soon as it was read.
      expect(visitor.url()).not.toContain('t=')
      expect(visitor.url()).toContain(`resume=${first}`)

      // The stop page works without JavaScript: one button.
      const noScript = await browser.newContext({javaScriptEnabled: false})
      try {
        const stopPage = await noScript.newPage()
        await stopPage.goto(stop)
        await stopPage.getByRole('button').filter({hasText: /stop/i}).click()
        await expect(stopPage.getByRole('status')).toBeVisible()
        expect(stopPage.url()).toContain('done=1')
      } finally {
        await noScript.close()
      }
    } finally {
      await fresh.close()
    }

    // A month on, another checkout of the same address ends: none is sent (the address said stop).
    await stack.db.query(`update public.checkout_reminders set queued_at = now() - interval '31 days' where booking_id = $1`, [first])
    const second = await endedCheckout(request, email)
    await signInAs(page, OWNER, '/office/checkouts', {origin: stack.server.baseUrl, inbox: stack.inbox})
    await expect(page.getByRole('navigation', {name: accessWords.nav.label}).getByRole('link', {name: accessWords.nav.checkouts, exact: true})).toHaveAttribute('aria-current', 'page')
    const table = page.getByRole('table', {name: new RegExp(checkoutWords.title)})
    await expect(table.locator(`tr[data-booking="${first}"]`)).toContainText(checkoutWords.states.sent)
    await expect(table.locator(`tr[data-booking="${second}"]`)).toContainText(checkoutWords.states.opted_out)
    // Each row leads to the booking and to the customer's record.
    await expect(table.locator(`tr[data-booking="${first}"] a[href="/office/bookings/${first}"]`)).toBeVisible()
    await expect(table.locator(`tr[data-booking="${first}"] a[href="/office/customers/${encodeURIComponent(email.toLowerCase())}"]`)).toBeVisible()
    // A run of the job later, still the one e-mail.
    await runReminderJob()
    const {rows} = await stack.db.query<{n: number}>(`select count(*)::int as n from public.outbox where template = 'checkout_reminder.customer' and lower(to_address) = lower($1)`, [email])
    expect(rows[0].n).toBe(1)
  })
})
