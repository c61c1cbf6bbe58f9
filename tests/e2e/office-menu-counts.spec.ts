import {randomUUID} from 'node:crypto'
import type {Locator, Page} from '@playwright/test'
import {accessWords} from '../../lib/office/access/words'
import {leadWords} from '../../lib/office/leads/words'
import {MONEY_WORDS} from '../../lib/office/money/words'
import {companyToday} from '../../lib/office/schedule/rules'
import {axeViolations, expectNoHorizontalScroll} from './support/booking-ui'
import {fillQuoteForm, forms, leadForm, openWithForm, uniqueEmail} from './support/leads'
import {signInAs} from './support/office'
import {startPrivateStack, type PrivateStack} from './support/private-stack'
import {expect, test} from './support/test'

/**
 * The office menu's counts, on a site of its own (the suite's shared server has other tests adding
 * leads and resolving items at the same time, so only a private one has exact figures): Needs
 * attention and Leads show how many wait, read as "n waiting", none at 0; a quote request sent on the
 * site raises the Leads count by one, and an item resolved elsewhere (another tab, another member)
 * leaves the Needs attention count as soon as a menu link is followed; the menu wraps at 360 px.
 * The leads inbox finds the request by the day it came in and the answer to "how did you hear about us".
 */

const OWNER = 'owner@menu-counts.test'
const w = accessWords.nav
const quoteForm = forms().quoteForm

test.describe('the office menu counts', () => {
  test.describe.configure({mode: 'serial'})
  test.setTimeout(120_000)
  let stack: PrivateStack

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    stack = await startPrivateStack({OFFICE_OWNER_EMAIL: OWNER})
  })

  test.afterAll(async () => {
    await stack?.close()
  })

  /** Signs `page` in as the stack's owner. */
  const signIn = (page: Page, next: string) => signInAs(page, OWNER, next, {origin: stack.server.baseUrl, inbox: stack.inbox})

  const menu = (page: Page) => page.getByRole('navigation', {name: w.label})
  /** A menu entry, by its label and the count it reads out (none: no count). */
  const entry = (page: Page, label: string, count: number | null): Locator =>
    menu(page).getByRole('link', {name: count === null ? label : `${label} (${w.waiting(count)})`, exact: true})

  async function failedEmails(count: number): Promise<void> {
    for (let n = 0; n < count; n++) {
      await stack.db.query(
        `insert into public.outbox (channel, event_key, template, to_address, payload, status, attempts, last_error)
         values ('email', $1, 'booking_paid.customer', $2, '{"kind":"booking_paid"}', 'failed', 20, '550 mailbox unavailable')`,
        [`menu-counts:${randomUUID()}`, `gone.${n}@example.com`],
      )
    }
  }

  test('show how many wait; a new quote request adds one lead, an item resolved elsewhere leaves Needs attention on the next menu link', async ({page, context}) => {
    await signIn(page, '/office/bookings')
    // Nothing waits: no count on either entry.
    await expect(entry(page, w.attention, null)).toBeVisible()
    await expect(entry(page, w.leads, null)).toBeVisible()

    // Two e-mails the outbox gave up on, and a disputed payment the provider reported.
    await failedEmails(2)
    await stack.db.query(
      `insert into public.payment_disputes (provider, provider_dispute_id, amount_cents, status, opened_at, updated_at)
       values ('stripe', $1, 12000, 'needs_response', now(), now())`,
      [`du_${randomUUID()}`],
    )
    await page.reload()
    await expect(entry(page, w.attention, 3)).toBeVisible()
    // The badge shows the figure; the words are for screen readers.
    await expect(entry(page, w.attention, 3).locator('[aria-hidden="true"]')).toHaveText('3')

    // A visitor sends a quote request in another tab.
    const visitor = await context.newPage()
    const email = uniqueEmail('menu.counts')
    await openWithForm(visitor, `${stack.server.baseUrl}/roof-cleaning`)
    const form = leadForm(visitor, quoteForm.heading)
    const heard = quoteForm.heardAboutUsOptions[1]
    await fillQuoteForm(form, quoteForm, {
      firstName: 'Maren',
      lastName: 'Holt',
      phone: '(425) 555-0177',
      email,
      zipCode: '98056',
      squareFootage: '2,100',
      desiredServices: 'Roof moss',
      heardAboutUs: heard,
    })
    await form.getByRole('button', {name: quoteForm.submitLabel}).click()
    await expect(form.getByRole('status').filter({hasText: forms().messages.submitted})).toBeVisible()

    // Staff follow a menu link: the new lead is counted.
    await menu(page).getByRole('link', {name: w.plans, exact: true}).click()
    await expect(entry(page, w.plans, null)).toHaveAttribute('aria-current', 'page')
    await expect(entry(page, w.leads, 1)).toBeVisible()

    // Another tab resolves a failed e-mail (sends it again) on Needs attention.
    const colleague = await context.newPage()
    await colleague.goto(`${stack.server.baseUrl}/office/attention`)
    await colleague.getByRole('region', {name: MONEY_WORDS.attention.failedEmails}).getByRole('button', {name: MONEY_WORDS.attention.resend}).first().click()
    await expect(colleague.getByRole('status').filter({hasText: MONEY_WORDS.attentionDone.resent})).toBeVisible()
    await expect(entry(colleague, w.attention, 2)).toBeVisible()

    // The first tab still shows what it read; the next menu link reads the counts again.
    await expect(entry(page, w.attention, 3)).toBeVisible()
    await menu(page).getByRole('link', {name: new RegExp(`^${w.leads}`)}).click()
    await expect(page.getByRole('heading', {level: 1, name: leadWords.title})).toBeVisible()
    await expect(entry(page, w.attention, 2)).toBeVisible()
    await expect(entry(page, w.leads, 1)).toHaveAttribute('aria-current', 'page')

    // The inbox finds the request by the day it came in (the company's) and by where they heard of us.
    const today = companyToday(new Date())
    await page.getByLabel(leadWords.filters.from).fill(today)
    await page.getByLabel(leadWords.filters.to).fill(today)
    await page.getByLabel(leadWords.filters.heard).selectOption(heard)
    await page.getByRole('button', {name: leadWords.filters.apply}).click()
    await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}&heard=`))
    await expect(page.getByRole('status').filter({hasText: leadWords.found(1)})).toBeVisible()
    await expect(page.getByRole('table', {name: new RegExp(leadWords.caption)}).getByRole('row').filter({hasText: email})).toHaveCount(1)
    // A day that is not one is refused, said above the whole inbox.
    await page.goto(`${stack.server.baseUrl}/office/leads?from=2026-02-30`)
    await expect(page.locator('[data-refused-parameter="from"]')).toBeVisible()
    await expect(page.getByRole('status').filter({hasText: leadWords.found(1)})).toBeVisible()

    // On a phone the menu wraps, counts and all, without scrolling sideways; axe finds nothing.
    await page.setViewportSize({width: 360, height: 740})
    await page.goto(`${stack.server.baseUrl}/office/attention`)
    await expect(entry(page, w.attention, 2)).toBeVisible()
    await expect(entry(page, w.leads, 1)).toBeVisible()
    await expectNoHorizontalScroll(page)
    expect(await axeViolations(page)).toEqual([])
  })
})
