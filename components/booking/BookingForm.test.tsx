import {screen, within} from '@testing-library/react'
import {describe, expect, it} from 'vitest'
import {descriptionOf, renderBookingScreen, type Screen} from '@/tests/components/booking-screen'

/**
 * Confirm & Pay on each booking form left empty, then with a malformed e-mail and phone:
 * every message beside its field in the form's own words (its description;
 * aria-invalid on the text fields), focus on the first invalid field in page order, nothing sent,
 * nothing in the banner. One row per form; each form's own rules are in definitions/<form>.test.tsx.
 * (Moved from booking-{house,carpet,exterior,commercial}.spec.ts.)
 */

type Row = {
  form: Screen
  /** The radio group in error first in page order (its first radio gets focus). */
  first: string | RegExp
  /** Groups and the end of their description. */
  groups: [string | RegExp, string][]
  /** The five customer fields' messages: first name, last name, e-mail, phone, address. */
  customer: [string, string, string, string, string]
  malformed: {email: string; emailMessage: string; phone: string}
}

const ROWS: Row[] = [
  {
    form: 'house',
    first: 'Services (required)',
    groups: [
      ['Services (required)', 'Please select a service'],
      [/^Date/, 'Please fill out the date'],
      ['Arrival window (required)', 'Please choose an arrival window.'],
      ['How Clean Is Your Home? (required)', 'Missing answer for: How Clean Is Your Home?'],
      ['How Will We Get Inside? (required)', 'Missing answer for: How Will We Get Inside?'],
      ['Where Can We Park? (required)', 'Missing answer for: Where Can We Park?'],
    ],
    customer: ['Please fill out the first name', 'Please fill out the last name', 'Please fill out the email', 'Please fill out the phone number', 'Please fill out the address'],
    malformed: {email: 'imogen@example', emailMessage: 'Invalid email format', phone: '555-0163'},
  },
  {
    form: 'carpet',
    first: /^Frequency/,
    groups: [
      [/^Frequency/, 'Please select a frequency.'],
      [/^Date/, 'Please select a date.'],
      [/^Arrival window/, 'Please choose an arrival window.'],
    ],
    customer: ['Please enter your first name.', 'Please enter your last name.', 'Please enter your email.', 'Please enter your phone number.', 'Please enter your address.'],
    malformed: {email: 'theo at example.com', emailMessage: 'Please enter a valid email address.', phone: '555-0129'},
  },
  {
    form: 'exterior',
    first: /^Services/,
    groups: [
      [/^Services/, 'Please select a service.'],
      [/^Frequency/, 'Please select a frequency.'],
      // The exterior form asks when too: a customer never pays without saying when.
      [/^Date/, 'Please select a date.'],
      [/^Arrival window/, 'Please choose an arrival window.'],
    ],
    customer: ['Please enter your first name.', 'Please enter your last name.', 'Please enter your email.', 'Please enter your phone number.', 'Please enter your address.'],
    malformed: {email: 'marguerite@example', emailMessage: 'Please enter a valid email address.', phone: '425-555-016'},
  },
  {
    form: 'commercial',
    first: 'Service (required)',
    groups: [
      ['Service (required)', 'Please fill out the service field.'],
      ['Frequency (required)', 'Please fill out the frequency field.'],
      [/^Date/, 'Please fill out the date field.'],
      [/^Arrival window/, 'Please choose an arrival window.'],
    ],
    customer: [
      'Please fill out the first name field.',
      'Please fill out the last name field.',
      'Please fill out the email field.',
      'Please fill out the phone number field.',
      'Please fill out the address field.',
    ],
    malformed: {email: 'thaddeus@example', emailMessage: 'Please enter a valid email address.', phone: '555 0119'},
  },
]

const CUSTOMER_FIELDS = ['First name', 'Last name', 'E-mail', 'Phone', 'Address'] as const

describe.each(ROWS)('Confirm & Pay on the empty $form form', (row) => {
  it('shows every message beside its field, focuses the first invalid field, sends nothing; malformed e-mail and phone get their own', async () => {
    const view = renderBookingScreen(row.form)
    await view.user.click(view.confirm())
    await screen.findAllByText(new RegExp(`${escape(row.customer[0])}$`))
    for (const [group, message] of row.groups) expect(descriptionOf(view.group(group)), String(group)).toMatch(new RegExp(`${escape(message)}$`))
    for (const [index, label] of CUSTOMER_FIELDS.entries()) {
      expect(descriptionOf(view.textbox(label)), label).toMatch(new RegExp(`${escape(row.customer[index])}$`))
      expect(view.textbox(label).getAttribute('aria-invalid'), label).toBe('true')
    }
    expect(document.activeElement).toBe(within(view.group(row.first)).getAllByRole('radio')[0])

    await view.user.type(view.textbox('E-mail'), row.malformed.email)
    await view.user.type(view.textbox('Phone'), row.malformed.phone)
    await view.user.click(view.confirm())
    await screen.findByText(row.malformed.emailMessage)
    expect(descriptionOf(view.textbox('E-mail'))).toBe(row.malformed.emailMessage)
    expect(descriptionOf(view.textbox('Phone'))).toMatch(/Please enter a valid 10-digit phone number$/)

    expect(view.posts).toHaveLength(0)
    expect(within(view.form).getByRole('alert').textContent).toBe('')
  })
})

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
