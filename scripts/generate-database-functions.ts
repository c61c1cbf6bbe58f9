/**
 * Writes lib/database/functions.generated.ts, the registry of the database functions and the zod
 * schemas of their answers, from a fresh embedded database migrated by supabase/migrations.
 *
 *   npm run db:typegen
 */
import {writeFileSync} from 'node:fs'
import path from 'node:path'
import {readFunctionCatalog, renderFunctionRegistry} from '../lib/database/function-catalog.ts'

const file = path.join(process.cwd(), 'lib', 'database', 'functions.generated.ts')
const functions = await readFunctionCatalog()
writeFileSync(file, renderFunctionRegistry(functions))
console.log(`${path.relative(process.cwd(), file)}: ${functions.length} functions`)
