import {expect, test, type APIResponse} from './support/test'
import {formatDate} from '../../lib/format'
import {documentsOfType, getDocument} from './support/dataset'
import {blockText, type BlogPostDoc, type CallToAction} from './support/content-types'

type BlogsPageDoc = {heading: string; intro: string}

/** The articles in list order: newest first (same day: by title). */
const posts = () =>
  documentsOfType<BlogPostDoc>('blogPost').sort(
    (a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.title.localeCompare(b.title),
  )

test.use({viewport: {width: 1280, height: 900}})

test('/blogs lists six articles with image, title, teaser and a Read More link to the article', async ({page}) => {
  const list = getDocument<BlogsPageDoc>('blogsPage')
  const articles = posts()
  expect(articles).toHaveLength(6)
  await page.goto('/blogs')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', {level: 1})).toHaveText(list.heading)
  await expect(main).toContainText(list.intro)

  const cards = main.getByRole('listitem')
  await expect(cards).toHaveCount(6)
  for (const [index, post] of articles.entries()) {
    const card = cards.nth(index)
    await expect(card.getByRole('heading', {level: 2})).toHaveText(post.title)
    await expect(card).toContainText(post.teaser)
    await expect(card.getByRole('img', {name: post.heroImage.alt})).toBeAttached()
    await expect(card.locator('time')).toHaveText(formatDate(post.publishedAt))
    const readMore = card.getByRole('link')
    await expect(readMore).toHaveCount(1)
    await expect(readMore).toHaveText(new RegExp(`^Read More`))
    // The link's accessible name says which article it opens.
    await expect(readMore).toHaveAccessibleName(`Read More about ${post.title}`)
    await expect(readMore).toHaveAttribute('href', `/blog/${post.slug.current}`)
  }

  await cards.nth(2).getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`/blog/${articles[2].slug.current}$`))
  await expect(page.getByRole('heading', {level: 1})).toHaveText(articles[2].title)
})

test('an article shows its hero image, title, date, author, body and a closing call to book', async ({page}) => {
  const post = posts()[2]
  const cta = getDocument<{articleCta: CallToAction}>('blogsPage').articleCta
  await page.goto(`/blog/${post.slug.current}`)
  const article = page.getByRole('article')
  await expect(article.getByRole('heading', {level: 1})).toHaveText(post.title)
  const hero = article.getByRole('img', {name: post.heroImage.alt})
  await expect(hero).toBeVisible()
  await expect(hero).toHaveAttribute('fetchpriority', 'high')
  await expect(article.locator('time')).toHaveText(formatDate(post.publishedAt))
  await expect(article.locator('time')).toHaveAttribute('datetime', post.publishedAt)
  await expect(article).toContainText(post.author)

  for (const block of post.body) {
    // Pictures between paragraphs, with their alternative text, sized so nothing shifts.
    if (block._type === 'accessibleImage') {
      const picture = article.locator('figure').getByRole('img', {name: block.alt})
      await expect(picture).toBeAttached()
      await expect(picture).toHaveAttribute('width', /\d+/)
      await expect(picture).toHaveAttribute('height', /\d+/)
      continue
    }
    const text = blockText(block)
    if (block.style === 'h2') await expect(article.getByRole('heading', {level: 2, name: text, exact: true})).toBeVisible()
    else if (block.style === 'h3') await expect(article.getByRole('heading', {level: 3, name: text, exact: true})).toBeVisible()
    else await expect(article).toContainText(text)
  }
  // List items render as lists; internal links are site links.
  const bullets = post.body.filter((block) => block._type === 'block' && block.listItem === 'bullet').length
  if (bullets) await expect(article.locator('ul > li')).toHaveCount(bullets)

  const main = page.getByRole('main')
  await expect(main.getByRole('heading', {name: cta.heading})).toBeVisible()
  await expect(main.getByRole('link', {name: cta.buttonLabel})).toHaveAttribute('href', '/house_cleaning')

  const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text))
  const posting = data.find((item) => item['@type'] === 'BlogPosting')
  expect(posting?.headline).toBe(post.title)
  expect(posting?.datePublished).toBe(post.publishedAt)
})

/** The paths of every Location header (exactly one is expected: proxies merge duplicates into garbage). */
const locations = (response: APIResponse) =>
  response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === 'location')
    .map((header) => new URL(header.value, 'http://localhost').pathname)

test.describe('old article addresses', () => {
  for (const post of posts().filter((candidate) => candidate.legacyNumber)) {
    test(`/blog${post.legacyNumber} answers 308 to /blog/${post.slug.current}`, async ({request}) => {
      const response = await request.get(`/blog${post.legacyNumber}`, {maxRedirects: 0})
      expect(response.status()).toBe(308)
      expect(locations(response)).toEqual([`/blog/${post.slug.current}`])
    })
  }

  test('/blog/{number} answers 308 too, and the browser lands on the article', async ({page, request}) => {
    const post = posts().find((candidate) => candidate.legacyNumber === 3)!
    const response = await request.get('/blog/3', {maxRedirects: 0})
    expect(response.status()).toBe(308)
    expect(locations(response)).toEqual([`/blog/${post.slug.current}`])

    for (const old of ['/blog3', '/blog/3']) {
      await page.goto(old)
      await expect(page).toHaveURL(new RegExp(`/blog/${post.slug.current}$`))
      await expect(page.getByRole('heading', {level: 1})).toHaveText(post.title)
    }
  })

  for (const path of ['/blog/99', '/blog99', '/blog/0', '/blog/03', '/blog/not-an-article']) {
    test(`${path} (an unknown number or slug) answers 404`, async ({request}) => {
      const response = await request.get(path, {maxRedirects: 0})
      expect(response.status()).toBe(404)
    })
  }
})
