import AxeBuilder from '@axe-core/playwright'
import {request as playwrightRequest} from '@playwright/test'
import {accessWords} from '../../lib/office/access/words'
import {baseUrlOf, openSignInLink, OWNER_EMAIL, requestSignInLink, signInAsOwner} from './support/office'
import {expect, test} from './support/test'

/**
 * A member signs in with the link e-mailed to them (read from the suite's
 * SMTP server); the link works once, for 15 minutes, in the browser that asked for it; signing out
 * ends the session wherever its cookie is shown again.
 */

const w = accessWords

test('the e-mailed link signs in once, and only in the browser that asked for it', async ({page, browser}) => {
  const {link, marker} = await requestSignInLink(page, OWNER_EMAIL, '/office/staff')

  // Opened in another browser (a forwarded e-mail, a stolen link): refused, and not used up.
  const elsewhere = await browser.newContext()
  const other = await elsewhere.newPage()
  await openSignInLink(other, link)
  await expect(other.getByText(w.verify.refused.other_browser)).toBeVisible()
  await elsewhere.close()

  await openSignInLink(page, link)
  await page.waitForURL((url) => url.pathname === '/office/staff' && url.searchParams.get('signin') === marker)
  await expect(page.getByRole('heading', {level: 1, name: w.staff.title})).toBeVisible()
  await expect(page.getByRole('banner')).toContainText(`${w.signedInAs} ${w.firstOwnerName}`)

  // The same link a second time, even in the browser that asked: refused.
  await openSignInLink(page, link)
  await expect(page.getByText(w.verify.refused.used)).toBeVisible()
})

test('a link is refused once its 15 minutes are over', async ({page}) => {
  const {link} = await requestSignInLink(page, OWNER_EMAIL)
  // The server's clock for the sign-in rules, 15 minutes on (the suite's server honours this header: lib/office/shared/test-clock.ts).
  await page.setExtraHTTPHeaders({'x-office-test-now': new Date(Date.now() + 15 * 60_000 + 1_000).toISOString()})
  await openSignInLink(page, link)
  await expect(page.getByText(w.verify.refused.expired)).toBeVisible()
  await expect(page.getByRole('link', {name: w.verify.askAgain})).toBeVisible()
})

test('signing out ends the session: its cookie is refused afterwards', async ({page, context}) => {
  await signInAsOwner(page, '/office/staff')
  const session = (await context.cookies()).find((cookie) => cookie.name === 'office_session')
  expect(session).toMatchObject({httpOnly: true, sameSite: 'Lax', path: '/office', secure: false})

  await page.getByRole('button', {name: w.signOut}).click()
  await expect(page.getByRole('status')).toHaveText(w.signIn.signedOut)
  expect((await context.cookies()).find((cookie) => cookie.name === 'office_session')).toBeUndefined()

  // The old cookie, shown again from elsewhere: the row is revoked, so the office sends it to sign in.
  const api = await playwrightRequest.newContext({baseURL: baseUrlOf()})
  const again = await api.get('/office/staff', {headers: {Cookie: `office_session=${session!.value}`}, maxRedirects: 0})
  expect(again.status()).toBe(307)
  expect(again.headers().location).toContain('/office/sign-in?next=%2Foffice%2Fstaff')
  await api.dispose()
})

test('the office works on a crew lead’s phone (360 px): no sideways scroll, a skip link, no serious axe violations', async ({page}) => {
  await page.setViewportSize({width: 360, height: 780})
  await signInAsOwner(page, '/office/staff')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', {name: w.skipLink})).toBeFocused()
  await expect(page.getByRole('navigation', {name: w.nav.label}).getByRole('link', {name: w.nav.staff})).toHaveAttribute('aria-current', 'page')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

  // The owner adds a member and removes them: each change is listed in the page's history.
  const name = `Pat ${Date.now().toString(36)}`
  const email = `${name.replace(' ', '.').toLowerCase()}@office.test`
  await page.getByLabel(w.staff.nameLabel, {exact: true}).fill(name)
  await page.getByLabel(w.staff.emailLabel, {exact: true}).fill(email)
  await page.getByRole('button', {name: w.staff.addButton, exact: true}).click()
  await expect(page.getByRole('status')).toHaveText(w.staff.done.added)
  await page.getByRole('button', {name: w.staff.remove(name)}).click()
  await expect(page.getByRole('status')).toHaveText(w.staff.done.removed)
  await expect(page.getByRole('button', {name: w.staff.remove(name)})).toHaveCount(0)
  const history = page.getByRole('region', {name: w.staff.historyTitle})
  await expect(history.getByRole('listitem').filter({hasText: w.history.actions.staff_removed}).filter({hasText: email}).first()).toBeVisible()
  await expect(history.getByRole('listitem').filter({hasText: w.history.actions.staff_added}).filter({hasText: email}).first()).toBeVisible()
  for (const path of ['/office/staff', '/office/sign-in/verify?token=x']) {
    if (path !== '/office/staff') await page.goto(path)
    const results = await new AxeBuilder({page}).options({resultTypes: ['violations']}).analyze()
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)
    expect(serious, path).toEqual([])
  }
})

test('asking for a link answers the same for a member of staff and for anyone else', async ({playwright}) => {
  const answers = []
  for (const email of [OWNER_EMAIL, 'not.staff@office.test']) {
    const api = await playwright.request.newContext({baseURL: baseUrlOf()})
    const response = await api.post('/office/sign-in/link', {form: {email, next: '/office'}, headers: {Origin: baseUrlOf()}, maxRedirects: 0})
    const cookie = response.headers()['set-cookie'] ?? ''
    answers.push({
      status: response.status(),
      location: response.headers().location?.replace(encodeURIComponent(email), '<email>'),
      cookie: cookie.replace(/^office_sign_in=[a-z2-7]{32};/, 'office_sign_in=<random>;'),
      body: await response.text(),
    })
    await api.dispose()
  }
  expect(answers[0]).toEqual({status: 303, location: '/office/sign-in?sent=1&email=<email>', cookie: 'office_sign_in=<random>; Path=/office; Max-Age=900; HttpOnly; SameSite=Lax', body: ''})
  expect(answers[1]).toEqual(answers[0])
})
