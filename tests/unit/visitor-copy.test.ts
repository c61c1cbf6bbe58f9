import {existsSync, readFileSync} from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {findVisitorText, scan, sourceFiles, type Finding} from './visitor-copy'

/**
 * Everything a visitor reads comes from the content (Sanity), so editors can change it. This fails
 * when a module under app/, components/ or lib/ renders or composes English that is not from the
 * content (a page, an e-mail, a form's message, the manage page's list of changes), unless it is one
 * of the UI labels below (the words of controls, not copy) or kept in code for a reason given below.
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
  'Date and window',
  // Words around a value
  '(opens in a new tab)', '(required)', 'about', ', home', ': highlights', 'slide', 'of', 'out of 5 stars', 'Last updated',
  'None', 'each', 'per room or staircase', 'Tip (',
  // Hidden from people (spam trap); shown to editors only (draft mode)
  'Leave this field empty', 'Preview of drafts',
  // Route answers that are not pages
  'Draft mode is not configured',
])

/**
 * Where words may stay in code, each with its reason (README, product notes); a path ending in / is
 * a folder. Every other module under app/, components/ and lib/ is scanned.
 */
const KEPT_IN_CODE: Record<string, string> = {
  // Error pages show when something failed, often reading the content itself.
  'app/(site)/error.tsx': 'error page',
  'app/global-error.tsx': 'error page',
  // The local test checkout stands in for Stripe's payment page, which no editor writes either,
  // and exists only where no Stripe key is set.
  'app/checkout/test/[sessionId]/page.tsx': 'test checkout',
  'components/payment/TestCheckoutView.tsx': 'test checkout',
  'lib/payments/': "the payment provider's adapters and the test checkout: errors for the operator and Stripe",
  // Staff-facing: the office's notifications (staff-facing words may live in code); their subjects are content.
  'lib/email/business-notifications.ts': "the business's notifications",
  // The server's start-up log for the operator: which background work this process runs.
  'lib/background/start.ts': "the operator's start-up log",
  'lib/email/notifications/': "the business's notifications",
  // The office (/office): staff-facing pages and the sign-in e-mail to staff, their words
  // in lib/office/*/words.ts; no visitor reads them.
  'app/office/': 'the office',
  'components/office/': 'the office',
  'lib/office/': 'the office',
  // The booking catalog: what is sold, its names and prices, and the names of a booking's fields
  // and charges, kept together in code so that a name and its price never disagree.
  'lib/booking/catalog.ts': 'the price list',
  'lib/booking/catalog/': 'the price list',
  'lib/booking/pricing.ts': "the price list's charges",
  'lib/booking/pricing/': "the price list's charges",
  'lib/booking/stored.ts': "the names of a booking's fields",
  // Read by editors in the Studio (the Availability document's validation) or by the operator.
  'lib/booking/availability.ts': "the Availability document's validation",
  'lib/booking/start.ts': "the server's start-up lines",
  'lib/email/folder-transport.ts': "the server's start-up lines",
  // Text messages: the server's start-up lines.
  'lib/texts/folder-transport.ts': "the server's start-up lines",
  'lib/texts/twilio-settings.ts': "the server's start-up lines",
  // Server plumbing that answers machines and the operator, never a visitor: loading the content
  // (a missing field names the document to publish), the database and its stores, the edge server,
  // request bodies.
  'lib/content/': 'content loading',
  'lib/database/': 'the database',
  'lib/booking/store/': 'the booking stores',
  'lib/edge/': 'the edge server',
  'lib/request-body.ts': 'request bodies',
}
const isKept = (file: string) => Object.keys(KEPT_IN_CODE).some((kept) => (kept.endsWith('/') ? file.startsWith(kept) : file === kept))

/** Keys naming the forms' messages (lib/booking/message-keys.ts, lib/leads/message-keys.ts), and words around a value in the rules. */
const isMessageKey = (text: string) => /^[a-z]+(?:[A-Z][a-z]*)+$/.test(text)
const WORDS_AROUND_VALUES = new Set(['count', 'off'])

const uncontent = (findings: Finding[]) =>
  findings.filter((finding) => !UI_LABELS.has(finding.text) && !WORDS_AROUND_VALUES.has(finding.text) && !isMessageKey(finding.text) && !isKept(finding.file))

const FOLDERS = ['app', 'components', 'lib']

describe('visitor-facing text', () => {
  const files = sourceFiles(root, FOLDERS).map((file) => path.relative(root, file))

  it('is looked for in every module that renders or composes it: pages, components, e-mails, messages', () => {
    for (const file of [
      'lib/email/compose.ts',
      'lib/email/messages/booking-paid.ts',
      'lib/email/messages/booking-moved.ts',
      'components/email/EmailLayout.tsx',
      'lib/booking/manage.ts',
      'lib/booking/flow-messages.ts',
      'lib/leads/schemas.ts',
      'components/booking/manage/ManageBooking.tsx',
      'app/(site)/manage-booking/[token]/page.tsx',
    ])
      expect(files.filter((candidate) => !isKept(candidate))).toContain(file)
    // Every exception names something that exists: the list cannot outlive what it excuses.
    for (const kept of Object.keys(KEPT_IN_CODE)) expect(existsSync(path.join(root, kept)), kept).toBe(true)
  })

  it('comes from the content everywhere, but for UI labels and what is kept in code', () => {
    const stray = uncontent(scan(root, FOLDERS)).map(({file, line, text}) => `${file}:${line} "${text}"`)
    expect(stray).toEqual([])
  })
})

describe('a sentence hard-coded into an e-mail composer', () => {
  const file = 'lib/email/messages/booking-moved.ts'
  const source = readFileSync(path.join(root, file), 'utf8')
  /** `source` with `from` replaced by `to`, failing if `from` is not there (the fixture would prove nothing). */
  const changed = (from: string, to: string) => {
    expect(source).toContain(from)
    return source.replace(from, to)
  }

  it('fails the guard, whole or built around values', () => {
    expect(uncontent(findVisitorText(file, source))).toEqual([])
    const sentence = changed('paragraphs: [fillTokens(w.body, values)],', "paragraphs: ['Questions? Call us any time.'],")
    expect(uncontent(findVisitorText(file, sentence)).map((finding) => finding.text)).toEqual(['Questions? Call us any time.'])
    const built = changed('paragraphs: [fillTokens(w.body, values)],', 'paragraphs: [`Hi ${facts.customer.firstName}, your booking is moved.`],')
    expect(uncontent(findVisitorText(file, built)).map((finding) => finding.text)).toEqual(['Hi … , your booking is moved.'])
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
