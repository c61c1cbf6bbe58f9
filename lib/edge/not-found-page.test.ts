import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {isEmptyNotFoundShell, notFoundPageLoader, NOT_FOUND_PAGE_MS, showRequestedPath} from './not-found-page'
import {NOT_FOUND_PATH} from './request-hygiene'
import {EMPTY_SHELL, NOT_FOUND_PAGE, scriptSources, seen, sha, startEdge} from './test-support/next-stand-in'

let base: string
let close: () => Promise<void>
beforeAll(async () => ({base, close} = await startEdge()))
afterAll(() => close())

describe('the 404 page of a page that called notFound()', () => {
  it('replaces the empty notFound() body with the 404 page naming the address asked for', async () => {
    const response = await fetch(base + '/no-such-page')
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).toContain('<h1>Page Not Found</h1>')
    expect(html).toContain('<span>/no-such-page</span>')
    // The payload keeps what the browser's router needs; its hash is in the policy.
    expect(scriptSources(response)).toContain(`'${sha(`self.__next_f.push([1,"${NOT_FOUND_PATH}"])`)}'`)
  })
  it('sends the 404 page of an address no route matches as Next rendered it for that address', async () => {
    const response = await fetch(base + '/unmatched/a%3Cb')
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).toContain('<span>https://example.com/unmatched/a%3Cb</span>')
    expect(scriptSources(response)).toContain(`'${sha('self.__next_f.push([1,"404"])')}'`)
  })

  it('answers an address with a malformed escape with the 404 page, not a 500', async () => {
    for (const path of ['/%ff', '/blog/%E0%A4%A', '/%']) {
      const response = await fetch(base + path)
      expect(response.status).toBe(404)
      expect(seen.url).toBe(NOT_FOUND_PATH)
      expect(await response.text()).toContain(`<span>${path.replace(/&/g, '&#38;')}</span>`)
    }
  })
})

describe('the 404 page in place of an empty notFound() body', () => {
  it('tells the empty shell from a page', () => {
    expect(isEmptyNotFoundShell(EMPTY_SHELL)).toBe(true)
    expect(isEmptyNotFoundShell(NOT_FOUND_PAGE)).toBe(false)
    expect(isEmptyNotFoundShell('<html id="__next_error__"><body><h1>Something went wrong</h1></body></html>')).toBe(false)
  })

  it('names the address asked for, escaped, in the text only', () => {
    const html = showRequestedPath(NOT_FOUND_PAGE, '/a<b>&"')
    expect(html).toContain('<span>/a&#60;b&#62;&#38;&#34;</span>')
    expect(html).toContain(`<script>self.__next_f.push([1,"${NOT_FOUND_PATH}"])</script>`)
  })

  it('answers many addresses at once each with its own address', async () => {
    const paths = Array.from({length: 40}, (_, i) => (i % 2 ? `/no-such-${i}` : `/unmatched/${i}`))
    const pages = await Promise.all(paths.map(async (path) => ({path, html: await (await fetch(base + path)).text()})))
    for (const {path, html} of pages) {
      expect([...html.matchAll(/<span>(?:https:\/\/example\.com)?([^<]*)<\/span>/g)].map((match) => match[1]), path).toEqual([path])
    }
  })

  it('fetches the page rendered for NOT_FOUND_PATH, reuses it for a while, and never one that names another address', async () => {
    let clock = 0
    const answers: {status: number; html: string}[] = []
    const origin = await pageServer(answers)
    const load = notFoundPageLoader(() => origin.url, {now: () => clock})
    // A 404 page naming some other address (a copy rendered for another request) is never used.
    answers.push({status: 404, html: NOT_FOUND_PAGE.replaceAll(NOT_FOUND_PATH, '/someone-else')})
    expect(await load()).toBeNull()
    answers.push({status: 200, html: NOT_FOUND_PAGE})
    expect(await load()).toBeNull()
    answers.push({status: 404, html: NOT_FOUND_PAGE})
    expect(await load()).toBe(NOT_FOUND_PAGE)
    clock += NOT_FOUND_PAGE_MS - 1
    expect(await load()).toBe(NOT_FOUND_PAGE)
    expect(origin.requests()).toBe(3)
    clock += 1
    answers.push({status: 404, html: NOT_FOUND_PAGE})
    await load()
    expect(origin.requests()).toBe(4)
    await origin.close()
  })
})

/** A server answering NOT_FOUND_PATH with the queued answers, one per request. */
async function pageServer(answers: {status: number; html: string}[]) {
  const {createServer} = await import('node:http')
  let count = 0
  const server = createServer((req, res) => {
    count++
    expect(req.url).toBe(NOT_FOUND_PATH)
    const answer = answers.shift() ?? {status: 500, html: ''}
    res.writeHead(answer.status, {'content-type': 'text/html'}).end(answer.html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as import('node:net').AddressInfo
  return {url: `http://127.0.0.1:${port}`, requests: () => count, close: () => new Promise<void>((resolve) => server.close(() => resolve()))}
}
