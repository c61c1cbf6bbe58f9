import {describe, expect, it} from 'vitest'
import * as z from 'zod'
import {officeDate, officeLine, officeLines, officeUuid, optionalField} from './input'
import {OFFICE_BODY_MAX_BYTES, readRouteInput, refusalText, type RouteRefusal} from './route-input'

const URL_ = 'http://localhost/office/bookings/00000000-0000-4000-8000-000000000001/notes'
const ID = '00000000-0000-4000-8000-000000000001'

/** A body streamed in 64 KiB chunks, counting what the reader pulled (so a test sees how much was read). */
function countedStream(totalBytes: number): {stream: ReadableStream<Uint8Array>; read: () => number} {
  let pulled = 0
  const chunk = new Uint8Array(64 * 1024).fill(0x61)
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= totalBytes) return controller.close()
        const size = Math.min(chunk.byteLength, totalBytes - pulled)
        pulled += size
        controller.enqueue(chunk.subarray(0, size))
      },
    },
    {highWaterMark: 0},
  )
  return {stream, read: () => pulled}
}

function post(body: BodyInit, headers: Record<string, string> = {}): Request {
  return new Request(URL_, {method: 'POST', body, headers: {'content-type': 'application/x-www-form-urlencoded', ...headers}, duplex: 'half'} as RequestInit)
}

const noteForm = z.object({note: optionalField(officeLines()), date: optionalField(z.union([z.literal(''), officeDate()])), subject: optionalField(officeLine())})
const params = z.object({id: officeUuid()})

function refused(result: Awaited<ReturnType<typeof readRouteInput>>): RouteRefusal {
  if (result.ok) throw new Error('expected a refusal')
  return result
}

describe('an office route’s input', () => {
  it('refuses a 12 MiB streamed body with 413 after reading little more than the 32 KiB cap', async () => {
    const {stream, read} = countedStream(12 * 1024 * 1024)
    const result = refused(await readRouteInput(post(stream), {id: ID}, {form: noteForm, params}))
    expect(result.status).toBe(413)
    expect(read()).toBeLessThanOrEqual(OFFICE_BODY_MAX_BYTES + 64 * 1024)
    expect(refusalText(result)).toBe('Content Too Large: the request body is larger than 32 kB.')
  })

  it('refuses a declared Content-Length over the cap without reading a byte', async () => {
    const {stream, read} = countedStream(12 * 1024 * 1024)
    const result = refused(await readRouteInput(post(stream, {'content-length': String(12 * 1024 * 1024)}), {id: ID}, {}))
    expect(result.status).toBe(413)
    expect(read()).toBe(0)
  })

  it('caps the body of a route with no form too, and hands on a capped copy a handler can read', async () => {
    const {stream} = countedStream(OFFICE_BODY_MAX_BYTES + 1)
    expect(refused(await readRouteInput(post(stream), {}, {})).status).toBe(413)
    const small = await readRouteInput(post('note=hello&note=again'), {}, {})
    if (!small.ok) throw new Error('refused')
    expect((await small.request.formData()).get('note')).toBe('hello')
  })

  it('hands on the typed form and params', async () => {
    const result = await readRouteInput(post('note=Gate+code%0A1234%09ok&date=2026-12-01&extra=x'), {id: ID}, {form: noteForm, params})
    expect(result).toMatchObject({ok: true, form: {note: 'Gate code\n1234\tok', date: '2026-12-01', subject: ''}, params: {id: ID}})
  })

  it('refuses NUL and other control characters with 400 naming the field', async () => {
    const nul = refused(await readRouteInput(post('note=a%00b'), {id: ID}, {form: noteForm, params}))
    expect(nul).toMatchObject({status: 400, field: 'note'})
    expect(refusalText(nul)).toBe('Bad Request: the field “note” must not contain control characters.')
    expect(refused(await readRouteInput(post('subject=Hi%0D%0ABcc:x'), {id: ID}, {form: noteForm}))).toMatchObject({status: 400, field: 'subject'})
    expect(refused(await readRouteInput(post('note=bell%07'), {id: ID}, {form: noteForm}))).toMatchObject({status: 400, field: 'note'})
  })

  it('refuses a year-0000 date, and any year outside 1900–2200, naming the field', async () => {
    for (const date of ['0000-01-01', '1899-12-31', '2201-01-01', '2026-02-30']) {
      const result = refused(await readRouteInput(post(`date=${date}`), {id: ID}, {form: noteForm}))
      expect(result).toMatchObject({status: 400, field: 'date'})
      expect(refusalText(result)).toContain('between the years 1900 and 2200')
    }
    expect(await readRouteInput(post('date=1900-01-01'), {}, {form: noteForm})).toMatchObject({ok: true})
    expect(await readRouteInput(post('date=2200-12-31'), {}, {form: noteForm})).toMatchObject({ok: true})
  })

  it('refuses a segment that is not what the route names, with 400 naming it', async () => {
    const result = refused(await readRouteInput(post('note=x'), {id: 'x\u0000'}, {form: noteForm, params}))
    expect(result).toMatchObject({status: 400, field: 'id', where: 'params'})
    expect(refusalText(result)).toBe('Bad Request: the address part “id” is not an id the office knows.')
  })

  it('refuses a form that is not urlencoded (415)', async () => {
    const multipart = new FormData()
    multipart.set('note', 'x')
    const request = new Request(URL_, {method: 'POST', body: multipart})
    expect(refused(await readRouteInput(request, {}, {form: noteForm})).status).toBe(415)
  })
})
