import {createClient, type SanityClient} from '@sanity/client'
import {apiVersion, dataset, projectId} from '@/studio/env'

/**
 * The Sanity Content Lake as a content source. Published documents only; the optional read token
 * (for private datasets) is server-side, never NEXT_PUBLIC.
 */
let client: SanityClient | undefined

function lakeClient(): SanityClient {
  client ??= createClient({
    projectId,
    dataset,
    apiVersion,
    perspective: 'published',
    token: process.env.SANITY_API_READ_TOKEN || undefined,
    // A custom API host (a proxy, or a test server speaking Sanity's HTTP API) is never the CDN.
    ...(process.env.SANITY_API_HOST
      ? {apiHost: process.env.SANITY_API_HOST, useCdn: false, useProjectHostname: false}
      : {useCdn: true}),
  })
  return client
}

export function queryContentLake<R>(query: string, params: Record<string, unknown> = {}): Promise<R> {
  return lakeClient().fetch<R>(query, params)
}
