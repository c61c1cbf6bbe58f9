// Fails when studio/schema.json or sanity.types.ts no longer match the schemas and queries, so every
// query's result type really comes from typegen. Regenerates them in place; commit what changes.
import {execFileSync} from 'node:child_process'
import {readFileSync} from 'node:fs'

const files = ['studio/schema.json', 'sanity.types.ts']
const before = files.map((file) => readFileSync(file, 'utf8'))
const env = {...process.env, SANITY_TELEMETRY_DISABLED: '1'}
execFileSync('sanity', ['schema', 'extract', '--path', 'studio/schema.json', '--force'], {stdio: 'pipe', env})
execFileSync('sanity', ['typegen', 'generate'], {stdio: 'pipe', env})
const stale = files.filter((file, index) => readFileSync(file, 'utf8') !== before[index])
if (stale.length > 0) {
  console.error(`Out of date: ${stale.join(', ')}. They have been regenerated from the schemas and queries; review and commit them.`)
  process.exit(1)
}
console.log('Sanity schema and query types are up to date.')
