import {screen, within} from '@testing-library/react'
import {describe, expect, it} from 'vitest'
import {chooseArrival, descriptionOf, renderBookingScreen} from '@/tests/components/booking-screen'

/**
 * The house booking form: its sections in order with their defaults
 * and options, the conditional sections, the extras, the live summary against totals worked out by
 * hand, and every validation message beside its field with focus on the first invalid one.
 * (Moved from booking-house.spec.ts; the prices themselves are lib/booking/pricing.test.ts's.)
 */

const BASE_SECTIONS = [
  'Where Will The Service Be Taking Place (required)',
  'Services (required)',
  'What Needs To Be Done',
  'Select Extras (With Count)',
  'Instructions for Providers',
  'Select Date',
  'Tips & Parking (Optional)',
  'Customer Details',
  'Special Notes Or Instructions',
  'Apply Coupon Code',
]

const CUSTOMER = {
  'First name': 'Imogen',
  'Last name': 'Faraday',
  'E-mail': 'imogen.faraday@example.com',
  Phone: '425.555.0163',
  Address: '1200 Maple Valley Hwy, Renton, WA 98058',
}

type View = ReturnType<typeof renderBookingScreen>

/** The form's section headings (h2), the form's own summary (shown on phones only) aside. */
function sections(view: View): string[] {
  return within(view.form)
    .getAllByRole('heading', {level: 2})
    .filter((heading) => heading.textContent !== view.texts.summaryHeading)
    .map((heading) => heading.textContent ?? '')
}

const radio = (view: View, group: string, name: string) => within(view.group(group)).getByRole('radio', {name})
const select = (view: View, label: string) => within(view.form).getByRole('combobox', {name: label}) as HTMLSelectElement
const options = (element: HTMLSelectElement) => Array.from(element.options, (option) => option.textContent)

async function answerInstructions(view: View) {
  await view.user.click(radio(view, 'How Clean Is Your Home? (required)', 'Mostly Clean'))
  await view.user.click(radio(view, 'How Will We Get Inside? (required)', 'I will be Home'))
  await view.user.click(radio(view, 'Where Can We Park? (required)', 'Street Parking'))
}

async function fillCustomer(view: View) {
  for (const [label, value] of Object.entries(CUSTOMER)) await view.user.type(view.textbox(label), value)
}

