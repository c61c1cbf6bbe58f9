import {screen, within} from '@testing-library/react'
import {describe, expect, it} from 'vitest'
import {descriptionOf, renderBookingScreen} from '@/tests/components/booking-screen'

/**
 * The exterior booking form: the live summary (industry, service,
 * frequency, totals worked out by hand; tip and parking recorded, not charged) and every validation
 * message beside its field. (Moved from booking-exterior.spec.ts; the prices are lib/booking/pricing.test.ts's.)
 */

type View = ReturnType<typeof renderBookingScreen>
const radio = (view: View, group: RegExp, name: RegExp | string) => within(view.group(group)).getByRole('radio', {name})

describe('the exterior form', () => {
  it('the live summary shows industry, service, frequency and the totals worked out by hand; tip and parking are not charged', async () => {
    const view = renderBookingScreen('exterior')
    expect(view.row('Industry')).toBe('Exterior Cleaning')
    expect(view.row('Service')).toBe('Not selected')
    expect(view.row('Frequency')).toBe('Not selected')
    // Nothing chosen yet: the $40 base.
    expect(view.total()).toContain('$40.00')

    await view.user.click(radio(view, /^Services/, /^House Washing/))
    await view.user.click(radio(view, /^Frequency/, /^Every 6 Months/))
    expect(view.row('Service')).toBe('House Washing')
    expect(view.row('Frequency')).toBe('Every 6 Months plan')
    // House Washing every 6 months: base 40 + frequency 20 + service 30 = $90.00
    expect(view.total()).toMatch(/^Total\s+\$90\.00$/)
    expect(view.form.textContent).toContain('Total to pay $90.00')

    // Tips and parking are recorded, not priced: the total stays, and the summary and the form say so.
    await view.user.click(radio(view, /^Tip for your crew/, '20%'))
    await view.user.click(radio(view, /^Parking fee/, '$10'))
    expect(view.row('Tip (not charged online)')).toBe('20%')
    expect(view.row('Parking (not charged online)')).toBe('$10')
    expect(view.total()).toMatch(/^Total\s+\$90\.00$/)
    const note = 'Tip and parking are recorded with your booking and not charged online.'
    within(view.summary()).getByText(note)
    expect(within(view.form).getAllByText(note).length).toBeGreaterThan(0)

    // Pressure Washing one-time: 40 + 30 + 40 = $110.00
    await view.user.click(radio(view, /^Services/, /^Pressure Washing/))
    await view.user.click(radio(view, /^Frequency/, /^One-Time/))
    expect(view.total()).toMatch(/^Total\s+\$110\.00$/)
  })

  it('whitespace alone is empty, over-long text is refused with a message and kept, and messages clear as the customer corrects', async () => {
    const view = renderBookingScreen('exterior')
    // (The empty form's messages: ../BookingForm.test.tsx.)
    // Whitespace only counts as empty (text is trimmed).
    await view.user.type(view.textbox('First name'), '   ')
    await view.user.type(view.textbox('Phone'), '425-555-016')
    await view.user.click(view.confirm())
    await screen.findByText('Please enter your first name.')
    expect(descriptionOf(view.textbox('First name'))).toBe('Please enter your first name.')

    // Over-long input is refused with a message, never cut short.
    await view.user.clear(view.textbox('First name'))
    await view.user.click(view.textbox('First name'))
    await view.user.paste('M'.repeat(61))
    await screen.findByText('First name must be at most 60 characters.')
    expect(descriptionOf(view.textbox('First name'))).toBe('First name must be at most 60 characters.')
    expect((view.textbox('First name') as HTMLInputElement).value).toBe('M'.repeat(61))

    // Messages clear as the customer corrects the fields.
    await view.user.click(radio(view, /^Services/, /^Roof Cleaning/))
    await expect.poll(() => within(view.form).queryByText('Please select a service.')).toBeNull()
    await view.user.clear(view.textbox('Phone'))
    await view.user.type(view.textbox('Phone'), '+1 425.555.0163')
    await expect.poll(() => within(view.form).queryByText('Please enter a valid 10-digit phone number', {exact: false})).toBeNull()
    expect(view.posts).toHaveLength(0)
  })
})
