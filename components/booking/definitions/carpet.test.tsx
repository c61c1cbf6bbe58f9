import {screen, within} from '@testing-library/react'
import {describe, expect, it} from 'vitest'
import {chooseArrival, descriptionOf, renderBookingScreen} from '@/tests/components/booking-screen'

/**
 * The carpet booking form: the live summary against totals worked
 * out by hand, the unit prices beside the steppers, its coupons (percentages; an invalid code sets
 * the discount back to none), and every validation message beside its field.
 * (Moved from booking-carpet.spec.ts; the prices themselves are lib/booking/pricing.test.ts's.)
 */

type View = ReturnType<typeof renderBookingScreen>
const PET = 'Pet, Food, Drink Stain'

const radio = (view: View, group: RegExp, name: RegExp | string) => within(view.group(group)).getByRole('radio', {name})
const stepper = (view: View, label: string) => within(view.form).getByRole('spinbutton', {name: new RegExp(`^${label}`)})
const increase = (view: View, label: string) => within(view.form).getByRole('button', {name: `Increase ${label}`})

/** Every 3 Months, 3 rooms, 1 staircase, 2 × Pet, Food, Drink Stain. */
async function chooseExampleCleaning(view: View) {
  await view.user.click(radio(view, /^Frequency/, /^Every 3 Months/))
  for (let i = 0; i < 3; i += 1) await view.user.click(increase(view, 'Rooms'))
  await view.user.click(increase(view, 'Staircases'))
  for (let i = 0; i < 2; i += 1) await view.user.click(increase(view, PET))
}

async function applyCoupon(view: View, code: string) {
  const box = view.textbox('Coupon code')
  await view.user.clear(box)
  await view.user.type(box, code)
  await view.user.click(within(view.form).getByRole('button', {name: 'Apply'}))
}

describe('the carpet form', () => {
  it('the live summary equals the totals worked out by hand; unit prices at the chosen frequency; percent coupons', async () => {
    const view = renderBookingScreen('carpet')
    expect(view.row('Industry')).toBe('Carpet Cleaning')
    expect(view.row('Frequency')).toBe('Not selected')
    expect(view.row('Rooms')).toBe('0')
    expect(view.row('Staircases')).toBe('0')
    expect(view.row('Extras')).toBe('None')
    expect(view.row('Discount')).toBe('None')
    // No frequency, no rate: no total yet.
    expect(view.total()).toMatch(/^Total\s+—$/)
    // Location defaults to Snohomish County.
    expect((radio(view, /^Where Will The Service Be Taking Place/, 'Snohomish County') as HTMLInputElement).checked).toBe(true)

    await chooseExampleCleaning(view)
    expect(view.row('Frequency')).toBe('Every 3 Months plan')
    expect(view.row('Rooms')).toBe('3')
    expect(view.row('Staircases')).toBe('1')
    expect(view.row('Extras')).toBe(`${PET} × 2`)
    // The unit prices at the chosen frequency beside the steppers.
    expect(within(view.form).getAllByText('$44.00 each')).toHaveLength(2) // rooms and staircases
    expect(within(view.form).getAllByText('$21.91 each')).toHaveLength(1) // Pet, Food, Drink Stain
    expect(within(view.form).getAllByText('$35.05 each')).toHaveLength(2) // HAZARD, WINE STAIN REMOVAL
    expect(within(view.form).getAllByText('$7.01 each')).toHaveLength(1) // HALLWAYS
    // (3 + 1) × $44.00 + 2 × $21.91 = $219.82
    expect(view.total()).toMatch(/^Total\s+\$219\.82$/)
    expect(view.row('Discount')).toBe('None')

    // save10 typed in capitals with spaces: 10 % of 21982 cents = 2198.2 → $21.98; $197.84.
    await applyCoupon(view, '  SAVE10 ')
    expect(view.row('Discount')).toBe('10 % (−$21.98)')
    expect(view.total()).toMatch(/^Total\s+\$197\.84$/)
    expect(view.form.textContent).toContain('Total to pay $197.84')

    // An invalid code (Enter applies, never submits): the message beside the field, the discount back to none.
    await view.user.clear(view.textbox('Coupon code'))
    await view.user.type(view.textbox('Coupon code'), 'save15{Enter}')
    expect(descriptionOf(view.textbox('Coupon code'))).toBe('Invalid coupon code.')
    expect(view.row('Discount')).toBe('None')
    expect(view.total()).toMatch(/^Total\s+\$219\.82$/)
    expect(view.posts).toHaveLength(0)

    // save20 at One-Time: (3 + 1) × 52 = 208.00; 2 × 25.78 = 51.56; 259.56; 20 % = 51.912 → 51.91; 207.65.
    await view.user.click(radio(view, /^Frequency/, /^One-Time/))
    await applyCoupon(view, 'save20')
    expect(view.row('Discount')).toBe('20 % (−$51.91)')
    expect(view.total()).toMatch(/^Total\s+\$207\.65$/)
  })

  it('asks for at least one room or staircase, focused, and takes the message away for a staircase alone', async () => {
    const view = renderBookingScreen('carpet')
    // Everything else valid (the empty form's messages: ../BookingForm.test.tsx).
    await view.user.click(radio(view, /^Frequency/, /^One-Time/))
    await chooseArrival(view)
    for (const [label, value] of [
      ['First name', 'Theodora'],
      ['Last name', 'Vasquez-Whitcombe'],
      ['E-mail', 'theo.whitcombe@example.com'],
      ['Phone', '425.555.0129'],
      ['Address', '88 Burnett Ave N, Renton, WA 98057'],
    ] as const) {
      await view.user.type(view.textbox(label), value)
    }
    await view.user.click(view.confirm())
    await screen.findByText('Please add at least one room or staircase.')
    expect(descriptionOf(stepper(view, 'Rooms'))).toBe('Please add at least one room or staircase.')
    expect(document.activeElement).toBe(stepper(view, 'Rooms'))
    expect(view.total()).toMatch(/^Total\s+\$0\.00$/)

    // A staircase alone is enough.
    await view.user.click(increase(view, 'Staircases'))
    await expect.poll(() => within(view.form).queryByText('Please add at least one room or staircase.')).toBeNull()
    expect(view.posts).toHaveLength(0)
  })
})
