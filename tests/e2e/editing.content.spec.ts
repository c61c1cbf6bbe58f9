import {encodeSignatureHeader, SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import {expect, test, type APIRequestContext} from './support/test'
import {getDocument, writeDocument, type Doc} from './support/dataset'

/**
 * An editor publishes a change: the dataset (a copy made for this run) changes and Sanity's webhook
 * calls /api/revalidate with its signature. The statically built pages must then show the change
 * without a new build. Runs in the "content" project, after every other test.
 */
test.describe.configure({mode: 'serial'})

/** Calls the webhook for one document, with the projection README asks Sanity to send. */
async function notify(request: APIRequestContext, doc: Doc) {
  const slug = (doc as {slug?: {current?: string}}).slug?.current
  const body = JSON.stringify({_id: doc._id, _type: doc._type, slug: slug ?? null})
  const signature = await encodeSignatureHeader(body, Date.now(), process.env.SANITY_REVALIDATE_SECRET!)
  return request.post('/api/revalidate', {
    data: body,
    headers: {'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: signature},
  })
}

/** Writes the documents, then calls the webhook for each, as Sanity does after each publish. */
async function publish(request: APIRequestContext, ...docs: Doc[]) {
  for (const doc of docs) writeDocument(doc)
  const responses = []
  for (const doc of docs) responses.push(await notify(request, doc))
  return responses.find((response) => response.status() !== 200) ?? responses[0]
}

/**
 * The text of a page's <main> as the server sends it. Pages are fetched without a browser on purpose:
 * a browser's link prefetches would start background regenerations of other pages, and one that
 * started before a publish and finished after it would store the old content as fresh.
 */
async function mainText(request: APIRequestContext, path: string): Promise<string> {
  const html = await (await request.get(path)).text()
  const main = /<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? ''
  return main.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"')
}

/**
 * Static pages regenerate in the background: the first visit after a change may still be the old
 * page. Once a poll sees the new text, that page's one regeneration has finished (Next runs one per
 * page at a time), so nothing is left running that could store old content later.
 */
async function expectEventually(request: APIRequestContext, path: string, text: string) {
  await expect.poll(() => mainText(request, path), {timeout: 30_000, intervals: [250, 500, 1000]}).toContain(text)
}

test('a changed home hero headline, service benefit and blog title show after publishing', async ({request}) => {
  const home = getDocument<Doc & {hero: {headline: string}}>('homePage')
  const deep = getDocument<Doc & {benefits: {items: {title: string}[]}}>('servicePage-deep-cleaning')
  const blog = getDocument<Doc & {title: string; slug: {current: string}}>('blogPost-2')
  const originals = [home, deep, blog].map((doc) => structuredClone(doc))

  try {
    expect(await mainText(request, '/')).toContain(home.hero.headline)

    home.hero.headline = 'Spotless Homes Across King County'
    deep.benefits.items[0].title = 'Baseboards You Could Eat Off'
    blog.title = 'Moss on Northwest Roofs: A Homeowner’s Field Guide'
    expect((await publish(request, home, deep, blog)).status()).toBe(200)

    await expectEventually(request, '/', 'Spotless Homes Across King County')
    await expectEventually(request, '/deep-cleaning', 'Baseboards You Could Eat Off')
    await expectEventually(request, `/blog/${blog.slug.current}`, 'Moss on Northwest Roofs: A Homeowner’s Field Guide')
    await expectEventually(request, '/blogs', 'Moss on Northwest Roofs: A Homeowner’s Field Guide')
    // The new headline is the page's heading.
    const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(await (await request.get('/')).text())?.[1].replace(/<[^>]+>/g, '')
    expect(heading?.trim()).toBe('Spotless Homes Across King County')
  } finally {
    await publish(request, ...originals)
  }
})

test('publishing one article refreshes that article and the blog list, not an unrelated service page', async ({request}) => {
  const blog = getDocument<Doc & {title: string; slug: {current: string}}>('blogPost-4')
  const roof = getDocument<Doc & {hero: {heading: string}; slug: {current: string}}>('servicePage-roof-cleaning')
  const [originalBlog, originalRoof] = [structuredClone(blog), structuredClone(roof)]
  const article = `/blog/${blog.slug.current}`
  const service = `/${roof.slug.current}`
  try {
    // Both pages are cached as built.
    expect(await mainText(request, service)).toContain(roof.hero.heading)
    expect(await mainText(request, article)).toContain(blog.title)

    // Both documents change in the dataset, but only the article is published (its webhook).
    blog.title = 'Gutters Before the Atmospheric River: A Renton Checklist'
    roof.hero.heading = 'Unpublished Roof Heading'
    writeDocument(blog)
    writeDocument(roof)
    const started = Date.now()
    const response = await notify(request, blog)
    expect(response.status()).toBe(200)
    expect((await response.json()).tags).toEqual(['blogPost', `blogPost:${blog.slug.current}`])

    await expectEventually(request, article, blog.title)
    const shown = Date.now() - started
    test.info().annotations.push({type: 'webhook to page', description: `${shown} ms`})
    console.log(`webhook to refreshed article: ${shown} ms`)
    await expectEventually(request, '/blogs', blog.title)

    // The service page was not regenerated: it still shows what was built, twice in a row.
    for (let visit = 0; visit < 2; visit++) {
      const text = await mainText(request, service)
      expect(text).toContain(originalRoof.hero.heading)
      expect(text).not.toContain('Unpublished Roof Heading')
    }
  } finally {
    await publish(request, originalBlog, originalRoof)
    await expectEventually(request, article, originalBlog.title)
  }
})

test('a webhook call without a valid signature is refused and changes nothing', async ({page, request}) => {
  const home = getDocument<Doc & {hero: {headline: string}}>('homePage')
  const body = JSON.stringify({_id: 'homePage', _type: 'homePage'})
  const forged = await encodeSignatureHeader(body, Date.now(), 'not-the-secret')

  const unsigned = await request.post('/api/revalidate', {data: body, headers: {'content-type': 'application/json'}})
  expect(unsigned.status()).toBe(401)
  const wrong = await request.post('/api/revalidate', {
    data: body,
    headers: {'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: forged},
  })
  expect(wrong.status()).toBe(401)

  // Let the page settle first: the previous test's publishing leaves it due for one regeneration.
  await expectEventually(request, '/', home.hero.headline)

  // The file changes, but without a valid call the built page keeps what was published.
  const original = structuredClone(home)
  try {
    writeDocument({...home, hero: {...home.hero, headline: 'Unpublished Draft Headline'}})
    await request.post('/api/revalidate', {data: body, headers: {'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: forged}})
    for (let visit = 0; visit < 3; visit++) {
      await page.goto('/')
      await expect(page.getByRole('heading', {level: 1})).toHaveText(original.hero.headline)
    }
  } finally {
    writeDocument(original)
  }
})
