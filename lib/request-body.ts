// By hand: Request.text()/json() and next-sanity's parseBody read a whole body; raw-body caps Node streams, not web ones.
/** Reading request bodies with a size cap (plain TypeScript on the web Request API). */

export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The request body is larger than ${maxBytes} bytes`)
    this.name = 'BodyTooLargeError'
  }
}

/**
 * The body as UTF-8 text, refusing (BodyTooLargeError) a declared Content-Length over `maxBytes`
 * before reading, and a body that grows past it while reading (chunked uploads), without buffering
 * more than the cap.
 */
export async function readTextWithLimit(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) throw new BodyTooLargeError(maxBytes)
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const {done, value} = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => {})
      throw new BodyTooLargeError(maxBytes)
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder('utf-8').decode(bytes)
}

/** Whether a Content-Type header is JSON ('application/json; charset=utf-8'); a missing one counts as JSON. */
export function isJsonContentType(contentType: string | null): boolean {
  if (contentType === null || contentType.trim() === '') return true
  const type = contentType.split(';')[0].trim().toLowerCase()
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type)
}

export type JsonBody = {ok: true; body: unknown} | {ok: false; status: 400 | 413 | 415}

/**
 * A request's JSON body, read with the size cap: 415 for another content type, 413 when too large,
 * 400 when it is not JSON. Each route answers those in its own words.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBody> {
  if (!isJsonContentType(request.headers.get('content-type'))) return {ok: false, status: 415}
  let text: string
  try {
    text = await readTextWithLimit(request, maxBytes)
  } catch (error) {
    if (error instanceof BodyTooLargeError) return {ok: false, status: 413}
    throw error
  }
  try {
    return {ok: true, body: JSON.parse(text)}
  } catch {
    return {ok: false, status: 400}
  }
}
