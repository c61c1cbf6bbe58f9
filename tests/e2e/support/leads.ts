import {randomUUID} from 'node:crypto'
import {expect, type APIRequestContext, type Locator, type Page} from '@playwright/test'
import type {ParsedMail} from 'mailparser'
import {getDocument} from './dataset'
import {readInbox} from './smtp'

/**
 * The lead forms as a visitor meets them: texts from the Forms document of the run's dataset, forms
 * found by their headings, fields by their labels. And the mail they cause, read from an SMTP
 * server's inbox.
 */

export type FormsDoc = {
  quoteForm: Record<string, string> & {heardAboutUsOptions: string[]}
  contactForm: Record<string, string>
  appointmentForm: Record<string, string> & {serviceOptions: string[]}
  messages: Record<string, string>
}

export const forms = (): FormsDoc => getDocument<FormsDoc>('formSettings')

/** A form by its accessible name (its heading). */
export function leadForm(page: Page, name: string): Locator {
  return page.getByRole('form', {name})
}

/** A required field's input ('First name (required)'), or an optional one by its label. */
export function field(form: Locator, label: string, {required = true} = {}): Locator {
  return form.getByLabel(required ? `${label} (required)` : label, {exact: true})
}

/**
 * Waits until the page's lead form listens to the visitor. Its code (validation, submit) loads on
 * the first touch of the form (components/leads/deferredLeadForm.tsx); until then the form keeps what
 * is typed and holds a submit, so a test can go ahead like a visitor who starts typing at once.
 */
export async function waitForLeadForm(page: Page): Promise<void> {
  await expect(page.locator('[data-lead-form][data-listening]').first()).toBeAttached()
}

/** Opens a page and waits until its lead form listens (see waitForLeadForm). */
export async function openWithForm(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await waitForLeadForm(page)
}

/** A unique e-mail address per test, so each test finds its own mail in a shared inbox. */
export function uniqueEmail(name: string): string {
  return `${name}.${randomUUID().slice(0, 8)}@example.com`
}

/** The mail in `dir` that `match` accepts, once `count` of them have arrived (bounded wait). */
export async function waitForMail(dir: string, match: (mail: ParsedMail) => boolean, count = 1, timeout = 20_000): Promise<ParsedMail[]> {
  let found: ParsedMail[] = []
  await expect
    .poll(
      async () => {
        found = (await readInbox(dir)).filter(match)
        return found.length
      },
      {timeout, intervals: [250, 500, 1000]},
    )
    .toBeGreaterThanOrEqual(count)
  return found
}

/** The quote form filled in as a visitor would, every field. */
export async function fillQuoteForm(
  form: Locator,
  text: FormsDoc['quoteForm'],
  visitor: {firstName: string; lastName: string; phone: string; email: string; zipCode: string; squareFootage: string; desiredServices: string; heardAboutUs: string},
): Promise<void> {
  await field(form, text.firstNameLabel).fill(visitor.firstName)
  await field(form, text.lastNameLabel).fill(visitor.lastName)
  await field(form, text.phoneLabel).fill(visitor.phone)
  await field(form, text.emailLabel).fill(visitor.email)
  await field(form, text.zipCodeLabel).fill(visitor.zipCode)
  await field(form, text.squareFootageLabel, {required: false}).fill(visitor.squareFootage)
  await field(form, text.desiredServicesLabel, {required: false}).fill(visitor.desiredServices)
  await field(form, text.heardAboutUsLabel, {required: false}).selectOption(visitor.heardAboutUs)
  await form.getByRole('checkbox', {name: new RegExp(`^${text.termsLabel} ${text.termsLinkText}`)}).check()
}

/** A mail's plain text with whitespace collapsed (plain text is wrapped at 78 characters). */
export function flat(text: string | undefined | false): string {
  return (text || '').replace(/\s+/g, ' ')
}

/** The estimate crew's offer as the site answers it now (GET /api/availability?form=estimate). */
export type EstimateOffer = {earliest: string; latest: string; days: {date: string; windows: {window: string; start: string; end: string}[]}[]}

export async function estimateOffer(request: APIRequestContext, baseUrl = ''): Promise<EstimateOffer> {
  const response = await request.get(`${baseUrl}/api/availability?form=estimate`)
  expect(response.status(), 'the estimate offer').toBe(200)
  const offer = (await response.json()) as EstimateOffer
  expect(offer.days.length, 'the estimate crew offers some day').toBeGreaterThan(0)
  return offer
}

/** A day and window the estimate crew offers now (the n-th offered day, its first window). */
export async function offeredEstimateVisit(request: APIRequestContext, baseUrl = '', n = 0): Promise<{visitDate: string; visitWindow: string}> {
  const {days} = await estimateOffer(request, baseUrl)
  const day = days[Math.min(n, days.length - 1)]
  return {visitDate: day.date, visitWindow: day.windows[0].window}
}
