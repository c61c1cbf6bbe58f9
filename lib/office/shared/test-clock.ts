import {isLoopbackSite} from '../../site-url.ts'

/**
 * The browser tests' clock for the office's sign-in rules (an expired link without waiting 15
 * minutes): a request header naming the time, honoured only when OFFICE_TEST_CLOCK=on and the site
 * is on this machine only (a loopback SITE_URL), as the suite's server is. Any other server ignores it.
 */
export const TEST_CLOCK_HEADER = 'x-office-test-now'

export function testClockNow(env: Record<string, string | undefined>, headerValue: string | null | undefined): Date | null {
  if (env.OFFICE_TEST_CLOCK !== 'on' || !isLoopbackSite(env) || !headerValue) return null
  const at = new Date(headerValue)
  return Number.isNaN(at.getTime()) ? null : at
}
