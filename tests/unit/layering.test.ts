// The layering rules of eslint.config.mjs, run as `npm run lint` runs them (the project's own
// config through ESLint's Node API) on small files placed in each layer: a forbidden import fails
// with the rule's message, its allowed counterpart passes.
import {existsSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {ESLint} from 'eslint'
import {beforeAll, describe, expect, it} from 'vitest'
import {ADAPTERS, REQUEST_WIRING, STUDIO_SHARED_RULES} from '../../eslint.config.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '../..')
const RULE = 'boundaries/dependencies'

let eslint: ESLint
beforeAll(() => {
  eslint = new ESLint({cwd: root})
})

/** The layering messages ESLint reports for `code` saved as `file` (a path from the repository root). */
async function layeringErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, {filePath: join(root, file)})
  // A snippet that does not parse would pass every rule: fail the test instead.
  expect(result.messages.filter((message) => message.fatal)).toEqual([])
  return result.messages.filter((message) => message.ruleId === RULE && message.severity === 2).map((message) => message.message)
}

describe('lib/ never imports upward', () => {
  it.each([
    ['components/', "export {ICON_SHAPES} from '@/components/ui/icon-shapes'", 'lib/ must not import components/ (@/components/ui/icon-shapes)'],
    ['app/', "import GlobalNotFound from '@/app/global-not-found'\nexport default GlobalNotFound", 'lib/ must not import app/ (@/app/global-not-found)'],
    ['studio/ (a relative path)', "export {schemaTypes} from '../../studio/schemaTypes/index.ts'", 'lib/ must not import studio/ (../../studio/schemaTypes/index.ts)'],
    ['components/ (a dynamic import)', "export const load = () => import('@/components/ui/icon-shapes')", 'lib/ must not import components/ (@/components/ui/icon-shapes)'],
  ])('an import from lib/ into %s fails', async (_layer, code, message) => {
    const errors = await layeringErrors('lib/booking/new-rule.ts', code)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain(message)
  })

  it('an import within lib/ passes', async () => {
    expect(await layeringErrors('lib/booking/new-rule.ts', "export {HOUSE_EXTRA_CENTS} from '@/lib/booking/pricing'\nexport {INDUSTRY_NAMES} from '../booking/catalog'")).toEqual([])
  })

  it('the layers above may import lib/, and routes components/', async () => {
    expect(await layeringErrors('components/booking/NewPart.tsx', "export {INDUSTRY_NAMES} from '@/lib/booking/catalog'")).toEqual([])
    expect(await layeringErrors('app/(site)/new-page/page.tsx', "export {ICON_SHAPES} from '@/components/ui/icon-shapes'\nexport {INDUSTRY_NAMES} from '@/lib/booking/catalog'")).toEqual([])
  })

  it('components/ never imports a route', async () => {
    const errors = await layeringErrors('components/booking/NewPart.tsx', "export {default} from '@/app/global-not-found'")
    expect(errors).toEqual([expect.stringContaining('components/ must not import app/ (@/app/global-not-found)')])
  })

  it('tests stand outside the layers: a lib/ test may import a component', async () => {
    expect(await layeringErrors('lib/booking/new-rule.test.ts', "export {ICON_SHAPES} from '@/components/ui/icon-shapes'")).toEqual([])
  })
})

describe('the Studio uses only the plain rules it shares with lib/', () => {
  it("imports the catalog, and not lib/'s server code", async () => {
    expect(await layeringErrors('studio/schemaTypes/documents/newDocument.ts', "export {INDUSTRY_NAMES} from '../../../lib/booking/catalog'")).toEqual([])
    const errors = await layeringErrors('studio/schemaTypes/documents/newDocument.ts', "export {getDatabaseFunctions} from '../../../lib/database'")
    expect(errors).toEqual([expect.stringContaining('studio/ must not import lib/ (../../../lib/database)')])
  })
})

describe('lib/ is plain TypeScript', () => {
  it('a React import in a lib/ domain file fails; in a component it passes', async () => {
    const code = "import {cache} from 'react'\nexport const once = cache(() => 1)"
    expect(await layeringErrors('lib/booking/new-rule.ts', code)).toEqual([expect.stringContaining('lib/ must not import react: lib/ is plain TypeScript')])
    expect(await layeringErrors('components/booking/NewPart.tsx', code)).toEqual([])
  })

  it("a vendor SDK outside its adapter fails; in the adapter it passes", async () => {
    const code = "import Stripe from 'stripe'\nexport const stripe = new Stripe('sk_test_x')"
    expect(await layeringErrors('lib/booking/new-rule.ts', code)).toEqual([
      expect.stringContaining('lib/booking/new-rule.ts must not import stripe: vendor SDKs stay in their adapter files'),
    ])
    expect(await layeringErrors('lib/payments/stripe.ts', code)).toEqual([])
    // Each adapter its own SDK only: the Stripe adapter may not open a database.
    expect(await layeringErrors('lib/payments/stripe.ts', "export {createClient} from '@supabase/supabase-js'")).toEqual([
      expect.stringContaining('lib/payments/stripe.ts must not import @supabase/supabase-js'),
    ])
  })

  it("Next's request functions only in the files that wire lib/ to a request; its types anywhere", async () => {
    expect(await layeringErrors('lib/booking/new-rule.ts', "export {cookies} from 'next/headers'")).toEqual([
      expect.stringContaining('lib/booking/new-rule.ts must not import next'),
    ])
    expect(await layeringErrors('lib/office/access/page.ts', "export {cookies} from 'next/headers'")).toEqual([])
    expect(await layeringErrors('lib/booking/new-rule.ts', "import type {Metadata} from 'next'\nexport type Page = Metadata")).toEqual([])
  })

  it('components never call a database or an outside service themselves', async () => {
    expect(await layeringErrors('components/booking/NewPart.tsx', "export {createClient} from '@supabase/supabase-js'")).toEqual([
      expect.stringContaining('components/ must not import @supabase/supabase-js'),
    ])
    expect(await layeringErrors('components/office/NewTable.tsx', "export {getDatabaseFunctions} from '@/lib/database'")).toEqual([
      expect.stringContaining('components/ must not import @/lib/database: components never call a database'),
    ])
    // The shape of what they are given is free.
    expect(await layeringErrors('components/office/NewTable.tsx', "export type {DatabaseFunctions} from '@/lib/database/functions'")).toEqual([])
  })
})

describe("the config's lists of exceptions", () => {
  it('name files that exist, so a moved adapter does not leave a stale exception behind', () => {
    const listed = [...Object.values(ADAPTERS).flat(), ...Object.values(REQUEST_WIRING).flat(), ...STUDIO_SHARED_RULES]
    expect(listed.filter((file) => !existsSync(join(root, 'lib', file)))).toEqual([])
  })
})
