/**
 * Validates the local Sanity dataset offline: `npm run dataset:validate [-- <file.ndjson>... [--images <dir>]]`.
 *
 * Default file: studio/dataset/production.ndjson; several files (e.g. studio/dataset/parts/*.ndjson)
 * are validated as one dataset. Images are looked up in images/ next to the (first) file unless
 * --images says otherwise. Prints one line per problem (`<_id> <path>: <message>`), errors first,
 * then warnings, then `N documents, N errors, N warnings`; exits with 1 if there is any error.
 * See studio/lib/dataset-validation.ts for what is checked.
 *
 * Runs on Node 24 directly (type stripping). The Studio's schema files import each other without
 * file extensions, as bundlers allow and Node's ESM resolver does not, so a resolve hook retries
 * relative imports of .ts files with `.ts` and `/index.ts` before the schema is loaded.
 */
import {registerHooks} from 'node:module'
import path from 'node:path'

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context)
    } catch (error) {
      const relative = specifier.startsWith('./') || specifier.startsWith('../')
      if ((error as {code?: string}).code !== 'ERR_MODULE_NOT_FOUND' || !relative || !context.parentURL?.endsWith('.ts')) throw error
      for (const suffix of ['.ts', '/index.ts']) {
        try {
          return nextResolve(specifier + suffix, context)
        } catch {
          // try the next suffix
        }
      }
      throw error
    }
  },
})

const {validateDatasetFiles, formatProblem, formatSummary} = await import('../studio/lib/dataset-validation.ts')

// npm runs scripts in the package root; resolve arguments against where npm was called from.
const cwd = process.env.INIT_CWD ?? process.cwd()
const root = path.resolve(import.meta.dirname, '..')
const args = process.argv.slice(2)
const files: string[] = []
let imagesDir: string | undefined
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--images') imagesDir = path.resolve(cwd, args[++i] ?? '')
  else if (args[i] === '--help' || args[i] === '-h') {
    console.log('Usage: npm run dataset:validate -- [file.ndjson ...] [--images <dir>]')
    process.exit(0)
  } else files.push(path.resolve(cwd, args[i]))
}
if (files.length === 0) files.push(path.join(root, 'studio', 'dataset', 'production.ndjson'))

try {
  const result = await validateDatasetFiles(files, {imagesDir})
  for (const problem of result.errors) console.log(formatProblem(problem))
  if (result.warnings.length > 0) {
    console.log(`${result.errors.length > 0 ? '\n' : ''}Warnings:`)
    for (const problem of result.warnings) console.log(`  ${formatProblem(problem)}`)
  }
  console.log(`${result.errors.length + result.warnings.length > 0 ? '\n' : ''}${formatSummary(result)}`)
  console.error(`(${files.map((file) => path.relative(cwd, file) || file).join(', ')}, ${(performance.now() / 1000).toFixed(1)} s)`)
  process.exitCode = result.errors.length > 0 ? 1 : 0
} catch (error) {
  const {code, path: missing} = error as {code?: string; path?: string}
  console.error(
    code === 'ENOENT' && missing
      ? `dataset:validate: no such file: ${missing} (the dataset is studio/dataset/parts/*.ndjson concatenated; you can also pass the parts)`
      : `dataset:validate: ${(error as Error).message}`,
  )
  process.exitCode = 1
}
