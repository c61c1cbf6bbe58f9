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
  // Words around a value
  '(opens in a new tab)', '(required)', 'about', ', home', ': highlights', 'slide', 'of', 'out of 5 stars', 'Last updated',
  // Hidden from people (spam trap); shown to editors only (draft mode)
  'Leave this field empty', 'Preview of drafts',
  // Route answers that are not pages
  'Draft mode is not configured',
])

/**
 * Error pages keep their few words in code: they show when something failed, often reading the
 * content itself (README, product notes).
 */
const KEPT_IN_CODE = new Set(['app/(site)/error.tsx', 'app/global-error.tsx'])

/**
 * Files whose copy has not moved into the content yet (issue 9, still open), with how many texts
 * each holds. The number may only go down; a file whose texts have all moved must leave the list.
 */
const NOT_YET_MOVED: Record<string, number> = {
  'app/checkout/test/[sessionId]/page.tsx': 1,
  'components/booking/carpet/CarpetBookingForm.tsx': 31,
  'components/booking/commercial/CommercialBookingForm.tsx': 22,
  'components/booking/exterior/ExteriorBookingForm.tsx': 26,
  'components/booking/house/HouseBookingForm.tsx': 41,
  'components/booking/shared/ConfirmPayButton.tsx': 2,
  'components/booking/shared/CouponField.tsx': 2,
  'components/booking/shared/SummaryCard.tsx': 8,
  'components/booking/shared/useBookingSubmit.ts': 1,
  'components/payment/BookingSummaryList.tsx': 4,
  'components/payment/TestCheckoutView.tsx': 9,
}

const uncontent = (findings: Finding[]) => findings.filter((finding) => !UI_LABELS.has(finding.text) && !KEPT_IN_CODE.has(finding.file))

describe('visitor-facing text', () => {
  const findings = uncontent(scan(root, ['app', 'components']))
  const byFile = Map.groupBy(findings, (finding) => finding.file)

  it('comes from the content everywhere outside the files still listed', () => {
    const stray = findings.filter((finding) => !(finding.file in NOT_YET_MOVED)).map(({file, line, text}) => `${file}:${line} "${text}"`)
    expect(stray).toEqual([])
  })

  it('shrinks in the files not yet moved, and a moved file leaves the list', () => {
    const counts = Object.fromEntries(Object.keys(NOT_YET_MOVED).map((file) => [file, byFile.get(file)?.length ?? 0]))
    for (const [file, count] of Object.entries(counts)) {
      expect(count, `${file}: ${count} texts, listed as ${NOT_YET_MOVED[file]}`).toBeLessThanOrEqual(NOT_YET_MOVED[file])
      expect(count, `${file} has no texts left: remove it from NOT_YET_MOVED`).toBeGreaterThan(0)
    }
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
