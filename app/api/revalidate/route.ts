import {revalidatePath} from 'next/cache'
import type {NextRequest} from 'next/server'
import {parseBody} from 'next-sanity/webhook'
import {contentSource} from '@/lib/content'

/**
 * Sanity's webhook calls this when an editor publishes. Every page shows site settings (header,
 * footer), so a change refreshes the whole site: a few dozen pages, regenerated on their next visit.
 */
export async function POST(request: NextRequest) {
  const secret = process.env.SANITY_REVALIDATE_SECRET
  if (!secret) return Response.json({message: 'Revalidation is not configured'}, {status: 503})
  let parsed: Awaited<ReturnType<typeof parseBody<{_type?: string; _id?: string}>>>
  try {
    // Only the Content Lake needs a moment to become consistent after the webhook fires.
    parsed = await parseBody<{_type?: string; _id?: string}>(request, secret, contentSource === 'content-lake')
  } catch {
    return Response.json({message: 'The request body is not JSON'}, {status: 400})
  }
  if (!parsed.isValidSignature) return Response.json({message: 'Invalid signature'}, {status: 401})
  revalidatePath('/', 'layout')
  return Response.json({revalidated: true, document: parsed.body?._id ?? null})
}
