import {createHash} from 'node:crypto'
import {Writable} from 'node:stream'
import * as React from 'react'
import {renderToPipeableStream} from 'react-dom/server'
import {describe, expect, it} from 'vitest'
import {inlineScriptHashes} from './inline-scripts'

const sha = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`
const scripts = (html: string) => [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1])

/** HTML as React's server renderer streams it: a Suspense boundary filled in after the shell. */
async function streamedSuspenseHtml(): Promise<string> {
  let resolve!: (value: string) => void
  const later = new Promise<string>((done) => (resolve = done))
  const Late = () => React.createElement('p', null, React.use(later))
  const page = React.createElement('html', null, React.createElement('body', null, React.createElement(React.Suspense, {fallback: 'Loading'}, React.createElement(Late))))
  return new Promise((done, fail) => {
    let html = ''
    const stream = renderToPipeableStream(page, {
      onShellReady() {
        stream.pipe(new Writable({write: (chunk, _encoding, next) => ((html += chunk), next()), final: (next) => (done(html), next())}))
        setImmediate(() => resolve('Your booking'))
      },
      onShellError: fail,
    })
  })
}

describe('inlineScriptHashes', () => {
  it('hashes each inline script Next writes, byte for byte, once, and no data block', () => {
    const bootstrap = '(self.__next_f=self.__next_f||[]).push([0])'
    const push = 'self.__next_f.push([1,"caf\u00e9 \\u003c/script"])'
    const withFormState = '(self.__next_f=self.__next_f||[]).push([0]);self.__next_f.push([2,["x",1]])'
    const turbopack = '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/a.js"],"runtimeModuleIds":[494553]});'
    const nextScript = '(self.__next_s=self.__next_s||[]).push(["/x.js",{"id":"x"}])'
    const html = `<html><head><script src="/_next/static/chunks/a.js" async=""></script><script>${bootstrap}</script><script id="_R_">${turbopack}</script></head>
<body><script type="application/ld+json">{"@type":"LocalBusiness"}</script><SCRIPT nonce="n">${push}</SCRIPT><script>${push}</script>
<script>${withFormState}</script><script>${nextScript}</script></body></html>`
    expect(inlineScriptHashes(html)).toEqual([sha(bootstrap), sha(turbopack), sha(push), sha(withFormState), sha(nextScript)])
  })

  it('hashes React’s streaming scripts (a Suspense boundary completed after the shell)', async () => {
    const html = await streamedSuspenseHtml()
    const written = scripts(html)
    expect(written.some((script) => script.includes('$RC("B:0","S:0")'))).toBe(true)
    const foreign: string[] = []
    expect(inlineScriptHashes(html, (script) => foreign.push(script))).toEqual(written.map(sha))
    expect(foreign).toEqual([])
  })

  it('leaves out every other inline script, however it imitates Next’s or React’s', async () => {
    const react = scripts(await streamedSuspenseHtml()).find((script) => script.includes('$RC('))!
    const injected = [
      'alert(1)',
      'self.__next_f.push([1,"x"]);alert(1)',
      'self.__next_f.push([1,"x"],alert(1))',
      'self.__next_f.push(alert(1))',
      '(self.__next_f=self.__next_f||[]).push([0]);fetch("//evil.example")',
      '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"a":1});alert(1)',
      '$RC("B:0",alert(1))',
      `${react};alert(1)`,
      react.replace('$RC=function(a,b){', '$RC=function(a,b){alert(1);'),
      '',
      '\n',
    ]
    const reported: string[] = []
    const html = injected.map((script) => `<script>${script}</script>`).join('') + '<script type="module">import "/x.js"</script>'
    expect(inlineScriptHashes(html, (script) => reported.push(script))).toEqual([])
    expect(reported).toEqual([...injected, 'import "/x.js"'])
  })

  it('finds nothing in a page without inline scripts', () => {
    expect(inlineScriptHashes('<p>No scripts</p><script src="/a.js"></script>')).toEqual([])
  })
})
