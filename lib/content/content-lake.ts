import {createClient, type SanityClient} from '@sanity/client'
import {createClient as createStegaClient, type SanityStegaClient} from '@sanity/client/stega'
import {apiVersion, dataset, projectId} from '@/studio/env'

/**
 * The Sanity Content Lake as a content source: published documents for visitors; in draft mode
 * (an editor's preview) drafts over published documents with their strings stega-encoded, so the
 * Presentation tool can tie each text on the page to its field. The read token (needed for drafts
 * and private datasets) is server-side, never NEXT_PUBLIC.
 */
let client: SanityClient | undefined
let previewClient: SanityStegaClient | undefined

function connection() {
  return {
    projectId,
    dataset,
    apiVersion,
    token: process.env.SANITY_API_READ_TOKEN || undefined,
    // A custom API host (a proxy, or a test server speaking Sanity's HTTP API) is never the CDN.
    ...(process.env.SANITY_API_HOST
      ? {apiHost: process.env.SANITY_API_HOST, useCdn: false, useProjectHostname: false}
      : {useCdn: true}),
  }
}

/** Fields whose values the site computes with (addresses, choices, dates): never stega-encoded. */
const LOGIC_FIELDS = new Set(['slug', 'layout', 'bookingService', 'menuGroup', 'form', 'publishedAt', 'lastUpdated', 'phone', 'email', 'url', 'href', 'feedbackFormUrl', 'stars', 'rating', 'foundedYear', 'pricedServices', 'lat', 'lng'])

export function lakeClient(): SanityClient {
  client ??= createClient({...connection(), perspective: 'published'})
  return client
}

function lakePreviewClient(): SanityStegaClient {
  previewClient ??= createStegaClient({
    ...connection(),
    useCdn: false,
    perspective: 'drafts',
    stega: {
      enabled: true,
      studioUrl: '/studio',
      filter: (props) => {
        const key = props.sourcePath.at(-1)
        return typeof key === 'string' && LOGIC_FIELDS.has(key) ? false : props.filterDefault(props)
      },
    },
  })
  return previewClient
}

export function queryContentLake<R>(query: string, params: Record<string, unknown> = {}, perspective: 'published' | 'drafts' = 'published'): Promise<R> {
  return perspective === 'drafts' ? lakePreviewClient().fetch<R>(query, params) : lakeClient().fetch<R>(query, params)
}
