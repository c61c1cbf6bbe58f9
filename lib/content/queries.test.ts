import {evaluate, parse} from 'groq-js'
import {describe, expect, it} from 'vitest'
import {readLocalDataset} from './local-dataset'
import {blogPostListQuery} from './queries'

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
