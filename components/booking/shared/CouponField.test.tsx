import {render, screen, within} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {useWatch} from 'react-hook-form'
import {describe, expect, it} from 'vitest'
import {CARPET_DEFAULTS, HOUSE_DEFAULTS} from '@/lib/booking/catalog'
import {previewCarpetPrice, previewHousePrice} from '@/lib/booking/pricing'
import {InBookingForm} from '@/tests/components/booking-form'
import {CouponField} from './CouponField'
import {SummaryCard} from './SummaryCard'
import {useBookingFormContext} from './useBookingForm'

/**
 * Apply Coupon Code: Apply or Enter applies (Enter never submits the form),
 * codes are trimmed and case-insensitive, a valid code's discount shows in the summary, an invalid
 * one says 'Invalid coupon code.' beside the field (its description, aria-invalid) and keeps the
 * discount (house) or sets it back to none (carpet); a coupon can be removed.
 * (Moved from booking-house.spec.ts and booking-carpet.spec.ts; which codes exist and what they take
 * off is lib/booking/coupons.test.ts's.)
 */

function CouponForm({industry, onSubmit}: {industry: 'house' | 'carpet'; onSubmit: () => void}) {
  const {control} = useBookingFormContext()
  const values = useWatch({control})
  const breakdown = industry === 'house' ? previewHousePrice(values) : previewCarpetPrice(values)
  return (
    <form
      aria-label="booking"
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <CouponField control={control as never} name={'coupon' as never} industry={industry} onInvalid={industry === 'house' ? 'keep' : 'clear'} />
      <SummaryCard heading="Summary" rows={[]} breakdown={breakdown} showDiscount />
      <button type="submit">Confirm & Pay</button>
    </form>
  )
}

function setup(industry: 'house' | 'carpet') {
  const submitted = {count: 0}
  const values =
    industry === 'house'
      ? {...HOUSE_DEFAULTS, extras: {...HOUSE_DEFAULTS.extras}, service: 'Deep Cleaning' as const}
      : {...CARPET_DEFAULTS, extras: {...CARPET_DEFAULTS.extras, 'Pet, Food, Drink Stain': 2}, frequency: 'Every 3 Months' as const, rooms: 3, stairs: 1}
  render(
    <InBookingForm industry={industry} values={values as never}>
      <CouponForm industry={industry} onSubmit={() => (submitted.count += 1)} />
    </InBookingForm>,
  )
  const code = screen.getByRole('textbox', {name: 'Coupon code'})
  const discount = () => within(screen.getByRole('region', {name: 'Summary'})).getByText('Discount').nextElementSibling?.textContent
  const total = () => screen.getByTestId('summary-total').textContent
  return {user: userEvent.setup({delay: null}), code, discount, total, submitted}
}

describe('the house coupon (flat amounts; an invalid code keeps the discount)', () => {
  it('an invalid code, applied with Enter: the message beside the field, no discount, nothing submitted', async () => {
    const {user, code, discount, total, submitted} = setup('house')
    expect(discount()).toBe('None')
    expect(total()).toBe('Total $257.75')
    await user.type(code, 'bogus{Enter}')
    expect(screen.getByRole('textbox', {name: 'Coupon code', description: 'Invalid coupon code.'})).toBe(code)
    expect(code.getAttribute('aria-invalid')).toBe('true')
    expect(discount()).toBe('None')
    expect(total()).toBe('Total $257.75')
    expect(submitted.count).toBe(0)
  })

  it('a valid code (trimmed, any case) takes its amount off; an invalid one afterwards keeps it; Remove takes it away', async () => {
    const {user, code, discount, total} = setup('house')
    await user.type(code, ' FLAT5 ')
    await user.click(screen.getByRole('button', {name: 'Apply'}))
    expect(discount()).toBe('$5.00 off')
    expect(total()).toBe('Total $252.75')
    expect(code.getAttribute('aria-invalid')).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('Coupon FLAT5 applied.')

    await user.clear(code)
    await user.type(code, 'save99')
    await user.click(screen.getByRole('button', {name: 'Apply'}))
    expect(screen.getByText('Invalid coupon code.')).toBeTruthy()
    expect(discount()).toBe('$5.00 off')
    expect(total()).toBe('Total $252.75')

    // Typing again clears the message.
    await user.type(code, 'x')
    expect(code.getAttribute('aria-invalid')).toBeNull()

    await user.clear(code)
    await user.type(code, 'SAVE20')
    await user.click(screen.getByRole('button', {name: 'Apply'}))
    expect(discount()).toBe('$20.00 off')
    expect(total()).toBe('Total $237.75')
    await user.click(screen.getByRole('button', {name: 'Remove coupon SAVE20'}))
    expect(discount()).toBe('None')
    expect(total()).toBe('Total $257.75')
    expect(screen.getByRole('status').textContent).toBe('Coupon removed.')
  })
})

describe('the carpet coupon (percentages; an invalid code sets the discount back to none)', () => {
  it('save10 takes 10 % off; an invalid code then shows its message and the discount goes', async () => {
    const {user, code, discount, total, submitted} = setup('carpet')
    expect(total()).toBe('Total $219.82')
    await user.type(code, '  SAVE10 ')
    await user.click(screen.getByRole('button', {name: 'Apply'}))
    expect(discount()).toBe('10 % (−$21.98)')
    expect(total()).toBe('Total $197.84')

    await user.clear(code)
    await user.type(code, 'save15{Enter}')
    expect(screen.getByRole('textbox', {name: 'Coupon code', description: 'Invalid coupon code.'})).toBe(code)
    expect(discount()).toBe('None')
    expect(total()).toBe('Total $219.82')
    expect(submitted.count).toBe(0)
  })
})
