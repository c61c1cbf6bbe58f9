import {expect, test} from './support/test'
import {documentsOfType} from './support/dataset'
import {marketingRoutes} from './support/routes'

const servicePaths = new Set(documentsOfType<{slug: {current: string}}>('servicePage').map((page) => `/${page.slug.current}`))

test.describe('routes', () => {
  test('the site has 14 service pages and 6 articles, and every marketing route is served', () => {
    const routes = marketingRoutes()
    expect(routes).toHaveLength(6 + 14 + 6)
  })

  // One test per page (a loop of pages inside one test shares one timeout and fails on a slow
  // machine). The service pages get the same checks in service-pages.spec.ts, with their own.
  for (const {path, heading} of marketingRoutes().filter(({path}) => !servicePaths.has(path))) {
    test(`${path} answers 200 with its heading, a title, a description, its canonical URL and Open Graph data`, async ({page}) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await expect(page.getByRole('heading', {level: 1})).toHaveText(heading)
      await expect(page.locator('h1')).toHaveCount(1)
      expect((await page.title()).length).toBeGreaterThan(10)
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/)
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path === '/' ? '/?' : path}$`))
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/)
    })
  }

  for (const path of ['/no-such-page', '/blog/no-such-article', '/services/deep/cleaning']) {
    test(`${path} answers 404 with the not-found texts`, async ({page, baseURL}) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', {level: 1})).toHaveText('Page Not Found')
      await expect(page.getByText(`The requested URL ${baseURL}${path} was not found on this server.`)).toBeVisible()
      await expect(page.getByText(`The requested URL ${path} was not found on this server.`)).toBeVisible()
      // The site's chrome is there once, so a lost visitor can find their way.
      await expect(page.getByRole('banner')).toHaveCount(1)
      await expect(page.getByRole('contentinfo')).toHaveCount(1)
    })
  }

  // The pages are fetched at once, not one after another, so a slow machine can't run this test out
  // of time: the cost is one round of 26 concurrent requests for prerendered pages.
  test('no two pages share a title', async ({request}) => {
    const routes = marketingRoutes()
    const titles = await Promise.all(
      routes.map(async ({path}) => /<title>([^<]*)<\/title>/.exec(await (await request.get(path)).text())?.[1] ?? ''),
    )
    const firstPathOf = new Map<string, string>()
    titles.forEach((title, index) => {
      expect(title, `${routes[index].path} has a title`).not.toBe('')
      expect(firstPathOf.get(title), `${routes[index].path} repeats the title "${title}"`).toBeUndefined()
      firstPathOf.set(title, routes[index].path)
    })
  })

  test('sitemap.xml lists every marketing page and robots.txt points to it', async ({request}) => {
    const sitemap = await (await request.get('/sitemap.xml')).text()
    for (const {path} of marketingRoutes()) {
      expect(sitemap).toContain(`${path === '/' ? '' : path}</loc>`)
    }
    const robots = await (await request.get('/robots.txt')).text()
    expect(robots).toContain('Sitemap:')
    expect(robots).toContain('Disallow: /studio')
  })

  test('every icon a page shows is drawn from the cached icon file: each one it refers to is there', async ({page, request}) => {
    await page.goto('/')
    const refs = await page.locator('svg use').evaluateAll((uses) => uses.map((use) => use.getAttribute('href') ?? ''))
    expect(refs.length).toBeGreaterThan(10) // header, services, about, contact, footer
    const files = new Set(refs.map((ref) => ref.split('#')[0]))
    expect(files.size, 'one icon file for the whole page').toBe(1)
    const [file] = files
    const sprite = await request.get(file)
    expect(sprite.status()).toBe(200)
    expect(sprite.headers()['content-type']).toContain('image/svg+xml')
    expect(sprite.headers()['cache-control']).toContain('immutable')
    const body = await sprite.text()
    for (const id of new Set(refs.map((ref) => ref.split('#')[1]))) expect(body, `the icon "${id}"`).toContain(`<symbol id="${id}"`)
    // Drawn, not blank: the phone icon in the header has its shape's size.
    const box = await page.getByRole('banner').locator('svg use').first().boundingBox()
    expect(box?.width).toBeGreaterThan(10)
  })

  test('the site has an icon: pages link it and /favicon.ico answers it (no 404 in the browser console)', async ({page, request}) => {
    const missing: string[] = []
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(response.url())
    })
    await page.goto('/')
    const href = await page.locator('link[rel="icon"]').first().getAttribute('href')
    expect(href).toMatch(/^\/icon\.svg/)
    const icon = await request.get(href!)
    expect(icon.status()).toBe(200)
    expect(icon.headers()['content-type']).toContain('image/svg+xml')
    const favicon = await request.get('/favicon.ico')
    expect(favicon.status()).toBe(200)
    expect(await favicon.text()).toContain('<svg')
    expect(missing).toEqual([])
  })
})

