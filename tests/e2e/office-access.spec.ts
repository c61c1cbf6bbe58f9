import {readdirSync} from 'node:fs'
import path from 'node:path'
import type {APIResponse, Browser, Page} from '@playwright/test'
import {houseBooking} from './support/bookings'
import {baseUrlOf, signInAsOwner, signInAsStaff} from './support/office'
import {OFFICE_ROUTES, type OfficeRouteRow} from './support/office-routes'
import {expect, test} from './support/test'

/**
 * Every office page and endpoint checks the session and the role on the server (each route as
 * owner, office, crew and no session), a crew member reaches only their crew's day, and a change
 * from another origin is refused. Table-driven (support/office-routes.ts), through
 * Playwright's request API: no page loads, so it stays fast.
 */

const root = path.join(import.meta.dirname, '..', '..')
const FOREIGN = 'https://attacker.example'

/** app/office/**\/page.tsx and route.ts, from the repository's root. */
function officeRouteFiles(dir = path.join(root, 'app', 'office')): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return officeRouteFiles(full)
    return /^(page\.tsx|route\.ts)$/.test(entry.name) ? [path.relative(root, full).split(path.sep).join('/')] : []
  })
}

const guarded = OFFICE_ROUTES.filter((row) => row.access !== 'public')

function send(request: import('@playwright/test').APIRequestContext, row: OfficeRouteRow, origin: string): Promise<APIResponse> {
  return row.method === 'GET'
    ? request.get(row.path, {maxRedirects: 0})
    : request.post(row.path, {maxRedirects: 0, headers: {Origin: origin}, form: row.form ?? {}})
}

test('every office page and endpoint on disk has a row in the table, and every row a file', () => {
  const files = officeRouteFiles()
  expect(files.length).toBeGreaterThan(0)
  const listed = new Set(OFFICE_ROUTES.map((row) => row.file))
  expect(files.filter((file) => !listed.has(file)), 'office routes with no row in tests/e2e/support/office-routes.ts').toEqual([])
  expect([...listed].filter((file) => !files.includes(file)), 'rows whose file is gone').toEqual([])
})

test('without a session every guarded route answers 401 or sends to the sign-in page, privately and unindexed', async ({request}) => {
  for (const row of guarded) {
    const response = await send(request, row, baseUrlOf())
    const where = `${row.method} ${row.path}`
    // A page sends a browser to the sign-in page; an endpoint (a download, a feed) answers a script 401.
    if (row.method === 'GET' && row.file.endsWith('/page.tsx')) {
      expect(response.status(), where).toBeGreaterThanOrEqual(300)
      expect(response.status(), where).toBeLessThan(400)
      expect(response.headers().location, where).toMatch(/^(?:https?:\/\/[^/]+)?\/office\/sign-in\?next=/)
    } else {
      expect(response.status(), where).toBe(401)
    }
    expect(response.headers()['x-robots-tag'], where).toBe('noindex, nofollow')
    expect(response.headers()['cache-control'], where).toContain('no-store')
  }
})

const ROLES = ['owner', 'office', 'crew'] as const
type Role = (typeof ROLES)[number]
const RANK: Record<Role, number> = {owner: 3, office: 2, crew: 1}

/** Whether `role` (a crew member: of the indoor crew) gets past the row's checks. */
function allowed(role: Role, row: OfficeRouteRow): boolean {
  if (row.access === 'public') return true
  if (RANK[role] < RANK[row.access]) return false
  // The sample booking is no booking of any crew; the sample day sheet is the indoor crew's.
  return !(role === 'crew' && row.crewScope === 'booking')
}

/** A browser context signed in as a new member of `role` (a crew member of the indoor crew), or as the suite's owner. */
async function signedIn(browser: Browser, role: Role): Promise<{page: Page; close: () => Promise<void>}> {
  const context = await browser.newContext({baseURL: baseUrlOf()})
  const page = await context.newPage()
  if (role === 'owner') await signInAsOwner(page)
  else await signInAsStaff(page, `Table ${role}`, {role, crew: role === 'crew' ? 'indoor' : undefined})
  return {page, close: () => context.close()}
}

// Signing out ends the session the rest of the table needs: it goes last.
const tableOrder = [...guarded].sort((a, b) => Number(a.file.includes('/sign-out/')) - Number(b.file.includes('/sign-out/')))

for (const role of ROLES) {
  test(`the role table: as ${role}, every route below its least role answers 403 and every other is let in`, async ({browser}) => {
    const {page, close} = await signedIn(browser, role)
    try {
      for (const row of tableOrder) {
        const may = allowed(role, row)
        const response = await send(page.request, may && row.probe ? {...row, path: row.probe} : row, baseUrlOf())
        const where = `${role}: ${row.method} ${row.path}`
        if (may) {
          expect([401, 403], where).not.toContain(response.status())
          expect(response.status(), where).toBeLessThan(500)
        } else {
          expect(response.status(), where).toBe(403)
        }
      }
    } finally {
      await close()
    }
  })
}

