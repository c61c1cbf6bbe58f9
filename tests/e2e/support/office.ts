import {randomUUID} from 'node:crypto'
import type {Browser, BrowserContext, Page} from '@playwright/test'
import type {ParsedMail} from 'mailparser'
import {accessWords} from '../../../lib/office/access/words'
import {waitForMail} from './leads'
import {addressOf, E2E_INBOX} from './smtp'
import {expect} from './test'

/**
 * Signing in to the office as a user does: ask for a link on /office/sign-in, read it from the
 * suite's SMTP sink, open it in the same browser and press Sign in. The suite's server makes
 * owner@office.test the first owner (OFFICE_OWNER_EMAIL in playwright.config.ts); staff are added
 * by an owner on /office/staff, as the owner would.
 */

export const OWNER_EMAIL = 'owner@office.test'

/** The sign-in link in a sign-in e-mail (its text part). */
export function signInLinkOf(mail: ParsedMail): string {
  const match = /https?:\/\/[^\s\])>]+\/office\/sign-in\/verify\?[^\s\])>]+/.exec(mail.text ?? '')
  if (!match) throw new Error(`No sign-in link in "${mail.subject}"`)
  return match[0]
}

/**
 * Asks for a sign-in link for `email` and answers the link of that request. Several tests may ask
 * for the same address at once: each request's `next` carries a marker of its own, which its
 * e-mail's link repeats, so each finds its own.
 */
export async function requestSignInLink(page: Page, email: string, next = '/office'): Promise<{link: string; marker: string}> {
  const marker = randomUUID().slice(0, 8)
  const target = `${next}${next.includes('?') ? '&' : '?'}signin=${marker}`
  await page.goto(`/office/sign-in?next=${encodeURIComponent(target)}`)
  await page.getByLabel(accessWords.signIn.emailLabel).fill(email)
  await page.getByRole('button', {name: accessWords.signIn.submit}).click()
  await expect(page.getByRole('heading', {name: accessWords.signIn.sentTitle})).toBeVisible()
  const [mail] = await waitForMail(E2E_INBOX, (m) => addressOf(m.to) === email && (m.text ?? '').includes(`signin%3D${marker}`))
  return {link: signInLinkOf(mail), marker}
}

/** Opens a sign-in link in `page` and presses Sign in. */
export async function openSignInLink(page: Page, link: string): Promise<void> {
  await page.goto(link)
  await page.getByRole('button', {name: accessWords.verify.button, exact: true}).click()
}

/**
 * Signs `page`'s browser in as `email` (a current member), landing on `next`: the link asked for
 * and used through the two endpoints the sign-in forms post to (with the browser's own cookies and
 * its origin), the link read from the e-mail as above. The forms' pages, and signing in through
 * them, are office-sign-in.spec.ts's; for the other office specs a sign-in is only the way in, and
 * the two pages it skips cost a second of CPU per sign-in, two dozen times a run. `site`: a
 * private stack's address and SMTP inbox instead of the suite's server, and headers to send (the
 * office's test clock, so the session is as old as the clock its pages read says).
 */
export async function signInAs(page: Page, email: string, next = '/office', site: {origin: string; inbox: string; headers?: Record<string, string>} = {origin: baseUrlOf(), inbox: E2E_INBOX},
): Promise<void> {
  const {origin} = site
  const marker = randomUUID().slice(0, 8)
  const target = `${next}${next.includes('?') ? '&' : '?'}signin=${marker}`
  const asked = await page.request.post(`${origin}/office/sign-in/link`, {form: {email, next: target}, headers: {...site.headers, origin}, maxRedirects: 0})
  expect(asked.status(), 'asking for a sign-in link').toBe(303)
  expect(asked.headers()['location'], 'asking for a sign-in link').toContain('sent=1')
  const [mail] = await waitForMail(site.inbox, (m) => addressOf(m.to) === email && (m.text ?? '').includes(`signin%3D${marker}`))
  const link = new URL(signInLinkOf(mail))
  const used = await page.request.post(`${origin}/office/sign-in/session`, {
    form: {token: link.searchParams.get('token') ?? '', next: link.searchParams.get('next') ?? ''},
    headers: {...site.headers, origin},
    maxRedirects: 0,
  })
  expect(used.status(), 'using the sign-in link').toBe(303)
  const landing = new URL(used.headers()['location'], origin)
  expect(landing.searchParams.get('signin'), 'signed in, sent on to the page asked for').toBe(marker)
  await page.goto(`${origin}${landing.pathname}${landing.search}`)
}

/** Signs `page` in as the suite's first owner. */
export async function signInAsOwner(page: Page, next = '/office'): Promise<{name: string; email: string}> {
  await signInAs(page, OWNER_EMAIL, next)
  return {name: accessWords.firstOwnerName, email: OWNER_EMAIL}
}

/**
 * Adds a new member (a unique address) as the owner, in a browser context of its own, then signs
 * `page` in as them. Answers who they are.
 */
export async function signInAsStaff(
  page: Page,
  name = 'Sam Staff',
  options: {role?: 'office' | 'owner' | 'crew'; crew?: 'indoor' | 'exterior' | 'commercial'; next?: string} = {},
): Promise<{name: string; email: string}> {
  const email = `staff.${randomUUID().slice(0, 8)}@office.test`
  await addStaffAsOwner(page.context().browser(), {name, email, role: options.role ?? 'office', crew: options.crew})
  await signInAs(page, email, options.next)
  return {name, email}
}

/** The owner adds a member on /office/staff (in a context of its own, closed afterwards). */
export async function addStaffAsOwner(
  browser: Browser | null,
  member: {name: string; email: string; role: 'office' | 'owner' | 'crew'; crew?: 'indoor' | 'exterior' | 'commercial'},
): Promise<void> {
  if (!browser) throw new Error('No browser to add staff with')
  const context: BrowserContext = await browser.newContext({baseURL: baseUrlOf()})
  try {
    const owner = await context.newPage()
    await signInAsOwner(owner, '/office/staff')
    const w = accessWords.staff
    await owner.getByLabel(w.nameLabel, {exact: true}).fill(member.name)
    await owner.getByLabel(w.emailLabel, {exact: true}).fill(member.email)
    await owner.getByLabel(w.roleLabel, {exact: true}).selectOption(member.role)
    if (member.crew) await owner.getByLabel(w.crewLabel, {exact: true}).selectOption(member.crew)
    await owner.getByRole('button', {name: w.addButton, exact: true}).click()
    await expect(owner.getByRole('status')).toHaveText(w.done.added)
    await expect(owner.getByRole('cell', {name: member.email})).toBeVisible()
  } finally {
    await context.close()
  }
}

/** The suite's site (playwright.config.ts's baseURL). */
export function baseUrlOf(): string {
  return `http://localhost:${Number(process.env.E2E_PORT) || 3100}`
}
