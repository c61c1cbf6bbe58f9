import {defineEnableDraftMode} from 'next-sanity/draft-mode'
import {previewSecretClient} from '@/lib/content'

/**
 * The Presentation tool's link into draft mode: a valid, unexpired preview secret turns it on and
 * redirects to the page asked for; anything else is 401 and changes nothing.
 */
export async function GET(request: Request) {
  const client = previewSecretClient()
  if (!client) return new Response('Draft mode is not configured', {status: 404, headers: {'Cache-Control': 'no-store'}})
  // next-sanity types its own copy of @sanity/client; it uses only config(), withConfig() and fetch().
  return defineEnableDraftMode({client: client as unknown as Parameters<typeof defineEnableDraftMode>[0]['client']}).GET(request)
}
