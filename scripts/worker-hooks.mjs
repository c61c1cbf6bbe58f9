/**
 * Lets Node run the app's TypeScript outside Next's bundles (the worker process, scripts/worker.ts):
 * the project's .ts and .tsx files are compiled by TypeScript as they load (JSX for the e-mail
 * layout, and syntax Node's own type stripping refuses), `@/…` is the project's root as in
 * tsconfig.json, extension-less relative imports find their .ts/.tsx file (and a package's subpath
 * without an exports map its .js file, as bundlers do), JSON loads as a module,
 * and `server-only` is a no-op (it throws outside a React Server Components bundle). Loaded with
 * `node --import ./scripts/worker-hooks.mjs`.
 */
import {existsSync, readFileSync, statSync} from 'node:fs'
import {registerHooks} from 'node:module'
import {dirname, join} from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import ts from 'typescript'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const SUFFIXES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

function ownFile(url) {
  if (!url.startsWith('file:')) return null
  const file = fileURLToPath(url)
  return file.startsWith(root) && !file.includes('/node_modules/') ? file : null
}

registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'server-only') return {url: 'data:text/javascript,export {}', shortCircuit: true}
    let base = null
    if (specifier.startsWith('@/')) base = join(root, specifier.slice(2))
    else if ((specifier.startsWith('./') || specifier.startsWith('../')) && context.parentURL && ownFile(context.parentURL)) {
      base = join(dirname(fileURLToPath(context.parentURL)), specifier)
    }
    if (base) {
      for (const suffix of SUFFIXES) {
        const file = base + suffix
        if (existsSync(file) && statSync(file).isFile()) return {url: pathToFileURL(file).href, shortCircuit: true}
      }
    }
    try {
      return next(specifier, context)
    } catch (error) {
      // A package's subpath without an `exports` map ('next/cache'): as a bundler finds it.
      if (error?.code !== 'ERR_MODULE_NOT_FOUND' || specifier.startsWith('.') || !specifier.includes('/')) throw error
      return next(`${specifier}.js`, context)
    }
  },
  load(url, context, next) {
    const file = ownFile(url)
    if (file && /\.(ts|tsx|mts)$/.test(file)) {
      const {outputText} = ts.transpileModule(readFileSync(file, 'utf8'), {
        fileName: file,
        compilerOptions: {module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2023, jsx: ts.JsxEmit.ReactJSX, sourceMap: false, inlineSourceMap: true},
      })
      return {format: 'module', source: outputText, shortCircuit: true}
    }
    if (file && file.endsWith('.json')) {
      return {format: 'module', source: `export default ${readFileSync(file, 'utf8')}`, shortCircuit: true}
    }
    return next(url, context)
  },
})
