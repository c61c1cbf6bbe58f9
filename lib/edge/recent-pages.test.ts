import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {createRecentPages, RECENT_PAGE_MS} from './recent-pages'
import {page, reachedNext, releaseDetails, startEdge} from './test-support/next-stand-in'

describe('the pages answered in the last second', () => {
  let clock = 0
  let recentBase: string
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({base: recentBase, close} = await startEdge({https: false, prerenderedPaths: undefined, recentPages: createRecentPages({now: () => clock}), log: {error: () => {}}}))
  })
  afterAll(() => close())

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const before = reachedNext.get(path.split('?')[0]) ?? 0
    const response = await fetch(recentBase + path, {headers: {'accept-encoding': 'br', accept: 'text/html', ...headers}})
    const body = await response.text()
    return {response, body, reachedNext: (reachedNext.get(path.split('?')[0]) ?? 0) - before}
  }

  it('sends a page from Next\'s cache again without asking Next, with the same bytes and policy, for one second', async () => {
    clock = 1_000_000
    const first = await get('/cached')
    expect(first.reachedNext).toBe(1)
    clock += RECENT_PAGE_MS - 1
    const again = await get('/cached')
    expect(again.reachedNext).toBe(0)
    expect(again.body).toBe(first.body)
    expect(again.body).toBe(page('Cached'))
    for (const header of ['content-security-policy', 'content-encoding', 'etag', 'content-type', 'x-content-type-options']) {
      expect(again.response.headers.get(header)).toBe(first.response.headers.get(header))
    }
    // Another encoding is its own answer.
    expect((await get('/cached', {'accept-encoding': 'gzip'})).reachedNext).toBe(1)
    clock += 1
    expect((await get('/cached')).reachedNext).toBe(1)
  })

  it('never answers from it what differs by visitor or request: queries, router requests, draft mode, the office, pages rendered per request, 404s', async () => {
    clock = 2_000_000
    const twice = async (path: string, headers: Record<string, string> = {}) => (await get(path, headers)).reachedNext + (await get(path, headers)).reachedNext
    expect(await twice('/cached?v=1')).toBe(2)
    expect(await twice('/cached', {rsc: '1'})).toBe(2)
    expect(await twice('/cached', {'next-router-prefetch': '1'})).toBe(2)
    expect(await twice('/cached', {cookie: '__prerender_bypass=abc'})).toBe(2)
    expect(await twice('/office/staff')).toBe(2)
    expect(await twice('/gone/page')).toBe(2)
    expect(await twice('/whole')).toBe(2)
    // A page rendered per request (streamed): each request renders it again.
    for (let i = 0; i < 2; i++) {
      const before = reachedNext.get('/rendered') ?? 0
      const rendered = get('/rendered')
      await vi.waitFor(() => expect(reachedNext.get('/rendered') ?? 0).toBe(before + 1))
      releaseDetails()
      expect((await rendered).reachedNext).toBe(1)
    }
  })

  it('forgets every page when content is published (the revalidate webhook reaches this process)', async () => {
    clock = 3_000_000
    expect((await get('/cached')).reachedNext).toBe(1)
    expect((await get('/cached')).reachedNext).toBe(0)
    await fetch(`${recentBase}/api/revalidate`, {method: 'POST', body: '{}'}).then((r) => r.text())
    expect((await get('/cached')).reachedNext).toBe(1)
  })
})
