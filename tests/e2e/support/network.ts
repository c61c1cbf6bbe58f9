import type {Page, Route} from '@playwright/test'

/** Holds the requests to `path` until `release()`: what the page shows while it waits can be checked. */
export async function holdRequests(page: Page, path: string): Promise<{release(): void}> {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  await page.route(`**${path}`, async (route) => {
    await gate
    await route.continue()
  })
  return {release}
}

/**
 * Holds every script the page asks for from now on, until `release()`: what a visitor does before
 * the code arrives can be checked without timing.
 */
export async function holdScripts(page: Page): Promise<{readonly count: number; release(): Promise<void>}> {
  const held: Route[] = []
  let released = false
  await page.route(/\/_next\/static\/.*\.js(\?|$)/, async (route) => {
    if (released) await route.continue()
    else held.push(route)
  })
  return {
    get count() {
      return held.length
    },
    async release() {
      released = true
      await Promise.all(held.splice(0).map((route) => route.continue()))
    },
  }
}
