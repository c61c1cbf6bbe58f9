import {createHash} from 'node:crypto'
import {describe, expect, it} from 'vitest'
import {inlineScriptHashes} from './inline-scripts'

const sha = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`

describe('inlineScriptHashes', () => {
  it('hashes each inline script a browser would run, byte for byte, once', () => {
    const push = 'self.__next_f.push([1,"caf\u00e9 \\u003c/script"])'
    const html = `<html><head><script src="/_next/static/chunks/a.js" async=""></script><script>${push}</script></head>
<body><script type="application/ld+json">{"@type":"LocalBusiness"}</script><script type="module">import "/x.js"</script>
<SCRIPT nonce="n">${push}</SCRIPT><script>
</script></body></html>`
    expect(inlineScriptHashes(html)).toEqual([sha(push), sha('import "/x.js"'), sha('\n')])
  })

  it('finds nothing in a page without inline scripts', () => {
    expect(inlineScriptHashes('<p>No scripts</p><script src="/a.js"></script>')).toEqual([])
  })
})
