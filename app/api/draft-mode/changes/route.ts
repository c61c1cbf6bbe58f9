import {draftMode} from 'next/headers'
import {watchContentChanges} from '@/lib/content'

/**
 * An editor's preview follows the content as it changes: a stream of server-sent events, one
 * `change` each time a document changes (components/preview/PreviewClient.tsx re-renders the page on
 * it). Relayed here so the read token never leaves the server; draft mode only, so a visitor's
 * request opens nothing.
 */
const KEEP_ALIVE_MS = 25_000

export async function GET(request: Request) {
  if (!(await draftMode()).isEnabled) return new Response('Not found', {status: 404, headers: {'Cache-Control': 'no-store'}})
  const encoder = new TextEncoder()
  let stop = () => {}
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true
      const send = (text: string) => {
        if (open) controller.enqueue(encoder.encode(text))
      }
      const close = () => {
        if (!open) return
        open = false
        stop()
        try {
          controller.close()
        } catch {
          // Already cancelled by the reader: nothing left to close.
        }
      }
      // `ready` tells the page the watch is on; after a lost connection the page refreshes on it.
      send('retry: 2000\nevent: ready\ndata: {}\n\n')
      const unsubscribe = watchContentChanges(
        () => send('event: change\ndata: {}\n\n'),
        (error) => {
          console.error('Preview: the content watch ended', error)
          close()
        },
      )
      const keepAlive = setInterval(() => send(': keep-alive\n\n'), KEEP_ALIVE_MS)
      stop = () => {
        clearInterval(keepAlive)
        unsubscribe()
      }
      request.signal.addEventListener('abort', close)
    },
    cancel() {
      stop()
    },
  })
  return new Response(stream, {
    headers: {'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no'},
  })
}
