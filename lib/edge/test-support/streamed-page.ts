import {get as httpGet, type IncomingMessage} from 'node:http'
import {createBrotliDecompress, createGunzip} from 'node:zlib'

/**
 * A page read over HTTP as its bytes arrive, decompressed as a browser would, with waits for text
 * to have arrived and for the end: how a test sees that a page is streamed rather than sent whole,
 * without timing anything.
 */
export function readAsItArrives(url: string, encoding: 'br' | 'gzip') {
  let text = ''
  let ended = false
  const waiting: {done: () => boolean; resolve: () => void}[] = []
  const check = () => {
    for (const wait of [...waiting]) {
      if (!wait.done()) continue
      waiting.splice(waiting.indexOf(wait), 1)
      wait.resolve()
    }
  }
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    httpGet(url, {headers: {accept: 'text/html', 'accept-encoding': encoding}}, (res) => {
      const body = res.headers['content-encoding'] === encoding ? res.pipe(encoding === 'br' ? createBrotliDecompress() : createGunzip()) : res
      body.on('data', (chunk: Buffer) => {
        text += chunk.toString()
        check()
      })
      body.on('end', () => {
        ended = true
        check()
      })
      body.on('error', reject)
      resolve(res)
    }).on('error', reject)
  })
  const until = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      waiting.push({done, resolve})
      check()
    })
  return {
    response,
    /** What has arrived so far. */
    text: () => text,
    arrived: (needle: string) => until(() => text.includes(needle)),
    ended: () => until(() => ended),
  }
}
