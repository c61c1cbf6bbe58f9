import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {preferredEncoding} from './compression'
import {page, startEdge} from './test-support/next-stand-in'

let base: string
let close: () => Promise<void>
beforeAll(async () => ({base, close} = await startEdge()))
afterAll(() => close())

describe('compression of held pages', () => {
  it('sends brotli when the browser takes it, and a cached page the same bytes every time', async () => {
    const first = await fetch(base + '/cached', {headers: {'accept-encoding': 'gzip, br'}})
    const second = await fetch(base + '/cached', {headers: {'accept-encoding': 'br'}})
    for (const response of [first, second]) {
      expect(response.headers.get('content-encoding')).toBe('br')
      expect(response.headers.get('vary')).toContain('Accept-Encoding')
      expect(await response.text()).toBe(page('Cached'))
    }
    expect(first.headers.get('content-security-policy')).toBe(second.headers.get('content-security-policy'))
    const plain = await fetch(base + '/cached', {headers: {'accept-encoding': 'identity'}})
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(page('Cached'))
  })
})

describe('compression of other responses', () => {
  it('sends the API’s answers as they are, and still compresses any other streamed response', async () => {
    const answer = await fetch(base + '/api/bookings', {headers: {'accept-encoding': 'gzip, deflate, br'}})
    expect(answer.headers.get('content-encoding')).toBeNull()
    expect(await answer.json()).toEqual({ok: true, notes: 'z'.repeat(1500)})
    const file = await fetch(base + '/chunk.js', {headers: {'accept-encoding': 'gzip, deflate, br'}})
    expect(file.headers.get('content-encoding')).toBe('br')
    expect(await file.text()).toBe(`console.log(${JSON.stringify('y'.repeat(3000))})`)
  })
})

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['identity', null],
    [undefined, null],
  ])('prefers brotli, then gzip, honours q=0 and *: %j → %j', (accepted, encoding) => {
    expect(preferredEncoding(accepted)).toBe(encoding)
  })
})
