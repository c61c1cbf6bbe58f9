import {render, screen, within} from '@testing-library/react'
import {useWatch} from 'react-hook-form'
import {describe, expect, it} from 'vitest'
import {CARPET_DEFAULTS, HOUSE_DEFAULTS} from '@/lib/booking/catalog'
import {arrivalWindowLabel} from '@/lib/booking/arrival-window'
import {formatDate} from '@/lib/format'
import {previewCarpetPrice, previewHousePrice} from '@/lib/booking/pricing'
import {InBookingForm, textsOf} from '@/tests/components/booking-form'
import {useBookingFormContext} from './useBookingForm'
import {SummaryCard} from './SummaryCard'

/**
 * The live summary: every price line of the breakdown lib/booking/pricing.ts works
 * out, the tip, parking and discount, and the total in an aria-live region; "—" while the form
 * cannot be priced; the date and arrival window once chosen. The prices themselves are
 * lib/booking/pricing.test.ts's; here, that the summary shows each of them, labelled.
 * (Moved from booking-house.spec.ts and booking-carpet.spec.ts.)
 */

/** The summary as the screens wire it: the form's values priced as they change. */
function LiveSummary({industry}: {industry: 'house' | 'carpet'}) {
  const {control} = useBookingFormContext()
  const values = useWatch({control})
  const breakdown = industry === 'house' ? previewHousePrice(values) : previewCarpetPrice(values)
  return <SummaryCard heading="Summary" rows={[{label: 'Service', value: 'shown first'}]} breakdown={breakdown} showDiscount={industry === 'carpet' ? true : undefined} />
}

const summary = () => screen.getByRole('region', {name: 'Summary'})
/** The value of the summary row labelled `label` (a <dt>/<dd> pair). */
function row(label: string): string | null {
  const term = within(summary()).getAllByRole('term').find((dt) => dt.textContent === label)
  if (!term) throw new Error(`No summary row "${label}"; rows: ${within(summary()).getAllByRole('term').map((dt) => dt.textContent).join(' | ')}`)
  return term.nextElementSibling?.textContent ?? null
}
const total = () => screen.getByTestId('summary-total')

describe('the house summary', () => {
  it('before a service is chosen: the rows given, no price lines and the total as —', () => {
    render(
      <InBookingForm industry="house" values={{...HOUSE_DEFAULTS, extras: {...HOUSE_DEFAULTS.extras}}}>
        <LiveSummary industry="house" />
      </InBookingForm>,
    )
    expect(row('Service')).toBe('shown first')
    expect(within(summary()).getAllByRole('term').map((dt) => dt.textContent)).toEqual(['Service'])
    expect(total().textContent).toBe('Total —')
    expect(total().getAttribute('aria-live')).toBe('polite')
  })

  it('Deep Cleaning, 3 bedrooms, 2 bathrooms, 1 half bath, tip 15 %, parking $10, save10: every line and the total of the price list', () => {
    render(
      <InBookingForm
        industry="house"
        values={{
          ...HOUSE_DEFAULTS,
          extras: {...HOUSE_DEFAULTS.extras, Blinds: 2},
          service: 'Deep Cleaning',
          bedrooms: 3,
          bathrooms: 2,
          halfBaths: 1,
          tip: '15%',
          parkingFee: '$10',
          coupon: 'save10',
          date: '2026-12-01',
          arrivalWindow: '08:00-10:00',
        }}
      >
        <LiveSummary industry="house" />
      </InBookingForm>,
    )
    // Worked out by hand: 201.94 + 3 × 30.03 + 2 × 25.78 + 1 × 15.47 = 359.06; tip round(53.859) = 53.86;
    // 359.06 + 53.86 + 10.00 − 10.00 = 412.92.
    expect(row('Base service charge')).toBe('$201.94')
    expect(row('Bedrooms: 3 × $30.03')).toBe('$90.09')
    expect(row('Bathrooms: 2 × $25.78')).toBe('$51.56')
    expect(row('Half baths: 1 × $15.47')).toBe('$15.47')
    // Extras priced at $0 show as such, and change nothing.
    expect(row('Blinds: 2 × $0.00')).toBe('$0.00')
    expect(row('Tip (15%)')).toBe('$53.86')
    expect(row('Parking')).toBe('$10.00')
    expect(row('Discount')).toBe('$10.00 off')
    expect(total().textContent).toBe('Total $412.92')
    expect(total().getAttribute('aria-live')).toBe('polite')
    // The date and arrival window chosen.
    const texts = textsOf('house')
    expect(row(texts.dateLabel)).toBe(formatDate('2026-12-01'))
    expect(row(texts.windowLabel)).toBe(arrivalWindowLabel('08:00-10:00'))
  })

  it('no coupon: Discount None; tip 0 % and parking $0 add no lines', () => {
    render(
      <InBookingForm industry="house" values={{...HOUSE_DEFAULTS, extras: {...HOUSE_DEFAULTS.extras}, service: 'Deep Cleaning'}}>
        <LiveSummary industry="house" />
      </InBookingForm>,
    )
    // Deep Cleaning, 1 bedroom, 1 bathroom: 201.94 + 30.03 + 25.78 = 257.75.
    expect(row('Discount')).toBe('None')
    expect(within(summary()).queryByText(/^Tip/)).toBeNull()
    expect(within(summary()).queryByText('Parking')).toBeNull()
    expect(total().textContent).toBe('Total $257.75')
  })
})

describe('the carpet summary', () => {
  it('before a frequency is chosen: Discount None and the total as —', () => {
    render(
      <InBookingForm industry="carpet" values={{...CARPET_DEFAULTS, extras: {...CARPET_DEFAULTS.extras}}}>
        <LiveSummary industry="carpet" />
      </InBookingForm>,
    )
    expect(row('Discount')).toBe('None')
    expect(total().textContent).toBe('Total —')
  })

  it('a percent coupon shows its percent and the amount it takes off', () => {
    render(
      <InBookingForm
        industry="carpet"
        values={{...CARPET_DEFAULTS, extras: {...CARPET_DEFAULTS.extras, 'Pet, Food, Drink Stain': 2}, frequency: 'Every 3 Months', rooms: 3, stairs: 1, coupon: 'save10'}}
      >
        <LiveSummary industry="carpet" />
      </InBookingForm>,
    )
    // (3 + 1) × 44.00 + 2 × 21.91 = 219.82; 10 % = 21.982 → 21.98; 219.82 − 21.98 = 197.84.
    expect(row('Discount')).toBe('10 % (−$21.98)')
    expect(total().textContent).toBe('Total $197.84')
  })
})
