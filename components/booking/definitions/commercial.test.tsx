import {screen, within} from '@testing-library/react'
import {describe, expect, it} from 'vitest'
import {descriptionOf, renderBookingScreen} from '@/tests/components/booking-screen'

/**
 * The commercial booking form: the summary (industry, the sub-service or N/A, base
 * $40 + the sub-service's add-on), the frequency cleared when the sub-service changes (Construction
 * Final Clean is One-Time only), and every validation message beside its field.
 * (Moved from booking-commercial.spec.ts; the prices are lib/booking/pricing.test.ts's.)
 */

type View = ReturnType<typeof renderBookingScreen>
const SERVICE = 'Service (required)'
const FREQUENCY = 'Frequency (required)'
const radio = (view: View, group: string, name: string) => within(view.group(group)).getByRole('radio', {name})
const labels = (view: View, group: string) => Array.from(view.group(group).querySelectorAll('label'), (label) => label.textContent)
const checked = (view: View, group: string) => within(view.group(group)).queryAllByRole('radio').filter((input) => (input as HTMLInputElement).checked)

describe('the commercial form', () => {
  it('the summary shows the industry, the sub-service or N/A and the total of the price list', async () => {
    const view = renderBookingScreen('commercial')
    expect((radio(view, 'Location', 'Snohomish County') as HTMLInputElement).checked).toBe(true)
    expect(view.row('Industry')).toBe('Commercial Cleaning')
    expect(view.row('Service')).toBe('N/A')
    // No sub-service: the base $40.00.
    expect(view.total()).toBe('Total $40.00')
    for (const [service, total] of [
      ['Construction Final Clean', '$50.00'], // 40 + 10
      ['Corporate Office Cleaning', '$60.00'], // 40 + 20
      ['Retail Spaces Cleaning', '$70.00'], // 40 + 30
      ['VRBO and AIRBNB Cleaning', '$80.00'], // 40 + 40
    ] as const) {
      await view.user.click(radio(view, SERVICE, service))
      expect(view.row('Service')).toBe(service)
      expect(view.row('Base')).toBe('$40.00')
      expect(view.total()).toBe(`Total ${total}`)
      expect(Array.from(view.form.querySelectorAll('p'), (p) => p.textContent)).toContain(`Total to pay ${total}`)
    }
  })

  it('changing the sub-service clears the frequency; Construction Final Clean offers only One-Time', async () => {
    const view = renderBookingScreen('commercial')
    expect(within(view.group(FREQUENCY)).queryAllByRole('radio')).toHaveLength(0)
    expect(view.group(FREQUENCY).textContent).toContain('Choose a service first')

    await view.user.click(radio(view, SERVICE, 'Corporate Office Cleaning'))
    expect(labels(view, FREQUENCY)).toEqual(['Single Deep Cleaning', 'Recurring'])
    await view.user.click(radio(view, FREQUENCY, 'Recurring'))
    expect(view.row('Frequency')).toBe('Recurring plan')

    await view.user.click(radio(view, SERVICE, 'Retail Spaces Cleaning'))
    expect(labels(view, FREQUENCY)).toEqual(['Single Deep Cleaning', 'Recurring'])
    expect(checked(view, FREQUENCY)).toHaveLength(0)
    expect(view.row('Frequency')).toBe('Not selected')

    await view.user.click(radio(view, FREQUENCY, 'Single Deep Cleaning'))
    await view.user.click(radio(view, SERVICE, 'Construction Final Clean'))
    expect(labels(view, FREQUENCY)).toEqual(['One-Time'])
    expect(checked(view, FREQUENCY)).toHaveLength(0)
    await view.user.click(radio(view, FREQUENCY, 'One-Time'))
    await view.user.click(radio(view, SERVICE, 'VRBO and AIRBNB Cleaning'))
    expect(checked(view, FREQUENCY)).toHaveLength(0)
  })

  it('whitespace alone is blank, and the messages go as the fields are corrected', async () => {
    const view = renderBookingScreen('commercial')
    // (The empty form's messages: ../BookingForm.test.tsx.)
    // Whitespace only is blank.
    await view.user.type(view.textbox('First name'), '   ')
    await view.user.type(view.textbox('E-mail'), 'thaddeus@example')
    await view.user.click(view.confirm())
    await screen.findByText('Please enter a valid email address.')
    expect(descriptionOf(view.textbox('First name'))).toBe('Please fill out the first name field.')
    await expect.poll(() => descriptionOf(view.group(SERVICE))).toMatch(/Please fill out/)

    // The messages go as the fields are corrected.
    await view.user.click(radio(view, SERVICE, 'Corporate Office Cleaning'))
    await expect.poll(() => descriptionOf(view.group(SERVICE))).not.toMatch(/Please fill out/)
    await view.user.clear(view.textbox('E-mail'))
    await view.user.type(view.textbox('E-mail'), 'thaddeus@example.com')
    await expect.poll(() => view.textbox('E-mail').getAttribute('aria-invalid')).toBeNull()
    expect(view.posts).toHaveLength(0)
  })
})
