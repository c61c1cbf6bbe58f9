import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'
import {evaluate, parse} from 'groq-js'

/**
 * A local stand-in for the Sanity Content Lake, for the Content Lake adapter's tests and for a site
 * run against it in the browser tests. It speaks the wire format @sanity/client relies on:
 * - the query API: `GET /v{date}/data/query/{dataset}?query=…&$name=<json>&perspective=…` (POST with
 *   a `{query, params}` body for long queries), answered `{ms, query, result}` by groq-js over the
 *   documents in the asked perspective: `published` (no id with a dot), `drafts` (each draft over
 *   its published document, under the published id), a release stack (`rSpring,drafts`: a
 *   release's version `versions.rSpring.<id>` first, then drafts), or `raw` (every document);
 * - the live content API: `GET /v{date}/data/live/events/{dataset}` (`includeDrafts=true` for
 *   drafts), a text/event-stream that says `welcome`, then one `message` event with `{tags}` each
 *   time `announce()` is called, as the Content Lake does after each change.
 * Anything but published content needs the token (`Authorization: Bearer …`), as a private
 * dataset's would; otherwise 401.
 */

export type LakeDocument = {_id: string; _type: string; [key: string]: unknown}

export type ContentLakeStandIn = {
  /** 'http://127.0.0.1:<port>', the client's `apiHost`. */
  url: string
  /** Every request's method, path and query string, in order. */
  requests: {method: string; url: URL; authorized: boolean}[]
  /** Open live-event streams right now. */
  liveConnections(): number
  /** Replaces a document (or adds it), as an edit in the Studio does. */
  put(document: LakeDocument): void
  /** Sends a live `message` event to every open stream, as the Content Lake does after a change. */
  announce(tags?: string[]): void
  close(): Promise<void>
}

const isPrivateId = (id: string) => id.includes('.')

/** The documents a query sees in `perspective`, as the Content Lake shows them. */
export function documentsInPerspective(documents: LakeDocument[], perspective: string): LakeDocument[] {
  if (perspective === 'raw') return documents
  const stack = perspective === 'previewDrafts' ? ['drafts'] : perspective.split(',').filter((name) => name && name !== 'published')
  const byId = new Map(documents.map((doc) => [doc._id, doc]))
  const layerId = (layer: string, id: string) => (layer === 'drafts' ? `drafts.${id}` : `versions.${layer}.${id}`)
  const baseIds = new Set<string>()
  for (const doc of documents) {
    if (!isPrivateId(doc._id)) baseIds.add(doc._id)
    else if (doc._id.startsWith('drafts.') && stack.includes('drafts')) baseIds.add(doc._id.slice('drafts.'.length))
    else {
      const version = /^versions\.([^.]+)\.(.+)$/.exec(doc._id)
      if (version && stack.includes(version[1])) baseIds.add(version[2])
    }
  }
  return [...baseIds].flatMap((id) => {
    const source = [...stack.map((layer) => byId.get(layerId(layer, id))), byId.get(id)].find(Boolean)
    if (!source || isPrivateId(id)) return []
    return [source._id === id ? source : {...source, _id: id, _originalId: source._id}]
  })
}

export async function startContentLakeStandIn({
  documents,
  dataset = 'production',
  token,
  port = 0,
}: {
  documents: LakeDocument[]
  dataset?: string
  /** The read token the site must send for drafts; none: drafts are refused. */
  token?: string
  port?: number
}): Promise<ContentLakeStandIn> {
  const store = new Map(documents.map((doc) => [doc._id, doc]))
  const streams = new Set<ServerResponse>()
  const requests: ContentLakeStandIn['requests'] = []
  let eventId = 0

  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, {'content-type': 'application/json; charset=utf-8'}).end(JSON.stringify(body))

  async function answerQuery(res: ServerResponse, query: string, params: Record<string, unknown>, perspective: string) {
    try {
      const value = await evaluate(parse(query), {dataset: documentsInPerspective([...store.values()], perspective), params})
      json(res, 200, {ms: 1, query, result: await value.get()})
    } catch (error) {
      json(res, 400, {error: {description: (error as Error).message, type: 'queryParseError'}})
    }
  }

  function openLiveStream(req: IncomingMessage, res: ServerResponse) {
    res.writeHead(200, {'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive'})
    res.write(`event: welcome\ndata: {}\n\n`)
    streams.add(res)
    req.on('close', () => streams.delete(res))
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const authorized = token !== undefined && req.headers.authorization === `Bearer ${token}`
    requests.push({method: req.method ?? 'GET', url, authorized})
    const route = /^\/v(?:\d{4}-\d{2}-\d{2}|X)\/data\/(query|live\/events)\/([\w-]+)$/.exec(url.pathname)
    if (!route || route[2] !== dataset) return json(res, 404, {error: 'Not found'})
    if (route[1] === 'live/events') {
      if (req.method !== 'GET') return json(res, 405, {error: 'Method not allowed'})
      if (url.searchParams.get('includeDrafts') === 'true' && !authorized) return json(res, 401, {error: 'Unauthorized'})
      return openLiveStream(req, res)
    }
    const perspective = url.searchParams.get('perspective') ?? 'published'
    if (perspective !== 'published' && !authorized) return json(res, 401, {error: 'Unauthorized'})
    if (req.method === 'GET') {
      const params = Object.fromEntries(
        [...url.searchParams].filter(([key]) => key.startsWith('$')).map(([key, value]) => [key.slice(1), JSON.parse(value)]),
      )
      return void answerQuery(res, url.searchParams.get('query') ?? '', params, perspective)
    }
    if (req.method === 'POST') {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        const {query, params} = JSON.parse(body) as {query: string; params?: Record<string, unknown>}
        void answerQuery(res, query, params ?? {}, perspective)
      })
      return
    }
    json(res, 405, {error: 'Method not allowed'})
  })

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const {port: actualPort} = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${actualPort}`,
    requests,
    liveConnections: () => streams.size,
    put(document) {
      store.set(document._id, document)
    },
    announce(tags = ['s1:changed']) {
      eventId += 1
      for (const stream of streams) stream.write(`id: ${eventId}\nevent: message\ndata: ${JSON.stringify({tags})}\n\n`)
    },
    async close() {
      for (const stream of streams) stream.end()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
