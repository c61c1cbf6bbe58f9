import {createClient, type SanityClient} from '@sanity/client'
import {createClient as createStegaClient, type SanityStegaClient} from '@sanity/client/stega'
import {apiVersion, dataset, projectId} from './sanity-env'
import type {PreviewPerspective} from './preview-perspective'

/**
 * The Sanity Content Lake as a content source: published documents for visitors; in draft mode
 * (an editor's preview) drafts over published documents with their strings stega-encoded, so the
 * Presentation tool can tie each text on the page to its field. The read token (needed for drafts
 * and private datasets) is server-side, never NEXT_PUBLIC: even the preview's live updates reach the
 * browser through the site (watchContentLake), never from the Content Lake with a token.
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

/**
 * A query's result: published documents for visitors, or, given the preview's perspective (drafts,
 * published, or a release stack), what an editor previews, stega-encoded.
 */
export function queryContentLake<R>(query: string, params: Record<string, unknown> = {}, preview?: PreviewPerspective): Promise<R> {
  if (!preview) return lakeClient().fetch<R>(query, params)
  const perspective = typeof preview === 'string' ? preview : [...preview]
  return lakePreviewClient().fetch<R>(query, params, {perspective})
}

/**
 * Calls `onChange` whenever a document changes in the dataset, drafts and releases included, from
 * the Content Lake's live events (the API next-sanity's SanityLive listens to, here on the server
 * with the read token); `onLost` when the connection ends for good. Every preview open on this
 * server shares one connection (the client shares it by URL and token). Returns the unsubscribe.
 */
export function watchContentLake(onChange: () => void, onLost: (error: unknown) => void): () => void {
  let reconnecting = false
  const subscription = lakePreviewClient()
    .live.events({includeDrafts: true, tag: 'preview'})
    .subscribe({
      next: (event) => {
        // A welcome after a reconnect: what changed meanwhile was never announced.
        if (event.type === 'message' || event.type === 'restart' || (event.type === 'welcome' && reconnecting)) onChange()
        if (event.type === 'goaway') onLost(new Error('The Content Lake closed the live connection'))
        reconnecting = event.type === 'reconnect' || (reconnecting && event.type !== 'welcome')
      },
      error: onLost,
      complete: () => onLost(new Error('The Content Lake ended the live connection')),
    })
  return () => subscription.unsubscribe()
}
