import {revalidateTag} from 'next/cache'
import {contentSource} from '@/lib/content'
import {handleRevalidateWebhook} from '@/lib/content/revalidate-webhook'

/**
 * Sanity's webhook calls this when an editor publishes: the cached content under the changed
 * document's tags expires at once (lib/content/cache-tags.ts), so the next visit of each page that
 * shows it renders it anew; other pages keep their cached version.
 */
export async function POST(request: Request) {
  return handleRevalidateWebhook(request, {
    secret: process.env.SANITY_REVALIDATE_SECRET,
    revalidate: (tags) => tags.forEach((tag) => revalidateTag(tag, {expire: 0})),
    // Only the Content Lake needs a moment to become consistent after the webhook fires.
    waitForContentLake: contentSource === 'content-lake',
  })
}
