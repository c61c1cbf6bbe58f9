/**
 * The CSP hashes of the inline scripts of an HTML page: what Next writes into each page (its
 * bootstrap and the React Server Components payload, `self.__next_f.push(…)`). A page served by
 * the edge server may run exactly these and its own files; an injected inline script may not.
 *
 * Loaded by Node directly (scripts/serve.ts) as well as by Next: no project imports.
 */
import {createHash} from 'node:crypto'

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const SRC = /(?:^|\s)src\s*=/i
const TYPE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i
/** Types a browser runs as script (the rest, such as application/ld+json, are data blocks). */
const EXECUTABLE = /^(?:|module|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i

/** 'sha256-…' for each distinct inline script that a browser would run, in page order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    if (SRC.test(attributes)) continue
    const type = TYPE.exec(attributes)
    const typeValue = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim()
    if (!EXECUTABLE.test(typeValue)) continue
    hashes.add(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`)
  }
  return [...hashes]
}