test("a crew member lands on their crew's day, opens no other crew's, and marks Started and Done on their crew's bookings only, answered back on the day sheet", async ({browser, request}) => {
  const indoor = await signedIn(browser, 'crew')
  const context = await browser.newContext({baseURL: baseUrlOf()})
  const exterior = await context.newPage()
  try {
    await signInAsStaff(exterior, 'Ext Crew', {role: 'crew', crew: 'exterior'})
    // /office is their crew's day, today on the company clock.
    const home = await indoor.page.request.get('/office', {maxRedirects: 0})
    expect(home.status()).toBeGreaterThanOrEqual(300)
    expect(home.status()).toBeLessThan(400)
    const today = /\/office\/schedule\/(\d{4}-\d{2}-\d{2})\/indoor$/.exec(new URL(home.headers().location, baseUrlOf()).pathname)?.[1]
    expect(today, home.headers().location).toBeTruthy()
    expect((await indoor.page.request.get(`/office/schedule/${today}/indoor`, {maxRedirects: 0})).status()).toBe(200)
    expect((await indoor.page.request.get(`/office/schedule/${today}/exterior`, {maxRedirects: 0})).status()).toBe(403)
    expect((await exterior.request.get(`/office/schedule/${today}/indoor`, {maxRedirects: 0})).status()).toBe(403)

    // A house booking is the indoor crew's (not paid: the actions answer why not, on the day sheet).
    const offer = (await (await request.get('/api/availability?form=house')).json()) as {days: {date: string; windows: {window: string; left: number}[]}[]}
    const free = offer.days.flatMap((day) => day.windows.filter((window) => window.left > 0).map((window) => ({date: day.date, arrivalWindow: window.window})))
    const slot = free[Math.floor(Math.random() * free.length)]
    const made = await request.post('/api/bookings', {data: houseBooking(slot)})
    expect(made.status()).toBe(200)
    const {bookingId} = (await made.json()) as {bookingId: string}
    const back = `/office/schedule/${slot.date}/indoor`
    for (const action of ['started', 'outcome']) {
      const form = {back, ...(action === 'outcome' ? {outcome: 'done'} : {})}
      const theirs = await indoor.page.request.post(`/office/bookings/${bookingId}/${action}`, {maxRedirects: 0, headers: {Origin: baseUrlOf()}, form})
      expect(theirs.status(), action).toBe(303)
      expect(theirs.headers().location, action).toMatch(new RegExp(`^${back}\\?(done|problem)=[a-z_A-Z]+#outcome$`))
      const others = await exterior.request.post(`/office/bookings/${bookingId}/${action}`, {maxRedirects: 0, headers: {Origin: baseUrlOf()}, form})
      expect(others.status(), action).toBe(403)
    }
    // The booking's own page stays closed to the crew.
    expect((await indoor.page.request.get(`/office/bookings/${bookingId}`, {maxRedirects: 0})).status()).toBe(403)
  } finally {
    await indoor.close()
    await context.close()
  }
})

test('a change from a foreign origin, or with none, is refused with 403 even when signed in as the owner', async ({page}) => {
  await signInAsOwner(page, '/office/staff')
  const changes = OFFICE_ROUTES.filter((row) => row.method !== 'GET')
  expect(changes.length).toBeGreaterThan(0)
  for (const row of changes) {
    const foreign = await send(page.request, row, FOREIGN)
    expect(foreign.status(), `${row.method} ${row.path} from ${FOREIGN}`).toBe(403)
    const none = await page.request.post(row.path, {maxRedirects: 0, form: row.form ?? {}})
    expect(none.status(), `${row.method} ${row.path} without Origin`).toBe(403)
  }
  // Still signed in: none of the refused changes reached its handler (sign-out among them).
  const staffPage = await page.request.get('/office/staff', {maxRedirects: 0})
  expect(staffPage.status()).toBe(200)
})

test('the office is kept from crawlers: disallowed in robots.txt, absent from the sitemap, noindex on its pages', async ({request}) => {
  expect(await (await request.get('/robots.txt')).text()).toMatch(/^Disallow: \/office$/m)
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/office')
  const signIn = await request.get('/office/sign-in')
  expect(signIn.status()).toBe(200)
  expect(await signIn.text()).toMatch(/<meta name="robots" content="noindex, nofollow"\/>/)
  expect(signIn.headers()['cache-control']).toContain('no-store')
})
