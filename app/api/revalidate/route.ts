import {revalidatePath} from 'next/cache'
import {contentSource} from '@/lib/content'
import {CONTENT_LAKE_CONSISTENCY_WAIT_MS, handleRevalidateWebhook} from '@/lib/content/revalidate-webhook'

/**
 * Sanity's webhook calls this when an editor publishes. Every page shows site settings (header,
 * footer), so a change refreshes the whole site: a few dozen pages, regenerated on their next visit.
 */
export async function POST(request: Request) {
  return handleRevalidateWebhook(request, {
    secret: process.env.SANITY_REVALIDATE_SECRET,
    revalidate: () => revalidatePath('/', 'layout'),
    // Only the Content Lake needs a moment to become consistent after the webhook fires.
    consistencyWaitMs: contentSource === 'content-lake' ? CONTENT_LAKE_CONSISTENCY_WAIT_MS : 0,
  })
}
