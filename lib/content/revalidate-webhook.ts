/**
 * POST /api/revalidate, Sanity's publish webhook, as a plain function on the web Request/Response
 * API (the route handler stays one call): the body read with a size cap, then next-sanity's
 * `parseBody` (the `sanity-webhook-signature` header, `t=<ms>,v1=<base64url HMAC-SHA256 of
 * "<t>.<body>">`, checked with the secret; the wait for the Content Lake; the JSON). Around it what
 * the library leaves out: a signature older or newer than 5 minutes is refused, so a captured call
 * cannot be replayed later, and the body is capped before it is read.
 */
import {decodeSignatureHeader, isValidSignature, SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import {parseBody, type ParsedBody} from 'next-sanity/webhook'
import {NextRequest} from 'next/server'
import {BodyTooLargeError, readTextWithLimit} from '../request-body'
import {tagsToRefresh, type ChangedDocument} from './cache-tags'

/** Largest webhook body accepted (Sanity's projections are a few kB). */
export const MAX_REVALIDATE_BODY_BYTES = 1024 * 1024

/** How far a signature's timestamp may be from now, either way. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000

export interface RevalidateWebhookOptions {
  /** SANITY_REVALIDATE_SECRET; unset or empty: 404 (no webhook is set up here). */
  secret: string | undefined
  /** Refreshes the cached content under these tags (revalidateTag in the route). */
  revalidate: (tags: string[]) => void
  /**
   * Wait (parseBody's 3 s) after a verified call before refreshing: the Content Lake's eventual
   * consistency, as queries run right after the webhook may still see the old document.
   */
  waitForContentLake?: boolean
  /** Current time in ms (tests). */
  now?: () => number
  maxBodyBytes?: number
  log?: Pick<Console, 'warn'>
}

function json(body: unknown, status: number): Response {
  return Response.json(body, {status, headers: {'Cache-Control': 'no-store'}})
}

const invalidSignature = () => json({message: 'Invalid signature'}, 401)

/**
 * 404 not configured (no webhook here: nothing a caller can do about it, and no server fault to
 * retry); 401 no, malformed, stale, future or wrong signature; 413 body over the cap;
 * 400 signed body that is not JSON; 200 `{revalidated: true, document, tags}` once the changed
 * document's tags (lib/content/cache-tags.ts) are refreshed.
 */
export async function handleRevalidateWebhook(request: Request, options: RevalidateWebhookOptions): Promise<Response> {
  const secret = options.secret?.trim()
  if (!secret) return json({message: 'Revalidation is not configured'}, 404)
  const log = options.log ?? console

  const signature = request.headers.get(SIGNATURE_HEADER_NAME)
  if (!signature) return invalidSignature()
  let timestamp: number
  try {
    timestamp = decodeSignatureHeader(signature).timestamp
  } catch {
    return invalidSignature()
  }
  const now = (options.now ?? Date.now)()
  if (Math.abs(now - timestamp) > SIGNATURE_TOLERANCE_MS) {
    log.warn(`Revalidate webhook refused: its signature is from ${Number.isNaN(new Date(timestamp).getTime()) ? `t=${timestamp}` : new Date(timestamp).toISOString()}, more than 5 minutes from now`)
    return invalidSignature()
  }

  // parseBody reads the whole body, however large: it gets the text read under the cap instead.
  let body: string
  try {
    body = await readTextWithLimit(request, options.maxBodyBytes ?? MAX_REVALIDATE_BODY_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLargeError) return json({message: 'The request body is too large'}, 413)
    throw error
  }
  let parsed: ParsedBody<unknown>
  try {
    parsed = await parseBody(new NextRequest(request.url, {method: 'POST', headers: {[SIGNATURE_HEADER_NAME]: signature}, body}), secret, options.waitForContentLake ?? false)
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error
    // parseBody reads the JSON whether or not the signature holds: only a signed body hears it is not JSON.
    return (await isValidSignature(body, signature, secret)) ? json({message: 'The request body is not JSON'}, 400) : invalidSignature()
  }
  if (parsed.isValidSignature !== true) return invalidSignature()

  const document = parsed.body
  const changed = typeof document === 'object' && document !== null && !Array.isArray(document) ? (document as ChangedDocument) : null
  const tags = tagsToRefresh(changed)
  options.revalidate(tags)
  const id = changed?._id
  return json({revalidated: true, document: typeof id === 'string' ? id : null, tags}, 200)
}
