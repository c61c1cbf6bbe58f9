/**
 * The CSP hashes of the inline scripts an HTML page the edge holds whole may run (a page from Next's
 * cache, a 404 or an error page; a page rendered per request is streamed under a nonce instead):
 * only those the app itself writes.
 * The site's own components write no inline script (the JSON-LD blocks are data, not script), so
 * these are Next's and React's, each recognised by its exact shape:
 * - Next's React Server Components payload: `(self.__next_f=self.__next_f||[]).push([0])` and
 *   `self.__next_f.push([1,"…"])`, whose argument is JSON;
 * - Turbopack's bootstrap: `(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({…});`;
 * - next/script's queue (`beforeInteractive`): `(self.__next_s=self.__next_s||[]).push([…])`;
 * - React's streaming instructions (a Suspense boundary filled in later): the runtime functions
 *   React ships, as they are written in the installed Next.js server runtime, and a call with JSON
 *   arguments (`$RC("B:0","S:0")`).
 * Anything else (a script injected into the HTML on the server) is left out of the policy, so the
 * browser refuses to run it.
 *
 * Loaded by Node directly (scripts/serve.ts) and by the tests: no project imports.
 */
import {createHash} from 'node:crypto'
import {readdirSync, readFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {dirname, join} from 'node:path'

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const SRC = /(?:^|\s)src\s*=/i
const TYPE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i
/** Types a browser runs as script (the rest, such as application/ld+json, are data blocks). */
const EXECUTABLE = /^(?:|module|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i

/** Calls whose one argument is JSON: `prefix(<json>)`. */
const JSON_CALLS = [
  '(self.__next_f=self.__next_f||[]).push(',
  'self.__next_f.push(',
  '(self.__next_s=self.__next_s||[]).push(',
  '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push(',
]

/** The end (exclusive) of the JSON value starting at `start`, or -1; the value is checked by JSON.parse afterwards. */
function jsonValueEnd(text: string, start: number): number {
  let depth = 0
  for (let i = start; i < text.length; i++) {
    const c = text[i]
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++
      if (i >= text.length) return -1
      if (depth === 0) return i + 1
    } else if (c === '[' || c === '{') {
      depth++
    } else if (c === ']' || c === '}') {
      depth--
      if (depth < 0) return -1
      if (depth === 0) return i + 1
    } else if (depth === 0) {
      const scalar = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 32))
      return scalar ? i + scalar[0].length : -1
    }
  }
  return -1
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** Next's and Turbopack's scripts: one or more `prefix(<json>)` joined by `;`, an optional `;` at the end. */
function isNextScript(body: string): boolean {
  let at = 0
  while (at < body.length) {
    const prefix = JSON_CALLS.find((candidate) => body.startsWith(candidate, at))
    if (!prefix) return false
    const start = at + prefix.length
    const end = jsonValueEnd(body, start)
    if (end < 0 || body[end] !== ')' || !isJson(body.slice(start, end))) return false
    at = end + 1
    if (body[at] === ';') at++
  }
  return at > 0
}

/** A JavaScript string literal's value, from the quote at `start`; null if it does not end. */
function readStringLiteral(source: string, start: number): string | null {
  const quote = source[start]
  let value = ''
  for (let i = start + 1; i < source.length; i++) {
    const c = source[i]
    if (c === quote) return value
    if (c === '\n') return null
    if (c !== '\\') {
      value += c
      continue
    }
    const next = source[++i]
    if (next === 'x') {
      value += String.fromCharCode(parseInt(source.slice(i + 1, i + 3), 16))
      i += 2
    } else if (next === 'u') {
      value += String.fromCharCode(parseInt(source.slice(i + 1, i + 5), 16))
      i += 4
    } else {
      value += ({n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', '0': '\0'} as Record<string, string>)[next] ?? next
    }
  }
  return null
}

/** The calls that end React's instruction scripts, after which its arguments follow. */
const REACT_CALL = /^\$R[A-Z]\($/

/**
 * React's runtime functions as the installed Next.js server runtimes write them (`$RC=function…`,
 * `$RS=…`, `$RX=…`, `$RR=…`, `$RV=…`, `$RB=[];…` and the shell-time script), each without the
 * call it may end with (`$RS("`).
 */
function reactRuntimeFromNext(): string[] {
  const runtimes = join(dirname(createRequire(import.meta.url).resolve('next/package.json')), 'dist', 'compiled', 'next-server')
  const found = new Set<string>()
  for (const file of readdirSync(runtimes)) {
    if (!/^app-page.*\.runtime\.prod\.js$/.test(file)) continue
    const source = readFileSync(join(runtimes, file), 'utf8')
    for (const match of source.matchAll(/['"](?=\$R[A-Z]=|requestAnimationFrame\(function\(\)\{\$RT=)/g)) {
      const literal = readStringLiteral(source, match.index)
      if (!literal) continue
      const call = /\$R[A-Z]\("$/.exec(literal)
      found.add(call ? literal.slice(0, call.index) : literal)
    }
  }
  // Longest first, so one that begins with another is tried before it.
  return [...found].filter(Boolean).sort((a, b) => b.length - a.length)
}

let reactRuntime: string[] | undefined

/** React's instruction scripts: its runtime functions (each once), then nothing or one call with JSON arguments. */
function isReactInstruction(body: string): boolean {
  reactRuntime ??= reactRuntimeFromNext()
  let at = 0
  const used = new Set<string>()
  for (let found = true; found; ) {
    found = false
    for (const definition of reactRuntime) {
      if (!used.has(definition) && body.startsWith(definition, at)) {
        used.add(definition)
        at += definition.length
        found = true
        break
      }
    }
  }
  const rest = body.slice(at)
  if (rest === '') return at > 0
  if (!REACT_CALL.test(rest.slice(0, 4)) || !rest.endsWith(')')) return false
  return isJson(`[${rest.slice(4, -1)}]`)
}

/** Whether an inline script is one the app writes (see above). */
export function isAppInlineScript(body: string): boolean {
  return isNextScript(body) || isReactInstruction(body)
}

/**
 * 'sha256-…' for each distinct inline script in the page that a browser would run and that the app
 * wrote, in page order; `foreign` receives each other one (for the server's log).
 */
export function inlineScriptHashes(html: string, foreign?: (script: string) => void): string[] {
  const hashes = new Set<string>()
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    if (SRC.test(attributes)) continue
    const type = TYPE.exec(attributes)
    const typeValue = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim()
    if (!EXECUTABLE.test(typeValue)) continue
    if (!isAppInlineScript(body)) {
      foreign?.(body)
      continue
    }
    hashes.add(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`)
  }
  return [...hashes]
}
