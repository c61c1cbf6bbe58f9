import {expect, test as base} from '@playwright/test'
import type {PrivateStack} from './private-stack'

/**
 * The suite's `test`: Playwright's, plus a watch on every page for Content-Security-Policy
 * violations (Chromium reports each on the console). A test that meets one fails, so the whole suite
 * proves the policy lets every page work. Specs that provoke violations on purpose set
 * `test.use({cspViolationsExpected: true})` and check them themselves.
 * Chromium logs a blocked script or style but not a blocked `eval` that the page caught (it only
 * shows it in DevTools' issues, where Lighthouse finds it), so the page's own
 * `securitypolicyviolation` events are logged too.
 */
export const test = base.extend<{cspViolationsExpected: boolean; cspWatch: void}, {privateStack: PrivateStack}>({
  /**
   * A site of its own whose database and mail server a test may take away (private-stack.ts), one
   * per worker: started when the worker's first test asks for it (a server start, seconds of CPU)
   * and shared by its later tests, of any spec. Each such test uses data of its own and leaves the
   * stack as it found it (database and mail server up); after a failure Playwright starts a new
   * worker, and with it a new stack. Declared here, on the suite's one `test`, so asking for it
   * does not need a worker of another kind.
   */
  privateStack: [
    async ({}, use) => {
      // Loaded only by a worker that needs one (the embedded database and the Data API stand-in).
      const {startPrivateStack} = await import('./private-stack')
      const stack = await startPrivateStack()
      await use(stack)
      await stack.close()
    },
    {scope: 'worker', timeout: 120_000},
  ],
  cspViolationsExpected: [false, {option: true}],
  cspWatch: [
    async ({context, cspViolationsExpected}, use) => {
      const violations: string[] = []
      const watch = (page: import('@playwright/test').Page) =>
        page.on('console', (message) => {
          if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`)
        })
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`Content Security Policy: ${event.violatedDirective} refused ${event.blockedURI || 'a resource'}`)
        })
      })
      context.pages().forEach(watch)
      context.on('page', watch)
      await use()
      if (!cspViolationsExpected) expect(violations, 'Content-Security-Policy violations').toEqual([])
    },
    {auto: true},
  ],
})

export {expect}
export type * from '@playwright/test'
