import {within} from '@testing-library/react'
import {describe, expect, it} from 'vitest'
import {renderBookingScreen} from '@/tests/components/booking-screen'

/**
 * The plan notice before Confirm & Pay: a
 * recurring frequency says, before paying, that it is a plan, what each later visit costs and what
 * cancelling before the second visit costs (the one-time price of the same choices minus this
 * total, worked out here by hand from the price list's rates); a one-time visit says nothing of the kind.
 */

type View = ReturnType<typeof renderBookingScreen>

const radio = (view: View, group: string | RegExp, name: string | RegExp) => within(view.group(group)).getByRole('radio', {name})
const notice = (view: View) => within(view.form).getByTestId('plan-notice')

describe('the plan notice', () => {
  it('house: Weekly and Monthly are plans with their per-visit price and the difference to one-time; One-Time is not; it is read out politely', async () => {
    const view = renderBookingScreen('house')
    expect(notice(view).getAttribute('aria-live')).toBe('polite')
    await view.user.click(radio(view, 'Services (required)', 'Regular Cleaning'))
    expect(notice(view).textContent).toBe('')

    await view.user.click(radio(view, 'Frequency (required)', 'Weekly'))
    const weekly = notice(view).textContent ?? ''
    expect(within(notice(view)).getByRole('heading', {name: 'This booking starts a cleaning plan'})).toBeTruthy()
    expect(weekly).toContain('we come back every week, on the same weekday and in the same arrival window')
    // Weekly, 1 bedroom and 1 bathroom: 81.20 + 15.46 + 19.33 = $115.99; one-time 108.25 + 20.62 + 25.78 = $154.65.
    expect(weekly).toContain('Each later visit costs $115.99')
    expect(weekly).toContain('the difference to the one-time price: $38.66.')
    expect(weekly).toContain('Up to 24 hours before a visit you can skip or move it, or pause or cancel the plan')
    expect(view.row('Frequency')).toBe('Weekly plan')

    // A $10 coupon is for the first visit: the later visits still cost $115.99, and the difference
    // (the one-time price with the same coupon) stays $38.66.
    await view.user.type(view.textbox('Coupon code'), 'save10')
    await view.user.click(within(view.form).getByRole('button', {name: 'Apply'}))
    expect(view.total()).toBe('Total $105.99')
    expect(notice(view).textContent).toContain('Each later visit costs $115.99')
    expect(notice(view).textContent).toContain('the one-time price: $38.66.')

    // Monthly, 2 bedrooms: 102.85 + 2 × 19.59 + 24.48 = $166.51; one-time 108.25 + 2 × 20.62 + 25.78 = $175.27.
    await view.user.click(radio(view, 'Frequency (required)', 'Monthly'))
    await view.user.selectOptions(within(view.form).getByRole('combobox', {name: 'Bedrooms'}), '2')
    expect(notice(view).textContent).toContain('every month (same week of the month)')
    expect(notice(view).textContent).toContain('Each later visit costs $166.51')
    expect(notice(view).textContent).toContain('the one-time price: $8.76.')

    await view.user.click(radio(view, 'Frequency (required)', 'One-Time'))
    expect(notice(view).textContent).toBe('')
    expect(view.row('Frequency')).toBe('One-Time')
  })

  it('commercial Recurring is a weekly plan whose early cancellation costs nothing (the same price one-time)', async () => {
    const view = renderBookingScreen('commercial')
    await view.user.click(radio(view, 'Service (required)', 'Corporate Office Cleaning'))
    await view.user.click(radio(view, 'Frequency (required)', 'Recurring'))
    const text = notice(view).textContent ?? ''
    expect(text).toContain('we come back every week')
    expect(text).toContain('Each later visit costs $60.00')
    expect(text).toContain('Cancelling the plan before the second visit costs nothing extra')
    expect(text).not.toContain('the difference to the one-time price')
    await view.user.click(radio(view, 'Frequency (required)', 'Single Deep Cleaning'))
    expect(notice(view).textContent).toBe('')
  })

  it('carpet: every 6 months is a plan, One-Time is not', async () => {
    const carpet = renderBookingScreen('carpet')
    await carpet.user.click(radio(carpet, /^Frequency/, /^Every 6 Months/))
    // No room yet: nothing to price, so no figures.
    expect(notice(carpet).textContent).not.toContain('$')
    await carpet.user.click(within(carpet.form).getByRole('button', {name: 'Increase Rooms'}))
    // Carpet every 6 months, 1 room: $47.00; one-time $52.00.
    expect(notice(carpet).textContent).toContain('every 6 months')
    expect(notice(carpet).textContent).toContain('the one-time price: $5.00.')
    await carpet.user.click(radio(carpet, /^Frequency/, /^One-Time/))
    expect(notice(carpet).textContent).toBe('')
  })

  it('exterior: every 3 months is a plan; its difference is the frequency charge one-time costs more', async () => {
    const view = renderBookingScreen('exterior')
    await view.user.click(radio(view, /^Services/, /^Gutter Cleaning/))
    await view.user.click(radio(view, /^Frequency/, /^Every 3 Months/))
    // Base 40 + every 3 months 10 + gutters 20 = $70.00; one-time 40 + 30 + 20 = $90.00.
    expect(notice(view).textContent).toContain('every 3 months')
    expect(notice(view).textContent).toContain('Each later visit costs $70.00')
    expect(notice(view).textContent).toContain('the one-time price: $20.00.')
  })
})
