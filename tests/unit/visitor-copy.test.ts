import {readFileSync} from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {findVisitorText, scan, type Finding} from './visitor-copy'

/**
 * Everything a visitor reads comes from the content (Sanity), so editors can change it. This fails
 * when a component or route under app/ or components/ renders English that is not from the content,
 * unless it is one of the UI labels below (the words of controls, not copy).
 */
const root = path.join(import.meta.dirname, '..', '..')

/** UI labels: names of controls and landmarks, and the small words around content values. */
const UI_LABELS = new Set([
  // Controls
  'Close', 'Close menu', 'Menu', 'Next', 'Next review', 'Pause', 'Play', 'Pause reviews', 'Play reviews', 'Increase',
  'Decrease', 'Apply', 'Remove coupon', 'Scroll to top', 'Skip to main content', 'Show map', 'View larger map', 'Try again',
  'Call', 'Call now', 'Send an e-mail', 'Read More', 'Learn more', 'All articles', 'Exit preview',
  // Landmarks and regions (screen readers)
  'Main', 'Home', 'Preview', 'On this page', 'What happens now', 'Booking details', 'Booking summary and help',
  // Names of form fields and of the summaries' rows (their sections' headings and help are content)
  'First name', 'Last name', 'Email', 'E-mail', 'Phone', 'Phone number', 'Address', 'Date', 'Hours', 'Minutes', 'Time',
  'Tip', 'Tip for your crew', 'Parking', 'Parking fee', 'Industry', 'Service', 'Frequency', 'Location', 'Rooms', 'Staircases',
  'Extras', 'Bedrooms', 'Bathrooms', 'Half baths', 'Dens', 'Price', 'Discount', 'Reference', 'Arrival window',
  // Words around a value
  '(opens in a new tab)', '(required)', 'about', ', home', ': highlights', 'slide', 'of', 'out of 5 stars', 'Last updated',
  'None', 'each', 'per room or staircase', 'Tip (',
  // Hidden from people (spam trap); shown to editors only (draft mode)
  'Leave this field empty', 'Preview of drafts',
  // Route answers that are not pages
  'Draft mode is not configured',
])

/**
 * Words kept in code, with their reason (README, product notes): error pages show when something
 * failed, often reading the content itself; the local test checkout stands in for Stripe's own
 * payment page, which no editor writes either, and exists only where no Stripe key is set.
 */
const KEPT_IN_CODE = new Set([
  'app/(site)/error.tsx',
  'app/global-error.tsx',
  'app/checkout/test/[sessionId]/page.tsx',
  'components/payment/TestCheckoutView.tsx',
])

const uncontent = (findings: Finding[]) => findings.filter((finding) => !UI_LABELS.has(finding.text) && !KEPT_IN_CODE.has(finding.file))

describe('visitor-facing text', () => {
  const findings = uncontent(scan(root, ['app', 'components']))
  it('comes from the content everywhere, but for UI labels and the files kept in code', () => {
    const stray = findings.map(({file, line, text}) => `${file}:${line} "${text}"`)
    expect(stray).toEqual([])
  })
})

/**
 * The forms' rules word their messages by key (lib/booking/message-keys.ts, lib/leads/message-keys.ts):
 * the words are content. What may remain there: keys, field names and the words around a value.
 */
const FORM_RULES = ['lib/booking/schemas.ts', 'lib/booking/rules.ts', 'lib/booking/coupons.ts', 'lib/booking/flow-messages.ts', 'lib/leads/schemas.ts']
const WORDS_IN_FORM_RULES = new Set(['count', 'off'])
const isMessageKey = (text: string) => /^[a-z]+(?:[A-Z][a-z]*)+$/.test(text)

describe("the forms' messages", () => {
  it('come from the content: the schemas, coupons and submission texts name them by key', () => {
    const findings = FORM_RULES.flatMap((file) => findVisitorText(file, readFileSync(path.join(root, file), 'utf8')))
    const stray = findings.filter(({text}) => !UI_LABELS.has(text) && !WORDS_IN_FORM_RULES.has(text) && !isMessageKey(text))
    expect(stray.map(({file, line, text}) => `${file}:${line} "${text}"`)).toEqual([])
  })
})

describe('the scan', () => {
  it('finds English in JSX text, visible props, page metadata and constants, and not in code', () => {
    const source = `
      import styles from './x.module.css'
      export const metadata = {title: 'Book Carpet Cleaning Online', description: 'Book carpet cleaning in King County.'}
      const STATUS = {paid: 'Your booking is confirmed. Thank you!'}
      export function Card({ok}: {ok: boolean}) {
        console.error('The booking could not be loaded right now')
        return (
          <section aria-label="Booking details" className="card wide view">
            <h2>Book House Cleaning</h2>
            <Button label={ok ? 'Pay now' : 'Try again later'} href="/house_cleaning" />
            {STATUS.paid} {'Questions? Call us'}
          </section>
        )
      }`
    expect(findVisitorText('sample.tsx', source).map((finding) => finding.text)).toEqual([
      'Book Carpet Cleaning Online',
      'Book carpet cleaning in King County.',
      'Your booking is confirmed. Thank you!',
      'Booking details',
      'Book House Cleaning',
      'Pay now',
      'Try again later',
      'Questions? Call us',
    ])
  })
})
