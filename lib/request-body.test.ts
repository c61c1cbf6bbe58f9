import {describe, expect, it} from 'vitest'
import {BodyTooLargeError, isJsonContentType, readTextWithLimit} from './request-body'

function streamOf(parts: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(new TextEncoder().encode(part))
      controller.close()
    },
  })
}

describe('readTextWithLimit', () => {
  it('reads a body up to the limit, UTF-8 included', async () => {
    const request = new Request('http://x/', {method: 'POST', body: 'héllo ✓'})
    expect(await readTextWithLimit(request, 64)).toBe('héllo ✓')
    expect(await readTextWithLimit(new Request('http://x/', {method: 'POST', body: 'abcd'}), 4)).toBe('abcd')
    expect(await readTextWithLimit(new Request('http://x/'), 4)).toBe('')
  })

  it('refuses a declared Content-Length over the limit before reading', async () => {
    const request = new Request('http://x/', {method: 'POST', body: 'abc', headers: {'content-length': '999999'}})
    await expect(readTextWithLimit(request, 10)).rejects.toBeInstanceOf(BodyTooLargeError)
  })

  it('refuses a streamed body that grows past the limit', async () => {
    const request = new Request('http://x/', {method: 'POST', body: streamOf(['12345', '67890', 'x']), duplex: 'half'} as RequestInit)
    await expect(readTextWithLimit(request, 10)).rejects.toBeInstanceOf(BodyTooLargeError)
  })
})

describe('isJsonContentType', () => {
  it('accepts JSON (and a missing type), refuses forms and text', () => {
    expect(isJsonContentType('application/json')).toBe(true)
    expect(isJsonContentType('Application/JSON; charset=utf-8')).toBe(true)
    expect(isJsonContentType('application/merge-patch+json')).toBe(true)
    expect(isJsonContentType(null)).toBe(true)
    expect(isJsonContentType('text/plain')).toBe(false)
    expect(isJsonContentType('application/x-www-form-urlencoded')).toBe(false)
    expect(isJsonContentType('multipart/form-data; boundary=x')).toBe(false)
  })
})
