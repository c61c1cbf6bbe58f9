import {readFileSync} from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {readFunctionCatalog, renderFunctionRegistry} from './function-catalog'
import {PGLITE_SETUP_TIMEOUT} from './test-support/temp-pglite'

/**
 * functions.generated.ts is what the migrations give: a migration that adds or changes a function
 * without `npm run db:typegen` fails here, before an adapter calls it with the wrong arguments.
 */
describe('the registry of database functions', () => {
  it('is the one the migrated database gives (run `npm run db:typegen` after changing a migration)', async () => {
    const written = readFileSync(path.join(process.cwd(), 'lib', 'database', 'functions.generated.ts'), 'utf8')
    expect(written).toBe(renderFunctionRegistry(await readFunctionCatalog()))
  }, PGLITE_SETUP_TIMEOUT)
})
