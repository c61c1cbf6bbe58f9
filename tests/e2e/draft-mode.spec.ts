import {expect, test, type Page} from './support/test'
import {getDocument} from './support/dataset'

/**
 * Draft mode, offline: the test dataset (scripts/prepare-e2e-dataset.mjs) holds unpublished drafts of
 * the home page and of the first article, and a preview secret as the Studio's Presentation tool
 * writes one. Only that secret turns draft mode on; then pages show the drafts, uncached, and only
 * the Studio (same origin) may frame them. Visitors keep seeing the published texts.
 */
type Home = {hero: {headline: string}}
type Article = {title: string; slug: {current: string}}

/** A string of Sanity's visual-editing bundle: present in a script only if that code was loaded. */
const VISUAL_EDITING_MARKER = 'sanity-visual-editing'

/** Resolves, once the page is idle, with whether any script it loaded holds the visual-editing code. */
function watchScripts(page: Page): () => Promise<boolean> {
  const bodies: Promise<string>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''))
  })
  return async () => (await Promise.all(bodies)).some((body) => body.includes(VISUAL_EDITING_MARKER))
}

const enable = (secret: string, pathname: string) =>
  `/api/draft-mode/enable?sanity-preview-secret=${encodeURIComponent(secret)}&sanity-preview-pathname=${encodeURIComponent(pathname)}`

test('only the preview secret turns draft mode on; the editor then sees drafts, visitors never do', async ({page, browser, request}) => {
  const published = {home: getDocument<Home>('homePage'), article: getDocument<Article>('blogPost-1')}
  const draft = {home: getDocument<Home>('drafts.homePage'), article: getDocument<Article>('drafts.blogPost-1')}
  const secret = getDocument<{secret: string}>('sanity-preview-url-secret.e2e').secret
  const articlePath = `/blog/${published.article.slug.current}`

  // A wrong or missing secret: 401, and no draft-mode cookie.
  for (const wrong of ['not-the-secret', '']) {
    const refused = await request.get(enable(wrong, '/'), {maxRedirects: 0})
    expect(refused.status()).toBe(401)
    expect(refused.headers()['set-cookie'] ?? '').not.toContain('__prerender_bypass')
  }

  // The editor's link from the Studio: redirected to the page asked for, which shows the draft.
  // Scripts are watched from the first draft page on: the browser may keep the visual-editing
  // code it loaded there and not fetch it again for the next page.
  const editorLoadedVisualEditing = watchScripts(page)
  const response = await page.goto(enable(secret, articlePath))
  expect(new URL(page.url()).pathname).toBe(articlePath)
  await expect(page.getByRole('heading', {level: 1})).toHaveText(draft.article.title)
  await expect(page.getByText('Preview of drafts')).toBeVisible()
  const headers = response!.headers()
  expect(headers['cache-control']).toMatch(/no-store|private/)
  expect(headers['content-security-policy']).toContain("frame-ancestors 'self'")
  await page.goto('/', {waitUntil: 'networkidle'})
  await expect(page.getByRole('heading', {level: 1})).toHaveText(draft.home.hero.headline)
  expect(await editorLoadedVisualEditing()).toBe(true)
  // Click-to-edit reaches what stega cannot: pictures and whole list items (service cards,
  // testimonials, questions), each naming its document and field for the Presentation tool.
  const editable = (selector: string) => page.locator(`${selector}[data-sanity]`)
  await expect(editable('#services li')).toHaveCount(await page.locator('#services li:has(h3)').count())
  await expect(editable('#testimonials li')).toHaveCount(await page.locator('#testimonials li:has(h3)').count())
  await expect(editable('#faq [data-accordion] > div')).toHaveCount(await page.locator('#faq [data-accordion] > div').count())
  expect(await editable('#services img').count()).toBeGreaterThan(0)
  expect(await editable('#services li').first().getAttribute('data-sanity')).toMatch(/^id=homePage;type=homePage;path=servicesSection\.cards:[\w-]+;base=%2Fstudio$/)
  await page.goto('/deep-cleaning')
  await expect(editable('[data-included-list] li')).toHaveCount(await page.locator('[data-included-list] li').count())
  expect(await editable('[data-service-hero] img').getAttribute('data-sanity')).toMatch(/type=servicePage;path=hero\.image;/)
  await page.goto('/faqs')
  await expect(editable('[data-accordion] > div')).toHaveCount(await page.locator('[data-accordion] > div').count())

  // A visitor at the same time: the published texts, no preview tools, no stega characters, not frameable.
  const visitor = await browser.newContext()
  try {
    const visit = await visitor.request.get('/')
    const html = await visit.text()
    expect(html).toContain(published.home.hero.headline)
    expect(html).not.toContain(draft.home.hero.headline)
    expect(html).not.toContain('Preview of drafts')
    expect(html).not.toMatch(/[\u200B-\u200D\u2060\uFEFF]/)
    expect(html).not.toContain('data-sanity')
    expect(await (await visitor.request.get('/deep-cleaning')).text()).not.toContain('data-sanity')
    expect(visit.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(visit.headers()['x-frame-options']).toBe('DENY')
    expect(await (await visitor.request.get(articlePath)).text()).toContain(published.article.title)
    // In a visitor's browser the page loads none of the visual-editing code.
    const visitorPage = await visitor.newPage()
    const visitorLoadedVisualEditing = watchScripts(visitorPage)
    await visitorPage.goto('/', {waitUntil: 'networkidle'})
    await expect(visitorPage.getByRole('heading', {level: 1})).toHaveText(published.home.hero.headline)
    expect(await visitorLoadedVisualEditing()).toBe(false)
  } finally {
    await visitor.close()
  }

  // Exit preview: back to the published site.
  await page.getByRole('link', {name: 'Exit preview'}).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', {level: 1})).toHaveText(published.home.hero.headline)
  await expect(page.getByText('Preview of drafts')).toHaveCount(0)
})
