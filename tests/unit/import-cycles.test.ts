// No circle of imports among the site's own modules (lib/, app/, components/): a module never
// imports, through any chain, a module that imports it back. A circle makes the order modules load
// in decide what a value is (one of them sees the other half-loaded), and it says two modules are
// one thing split in two: what both need moves to a lower module both import. Type-only imports
// count too (they hold the same knot for a reader). Tests and test-support/ stand outside: a test
// may import whatever it checks. Every import is resolved with TypeScript's own resolver (the
// tsconfig's paths, `.ts` extensions, folders' index files), and each circle found is named. (A test
// rather than ESLint's import/no-cycle: that rule multiplied the whole-tree lint time and cannot
// lint the layering test's snippets, which are not files on disk.)
import {readFileSync} from 'node:fs'
import {dirname, join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'
import ts from 'typescript'
import {describe, expect, it} from 'vitest'

const root = join(dirname(fileURLToPath(import.meta.url)), '../..')
const LAYERS = /^(lib|app|components)\//
const OUTSIDE = /\.test\.tsx?$|(^|\/)test-support\//

/** The import graph of the site's own modules: each file's path (from the root) to the files it imports. */
function importGraph(): Map<string, string[]> {
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile).config
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root)
  const files = new Set(parsed.fileNames.filter((file) => LAYERS.test(relative(root, file)) && !OUTSIDE.test(relative(root, file))))
  const host = ts.createCompilerHost(parsed.options)
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const imports = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles
    const targets = new Set<string>()
    for (const {fileName} of imports) {
      const resolved = ts.resolveModuleName(fileName, file, parsed.options, host).resolvedModule
      if (resolved && !resolved.isExternalLibraryImport && files.has(resolved.resolvedFileName)) targets.add(relative(root, resolved.resolvedFileName))
    }
    graph.set(relative(root, file), [...targets])
  }
  return graph
}

/** The circles of a graph: its strongly connected components of more than one file, or a file importing itself (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (file: string) => {
    index.set(file, next)
    low.set(file, next)
    next++
    stack.push(file)
    onStack.add(file)
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file)!, low.get(target)!))
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!))
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== file)
      if (component.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(component.sort())
    }
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return found
}

describe('imports', () => {
  it('finds a circle when there is one, and none in a line', () => {
    expect(circles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c']])
    expect(circles(new Map([['a', ['a']]]))).toEqual([['a']])
    expect(circles(new Map([['a', ['b']], ['b', ['c']], ['c', []]]))).toEqual([])
  })

  it('form no circle among lib/, app/ and components/', {timeout: 120_000}, () => {
    const graph = importGraph()
    // The graph is the real one: the office's pages reach lib/office through the resolver's paths.
    expect(graph.size).toBeGreaterThan(300)
    expect(graph.get('app/office/page.tsx')?.some((file) => file.startsWith('lib/office/'))).toBe(true)
    expect(circles(graph)).toEqual([])
  })
})