describe('the house form', () => {
  it('has its sections in order, its default counts, tip and parking, and the priced options', () => {
    const view = renderBookingScreen('house')
    expect(sections(view)).toEqual(BASE_SECTIONS)
    within(view.form).getByRole('button', {name: 'Confirm & Pay'})
    expect((radio(view, 'Where Will The Service Be Taking Place (required)', 'Snohomish County') as HTMLInputElement).checked).toBe(true)
    expect(select(view, 'Bedrooms').value).toBe('1')
    expect(select(view, 'Bathrooms').value).toBe('1')
    expect(select(view, 'Half baths').value).toBe('0')
    expect(select(view, 'Dens').value).toBe('0')
    // Labels are what is priced: bedrooms 1–7, bathrooms 1–5, half baths 0–4, dens 0–5.
    expect(options(select(view, 'Bedrooms'))).toEqual(['1', '2', '3', '4', '5', '6', '7'])
    expect(options(select(view, 'Bathrooms'))).toEqual(['1', '2', '3', '4', '5'])
    expect(options(select(view, 'Half baths'))).toEqual(['0', '1', '2', '3', '4'])
    expect(options(select(view, 'Dens'))).toEqual(['0', '1', '2', '3', '4', '5'])
    expect((radio(view, 'Tip', '0%') as HTMLInputElement).checked).toBe(true)
    expect((radio(view, 'Parking fee', '$0') as HTMLInputElement).checked).toBe(true)
  })

  it('shows Frequency only for Regular Cleaning and Time Required only for Post Construction', async () => {
    const view = renderBookingScreen('house')
    await view.user.click(radio(view, 'Services (required)', 'Regular Cleaning'))
    expect(sections(view)).toEqual([...BASE_SECTIONS.slice(0, 2), 'Frequency (required)', ...BASE_SECTIONS.slice(2)])
    expect(within(view.group('Frequency (required)')).getAllByRole('radio').map((input) => input.closest('label')?.textContent)).toEqual([
      'Weekly',
      'Every Other Week',
      'Monthly',
      'One-Time',
    ])
    await view.user.click(radio(view, 'Services (required)', 'Post Construction'))
    expect(sections(view)).toEqual([...BASE_SECTIONS.slice(0, 2), 'Time Required', ...BASE_SECTIONS.slice(2)])
    expect(options(select(view, 'Hours'))).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'])
    expect(options(select(view, 'Minutes'))).toEqual(['0', '15', '30', '45'])
    await view.user.click(radio(view, 'Services (required)', 'Move Out & Move In'))
    expect(sections(view)).toEqual(BASE_SECTIONS)
    await view.user.click(radio(view, 'Services (required)', 'Regular Cleaning'))
    view.group('Frequency (required)')
    await view.user.click(radio(view, 'Services (required)', 'Deep Cleaning'))
    expect(within(view.form).queryByRole('group', {name: 'Frequency (required)'})).toBeNull()
    expect(within(view.form).queryByRole('combobox', {name: 'Hours'})).toBeNull()
  })

  it("lists the five extras, each 'No extra charge' with a stepper; counting them changes no price", async () => {
    const view = renderBookingScreen('house')
    await view.user.click(radio(view, 'Services (required)', 'Deep Cleaning'))
    const before = view.total()
    for (const extra of ['Extra Heavy Duty', 'Blinds', 'Interior Windows', 'Oven', 'Garage']) within(view.form).getByRole('spinbutton', {name: extra})
    expect(within(view.form).getAllByText('No extra charge')).toHaveLength(5)
    expect(within(view.form).queryAllByText('$0.00 each')).toHaveLength(0)
    await view.user.click(within(view.form).getByRole('button', {name: 'Increase Blinds'}))
    await view.user.click(within(view.form).getByRole('button', {name: 'Increase Blinds'}))
    expect(view.row('Blinds: 2 × $0.00')).toBe('$0.00')
    expect(view.total()).toBe(before)
  })

  it('the live summary shows each row and price line, and the totals worked out by hand', async () => {
    const view = renderBookingScreen('house')
    expect(view.row('Service')).toBe('Not selected')
    expect(view.row('Frequency')).toBe('N/A')
    expect(view.total()).toBe('Total —')

    await view.user.click(radio(view, 'Services (required)', 'Deep Cleaning'))
    await view.user.selectOptions(select(view, 'Bedrooms'), '3')
    await view.user.selectOptions(select(view, 'Bathrooms'), '2')
    await view.user.selectOptions(select(view, 'Half baths'), '1')
    await view.user.click(radio(view, 'Tip', '15%'))
    await view.user.click(radio(view, 'Parking fee', '$10'))
    await view.user.type(view.textbox('Coupon code'), ' SAVE10 ')
    await view.user.click(within(view.form).getByRole('button', {name: 'Apply'}))
    expect(view.row('Service')).toBe('Deep Cleaning')
    expect(view.row('Frequency')).toBe('N/A')
    expect(view.row('Bedrooms')).toBe('3')
    expect(view.row('Bathrooms')).toBe('2')
    expect(view.row('Base service charge')).toBe('$201.94')
    expect(view.row('Bedrooms: 3 × $30.03')).toBe('$90.09')
    expect(view.row('Bathrooms: 2 × $25.78')).toBe('$51.56')
    expect(view.row('Half baths: 1 × $15.47')).toBe('$15.47')
    expect(view.row('Tip (15%)')).toBe('$53.86')
    expect(view.row('Parking')).toBe('$10.00')
    expect(view.row('Discount')).toBe('$10.00 off')
    // 359.06 + 53.86 + 10.00 − 10.00
    expect(view.total()).toBe('Total $412.92')
    const totalToPay = Array.from(view.form.querySelectorAll('p'), (p) => p.textContent ?? '').filter((text) => text.startsWith('Total to pay'))
    expect(totalToPay).toContain('Total to pay $412.92')

    // Regular Cleaning, Weekly: 81.20 + 3 × 15.46 + 2 × 19.33 + 1 × 11.60 = 177.84;
    // tip round(26.676) = 26.68; total 177.84 + 26.68 + 10 − 10 = 204.52.
    await view.user.click(radio(view, 'Services (required)', 'Regular Cleaning'))
    await view.user.click(radio(view, 'Frequency (required)', 'Weekly'))
    expect(view.row('Frequency')).toBe('Weekly plan')
    expect(view.total()).toBe('Total $204.52')

    // Post Construction, 2 h 30 min: round(154.65 × 2.5) = 386.63; tip round(57.9945) = 57.99;
    // total 386.63 + 57.99 + 10 − 10 = 444.62.
    await view.user.click(radio(view, 'Services (required)', 'Post Construction'))
    await view.user.selectOptions(select(view, 'Hours'), '2')
    await view.user.selectOptions(select(view, 'Minutes'), '30')
    expect(view.row('Time')).toBe('2 h 30 min')
    expect(view.total()).toBe('Total $444.62')
  })

  it('the rules that depend on the service: Frequency for Regular Cleaning, the time for Post Construction; messages clear as the customer corrects', async () => {
    const view = renderBookingScreen('house')
    // Checked once the rest of the form is filled in (the empty form's messages: ../BookingForm.test.tsx).
    await answerInstructions(view)
    await chooseArrival(view)
    await fillCustomer(view)
    await view.user.click(view.confirm())
    await expect.poll(() => descriptionOf(view.group('Services (required)'))).toBe('Please select a service')
    await view.user.click(radio(view, 'Services (required)', 'Regular Cleaning'))
    await expect.poll(() => descriptionOf(view.group('Services (required)'))).not.toBe('Please select a service')
    await view.user.click(view.confirm())
    await screen.findByText('Please select a cleaning frequency')
    expect(descriptionOf(view.group('Frequency (required)'))).toMatch(/Please select a cleaning frequency$/)
    expect(document.activeElement).toBe(within(view.group('Frequency (required)')).getAllByRole('radio')[0])

    // Post Construction with no time.
    await view.user.click(radio(view, 'Services (required)', 'Post Construction'))
    await view.user.click(view.confirm())
    await screen.findByText('Please select the time required for Post Construction.')
    expect(descriptionOf(select(view, 'Hours'))).toBe('Please select the time required for Post Construction.')
    expect(document.activeElement).toBe(select(view, 'Hours'))
    await view.user.selectOptions(select(view, 'Minutes'), '45')
    await expect.poll(() => within(view.form).queryByText('Please select the time required for Post Construction.')).toBeNull()

    // Fixing a field clears its message as the customer types.
    await view.user.clear(view.textbox('Phone'))
    await view.user.type(view.textbox('Phone'), '555-0163')
    await view.user.click(view.confirm())
    await expect.poll(() => view.textbox('Phone').getAttribute('aria-invalid')).toBe('true')
    await view.user.clear(view.textbox('Phone'))
    await view.user.type(view.textbox('Phone'), '(425) 555-0163')
    await expect.poll(() => view.textbox('Phone').getAttribute('aria-invalid')).toBeNull()

    // Nothing was sent; nothing in the banner (and no pop-up: tests/components/setup.ts fails the run on one).
    expect(view.posts).toHaveLength(0)
    expect(within(view.form).getByRole('alert').textContent).toBe('')
  })
})
