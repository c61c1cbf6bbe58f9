/**
 * Asks `check` every 100 ms until it answers something other than undefined, and answers that:
 * for what another process does in its own time. Throws after `timeoutMs`, naming what it waited for.
 */
export async function eventually<T>(check: () => Promise<T | undefined>, what: () => string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = await check()
    if (found !== undefined) return found
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
