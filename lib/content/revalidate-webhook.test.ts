import {createHmac} from 'node:crypto'
import {describe, expect, it, vi} from 'vitest'
import {handleRevalidateWebhook, MAX_REVALIDATE_BODY_BYTES, type RevalidateWebhookOptions} from './revalidate-webhook'

/**
 * Sanity's publish webhook with signatures made exactly as Sanity makes them:
 * `sanity-webhook-signature: t=<unix ms>,v1=<base64url, unpadded, HMAC-SHA256 of "<t>.<raw body>">`.
 */

const SECRET = 'revalidate-test-secret-0123456789'
const NOW = Date.parse('2030-01-15T18:00:00Z')
const MINUTE = 60_000
const BODY = JSON.stringify({_id: 'siteSettings', _type: 'siteSettings', title: 'Renton Cleaning'})

function sanitySignature(body: string, timestampMs: number, secret = SECRET): string {
  const hmac = createHmac('sha256', secret).update(`${timestampMs}.${body}`).digest('base64url')
  return `t=${timestampMs},v1=${hmac}`
}

function webhook(body: BodyInit, signature: string | null, headers: Record<string, string> = {}): Request {
  return new Request('https://renton.example/api/revalidate', {
    method: 'POST',
    headers: {'content-type': 'application/json', ...(signature ? {'sanity-webhook-signature': signature} : {}), ...headers},
    body,
    ...(body instanceof ReadableStream ? {duplex: 'half'} : {}),
  } as RequestInit)
}

function setup(overrides: Partial<RevalidateWebhookOptions> = {}) {
  const events: string[] = []
  const options: RevalidateWebhookOptions = {
    secret: SECRET,
    revalidate: () => void events.push('revalidate'),
    waitForContentLake: true,
    now: () => NOW,
    log: {warn: vi.fn()},
    ...overrides,
  }
  return {events, call: (request: Request) => handleRevalidateWebhook(request, options)}
}

describe('POST /api/revalidate', () => {
  it('200 for a fresh, valid signature: waits for the Content Lake, then refreshes the site', async () => {
    // next-sanity's parseBody waits on a timer: the test's clock moves it on.
    vi.useFakeTimers({toFake: ['setTimeout']})
    try {
      const {events, call} = setup()
      const pending = call(webhook(BODY, sanitySignature(BODY, NOW - 2_000)))
      await vi.waitUntil(() => vi.getTimerCount() === 1)
      vi.advanceTimersByTime(2_900)
      expect(events).toEqual([]) // still waiting, 2.9 of its 3 seconds in
      await vi.runOnlyPendingTimersAsync()
      const response = await pending
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({revalidated: true, document: 'siteSettings', tags: ['siteSettings']})
      expect(events).toEqual(['revalidate'])
    } finally {
      vi.useRealTimers()
    }

    // The local dataset: no wait. Just inside the window either way is still accepted.
    const local = setup({waitForContentLake: false})
    expect((await local.call(webhook(BODY, sanitySignature(BODY, NOW - 5 * MINUTE + 1_000)))).status).toBe(200)
    expect((await local.call(webhook(BODY, sanitySignature(BODY, NOW + 5 * MINUTE - 1_000)))).status).toBe(200)
    expect(local.events).toEqual(['revalidate', 'revalidate'])
  })

  it("refreshes only the changed document's tags: an article, not the whole site", async () => {
    const refreshed: string[][] = []
    const {call} = setup({waitForContentLake: false, revalidate: (tags) => void refreshed.push(tags)})
    const article = JSON.stringify({_id: 'blogPost-3', _type: 'blogPost', slug: 'roof-moss'})
    const response = await call(webhook(article, sanitySignature(article, NOW)))
    expect(await response.json()).toEqual({revalidated: true, document: 'blogPost-3', tags: ['blogPost', 'blogPost:roof-moss']})
    // A signed body that names no document type refreshes everything.
    const unknown = JSON.stringify([1, 2])
    await call(webhook(unknown, sanitySignature(unknown, NOW)))
    expect(refreshed).toEqual([['blogPost', 'blogPost:roof-moss'], ['content']])
  })

  it('401 for a correctly signed body from 2021 (a replay), and for one signed more than 5 minutes ago', async () => {
    const {events, call} = setup()
    for (const timestamp of [Date.parse('2021-06-01T12:00:00Z'), NOW - 5 * MINUTE - 1_000]) {
      const response = await call(webhook(BODY, sanitySignature(BODY, timestamp)))
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual({message: 'Invalid signature'})
    }
    expect(events).toEqual([])
  })

  it('401 for a signature dated more than 5 minutes in the future', async () => {
    const {events, call} = setup()
    const response = await call(webhook(BODY, sanitySignature(BODY, NOW + 5 * MINUTE + 1_000)))
    expect(response.status).toBe(401)
    expect(events).toEqual([])
  })

  it('401 for a missing, malformed or wrong signature; 400 for a signed body that is not JSON; 404 unconfigured', async () => {
    const {events, call} = setup({waitForContentLake: false})
    expect((await call(webhook(BODY, null))).status).toBe(401)
    expect((await call(webhook(BODY, 'v1=abc,t=123'))).status).toBe(401)
    expect((await call(webhook(BODY, sanitySignature(BODY, NOW, 'another-secret')))).status).toBe(401)
    expect((await call(webhook(`${BODY} `, sanitySignature(BODY, NOW)))).status).toBe(401)
    // Not JSON and not signed: told only that the signature is wrong.
    expect((await call(webhook('{"_id": ', sanitySignature('{"_id": ', NOW, 'another-secret')))).status).toBe(401)
    const notJson = await call(webhook('{"_id": ', sanitySignature('{"_id": ', NOW)))
    expect(notJson.status).toBe(400)
    expect(await notJson.json()).toEqual({message: 'The request body is not JSON'})
    expect(events).toEqual([])

    const unconfigured = await setup({secret: ''}).call(webhook(BODY, sanitySignature(BODY, NOW)))
    expect(unconfigured.status).toBe(404)
    expect(await unconfigured.json()).toEqual({message: 'Revalidation is not configured'})
  })

  it('413 for a 2 MB body, declared or streamed, without reading past the 1 MB cap', async () => {
    const {events, call} = setup()
    const huge = JSON.stringify({_id: 'siteSettings', padding: 'x'.repeat(2 * 1024 * 1024)})
    const declared = await call(webhook(huge, sanitySignature(huge, NOW), {'content-length': String(huge.length)}))
    expect(declared.status).toBe(413)
    expect(await declared.json()).toEqual({message: 'The request body is too large'})

    // Chunked, with no Content-Length: refused once past the cap, the rest never pulled.
    const chunk = new Uint8Array(64 * 1024).fill(0x78)
    let pulled = 0
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled >= 2 * 1024 * 1024) return controller.close()
          pulled += chunk.byteLength
          controller.enqueue(chunk)
        },
      },
      {highWaterMark: 0},
    )
    const streamed = await call(webhook(stream, sanitySignature(huge, NOW)))
    expect(streamed.status).toBe(413)
    expect(pulled).toBeLessThanOrEqual(MAX_REVALIDATE_BODY_BYTES + 2 * chunk.byteLength)
    expect(events).toEqual([])
  })
})
