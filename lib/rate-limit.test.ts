import {describe, expect, it} from 'vitest'
import {clientAddress, createRateLimiter, rateLimitFromEnv} from './rate-limit'

function clock(start = 1_000_000) {
  let now = start
  return {now: () => now, advance: (ms: number) => (now += ms)}
}

describe('createRateLimiter (sliding window)', () => {
  it('allows `limit` requests per window and refuses the next, with the seconds to wait', () => {
    const time = clock()
    const limiter = createRateLimiter({limit: 3, windowMs: 60_000, now: time.now})
    expect(limiter.check('a')).toEqual({allowed: true, limit: 3, remaining: 2, retryAfterSeconds: 0})
    time.advance(10_000)
    expect(limiter.check('a').remaining).toBe(1)
    time.advance(10_000)
    expect(limiter.check('a').remaining).toBe(0)
    time.advance(5_000)
    // The first request (25 s ago) leaves the window in 35 s.
    expect(limiter.check('a')).toEqual({allowed: false, limit: 3, remaining: 0, retryAfterSeconds: 35})
  })

  it('slides: each request leaves the window on its own, refused requests are not counted', () => {
    const time = clock()
    const limiter = createRateLimiter({limit: 2, windowMs: 1_000, now: time.now})
    limiter.check('a') // t = 0
    time.advance(600)
    limiter.check('a') // t = 600
    for (let i = 0; i < 5; i++) expect(limiter.check('a').allowed).toBe(false)
    time.advance(400) // t = 1000: the first has left
    expect(limiter.check('a').allowed).toBe(true)
    expect(limiter.check('a').allowed).toBe(false)
    time.advance(600) // t = 1600: the second has left
    expect(limiter.check('a').allowed).toBe(true)
  })

  it('counts each key apart', () => {
    const limiter = createRateLimiter({limit: 1, windowMs: 1_000, now: clock().now})
    expect(limiter.check('a').allowed).toBe(true)
    expect(limiter.check('b').allowed).toBe(true)
    expect(limiter.check('a').allowed).toBe(false)
  })

  it('keeps memory bounded: expired keys are swept, the least recently seen dropped beyond maxKeys', () => {
    const time = clock()
    const limiter = createRateLimiter({limit: 1, windowMs: 1_000, now: time.now, maxKeys: 100})
    for (let i = 0; i < 250; i++) limiter.check(`old-${i}`)
    expect(limiter.size()).toBeLessThanOrEqual(100)
    time.advance(2_000)
    for (let i = 0; i < 300; i++) limiter.check(`new-${i % 10}`)
    expect(limiter.size()).toBe(10)
    limiter.reset()
    expect(limiter.size()).toBe(0)
  })

  it('refuses a nonsensical configuration', () => {
    expect(() => createRateLimiter({limit: 0, windowMs: 1})).toThrow(RangeError)
    expect(() => createRateLimiter({limit: 1, windowMs: 0})).toThrow(RangeError)
  })
})

describe('clientAddress', () => {
  it('takes the first X-Forwarded-For entry, else X-Real-IP, else unknown', () => {
    expect(clientAddress(new Headers({'x-forwarded-for': '203.0.113.7, 10.0.0.1', 'x-real-ip': '10.0.0.1'}))).toBe('203.0.113.7')
    expect(clientAddress(new Headers({'x-real-ip': ' 198.51.100.2 '}))).toBe('198.51.100.2')
    expect(clientAddress(new Headers({'x-forwarded-for': ' , '}))).toBe('unknown')
    expect(clientAddress(new Headers())).toBe('unknown')
  })

  it('treats an IPv4-mapped IPv6 address as the IPv4 client and lower-cases IPv6', () => {
    expect(clientAddress(new Headers({'x-forwarded-for': '::ffff:203.0.113.7'}))).toBe('203.0.113.7')
    expect(clientAddress(new Headers({'x-forwarded-for': '2001:DB8::1'}))).toBe('2001:db8::1')
  })
})

describe('rateLimitFromEnv', () => {
  const names = {limit: 'MAX', windowSeconds: 'WINDOW'}
  it('reads the variables, with defaults for unset or invalid values', () => {
    expect(rateLimitFromEnv({MAX: '5', WINDOW: '60'}, names, {limit: 20, windowSeconds: 600})).toEqual({limit: 5, windowMs: 60_000})
    expect(rateLimitFromEnv({}, names, {limit: 20, windowSeconds: 600})).toEqual({limit: 20, windowMs: 600_000})
    expect(rateLimitFromEnv({MAX: '-1', WINDOW: 'soon'}, names, {limit: 20, windowSeconds: 600})).toEqual({limit: 20, windowMs: 600_000})
  })
})
