import {readdirSync} from 'node:fs'
import path from 'node:path'
import type {APIResponse} from '@playwright/test'
import {baseUrlOf, signInAsOwner, signInAsStaff} from './support/office'
import {OFFICE_ROUTES, type OfficeRouteRow} from './support/office-routes'
import {expect, test} from './support/test'

/**
 * Acceptance 2 of issue 22: every office page and endpoint checks the session and the role on the
 * server, and refuses a change from another origin. Table-driven (support/office-routes.ts), through
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
    if (row.method === 'GET') {
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

test('staff get 403 on every owner route', async ({page}) => {
  await signInAsStaff(page, 'Rita Rows')
  const owners = guarded.filter((row) => row.access === 'owner')
  expect(owners.length).toBeGreaterThan(0)
  for (const row of owners) {
    const response = await send(page.request, row, baseUrlOf())
    expect(response.status(), `${row.method} ${row.path}`).toBe(403)
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
