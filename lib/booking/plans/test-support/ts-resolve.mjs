/**
 * Lets a test's child process (`node --import ./lib/booking/plans/test-support/ts-register.mjs x.ts`)
 * load the app's TypeScript modules as Next and Vitest do: Node 24 strips the types, this resolves
 * the extension-less relative imports to their .ts files and makes `server-only` a no-op (it throws
 * outside a React Server Components bundle; Vitest aliases it the same way).
 */
export async function resolve(specifier, context, next) {
  if (specifier === 'server-only') return {url: 'data:text/javascript,export {}', shortCircuit: true}
  try {
    return await next(specifier, context)
  } catch (error) {
    if (!specifier.startsWith('.') && !specifier.startsWith('/')) throw error
    for (const suffix of ['.ts', '/index.ts']) {
      try {
        return await next(specifier + suffix, context)
      } catch {
        // the next form
      }
    }
    throw error
  }
}
