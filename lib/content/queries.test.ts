import {evaluate, parse} from 'groq-js'
import {describe, expect, it} from 'vitest'
import {readLocalDataset} from './local-dataset'
import {blogPostListQuery, blogPostQuery} from './queries'

const today = new Date().toISOString().slice(0, 10)

async function run<R>(query: string, documents: object[]): Promise<R> {
  return (await (await evaluate(parse(query), {dataset: documents})).get()) as R
}

describe('the blog list', () => {
  it('shows an article published today first, ahead of the six old articles with their numbers', async () => {
    const {documents} = readLocalDataset()
    const article = {
      _id: 'blogPost-new',
      _type: 'blogPost',
      title: 'Getting Your Home Ready for Holiday Guests',
      slug: {_type: 'slug', current: 'holiday-guests'},
      publishedAt: today,
      author: 'Cedar River Cleaning Co.',
      teaser: 'A room-by-room plan for the week before guests arrive.',
    }
    const list = await run<{_id: string; publishedAt: string}[]>(blogPostListQuery, [...documents, article])
    expect(list[0]._id).toBe('blogPost-new')
    // And the rest newest first as well.
    const dates = list.map((post) => post.publishedAt)
    expect(dates).toEqual([...dates].sort().reverse())
  })
})

describe('links to pages in rich text', () => {
  it("resolve to each page's address, and to nothing while the page is not published", async () => {
    const {documents} = readLocalDataset()
    const link = (key: string, ref: string) => ({_type: 'internalLink', _key: key, reference: {_type: 'reference', _ref: ref}})
    const targets = {l1: 'servicePage-roof-cleaning', l2: 'bookingPage-carpet', l3: 'blogPost-1', l4: 'faqsPage', l5: 'homePage', l6: 'servicePage-not-published'}
    const article = {
      _id: 'blogPost-links',
      _type: 'blogPost',
      title: 'Links everywhere',
      slug: {_type: 'slug', current: 'links-everywhere'},
      body: [{_type: 'block', _key: 'b1', style: 'normal', markDefs: Object.entries(targets).map(([key, ref]) => link(key, ref)), children: []}],
    }
    const post = await run<{body: {markDefs: {_key: string; href: string}[]}[]}>(blogPostQuery.replace('$slug', '"links-everywhere"'), [...documents, article])
    const hrefs = Object.fromEntries(post.body[0].markDefs.map((mark) => [mark._key, mark.href]))
    const articleOne = documents.find((doc) => doc._id === 'blogPost-1') as unknown as {slug: {current: string}}
    expect(hrefs).toEqual({
      l1: '/roof-cleaning',
      l2: '/carpet_cleaning',
      l3: `/blog/${articleOne.slug.current}`,
      l4: '/faqs',
      l5: '/',
      l6: '',
    })
  })
})
