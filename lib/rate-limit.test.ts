import {describe, expect, it} from 'vitest'
import {createRateLimiter, rateLimitFromEnv} from './rate-limit'

function clock(start = 1_000_000) {
  let now = start
  return {now: () => now, advance: (ms: number) => (now += ms)}
}

describe('createRateLimiter (a bucket per key that refills over the window)', () => {
  it('allows a burst of `limit` requests, then refuses, with the seconds until the next is allowed', () => {
    const time = clock()
    const limiter = createRateLimiter({limit: 3, windowMs: 60_000, now: time.now})
    expect(limiter.check('a')).toEqual({allowed: true, limit: 3, remaining: 2, retryAfterSeconds: 0})
    expect(limiter.check('a').remaining).toBe(1)
    expect(limiter.check('a').remaining).toBe(0)
    // One request refills every 20 s: the next is allowed 20 s after the burst.
    time.advance(5_000)
    expect(limiter.check('a')).toEqual({allowed: false, limit: 3, remaining: 0, retryAfterSeconds: 15})
    time.advance(15_000)
    expect(limiter.check('a').allowed).toBe(true)
    expect(limiter.check('a').allowed).toBe(false)
  })

  it('holds a steady client to `limit` per window however long it keeps asking; refused requests are not counted', () => {
    const time = clock()
    const limiter = createRateLimiter({limit: 5, windowMs: 60_000, now: time.now})
    let allowed = 0
    for (let second = 0; second < 600; second++) {
      for (let i = 0; i < 10; i++) if (limiter.check('a').allowed) allowed++
      time.advance(1_000)
    }
    // 5 at once, then one every 12 s over 10 minutes: 5 + 49.
    expect(allowed).toBe(54)
    time.advance(60_000)
    for (let i = 0; i < 5; i++) expect(limiter.check('a').allowed).toBe(true)
    expect(limiter.check('a').allowed).toBe(false)
  })

  it('counts each key apart', () => {
    const limiter = createRateLimiter({limit: 1, windowMs: 1_000, now: clock().now})
    expect(limiter.check('a').allowed).toBe(true)
    expect(limiter.check('b').allowed).toBe(true)
    expect(limiter.check('a').allowed).toBe(false)
  })

  it('keeps memory bounded: keys with a full bucket are dropped as time passes, the least recently seen beyond maxKeys', () => {
    const time = clock()
    const limiter = createRateLimiter({limit: 1, windowMs: 1_000, now: time.now, maxKeys: 100})
    for (let i = 0; i < 250; i++) limiter.check(`old-${i}`)
    expect(limiter.size()).toBe(100)
    time.advance(2_000)
    for (let i = 0; i < 300; i++) limiter.check(`new-${i % 10}`)
    expect(limiter.size()).toBe(10)
    limiter.reset()
    expect(limiter.size()).toBe(0)
  })

  it('dropping a key only ever lets its client through, never refuses a request wrongly', () => {
    const time = clock()
    const limiter = createRateLimiter({limit: 2, windowMs: 1_000, now: time.now, maxKeys: 3})
    limiter.check('a')
    limiter.check('a')
    expect(limiter.check('a').allowed).toBe(false)
    for (const key of ['b', 'c', 'd']) limiter.check(key)
    // 'a' was pushed out: it starts afresh.
    expect(limiter.check('a').allowed).toBe(true)
  })

  it('refuses a nonsensical configuration', () => {
    expect(() => createRateLimiter({limit: 0, windowMs: 1})).toThrow(RangeError)
    expect(() => createRateLimiter({limit: 1, windowMs: 0})).toThrow(RangeError)
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
