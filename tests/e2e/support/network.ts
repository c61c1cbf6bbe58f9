import type {Page} from '@playwright/test'

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
