import {render, screen, within} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {describe, expect, it} from 'vitest'
import type {SuccessSummary} from '@/lib/booking/flow'
import type {TestCardUpdateRecord, TestCheckoutSessionRecord} from '@/lib/payments/test-checkout'
import {TestCardUpdateView, TestCheckoutView} from './TestCheckoutView'

/**
 * The local test checkout's page for a plan's first visit (it keeps a test card, says so, and offers
 * "this test card declines later charges"), and its card-update page (Save card / Cancel). The
 * choice is a real checkbox inside the Pay / Save form, reached and ticked from the keyboard.
 */

const ID = `test_cs_${'ab'.repeat(16)}`

function session(overrides: Partial<TestCheckoutSessionRecord> = {}): TestCheckoutSessionRecord {
  return {
    id: ID,
    bookingId: '5e0c9a7b-3d2f-4b1a-8c6e-7f8a9b0c1d2e',
    amountCents: 16_624,
    currency: 'usd',
    description: 'House Cleaning — Regular Cleaning, Weekly',
    successUrl: 'http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:3000/cancel',
    idempotencyKey: 'k',
    status: 'open',
    createdAt: '2030-02-01T10:00:00.000Z',
    completedAt: null,
    ...overrides,
  }
}

const summary: SuccessSummary = {
  reference: '5E0C-9A7B',
  service: 'House Cleaning – Regular Cleaning, Weekly',
  date: '2030-02-05',
  arrivalWindow: '8:00 AM – 10:00 AM',
  location: 'King County',
  totalPaid: null,
  total: '$166.24',
  paymentStatus: 'pending',
}

describe('the test checkout page of a plan\'s first visit', () => {
  it('says plainly that it keeps a test card for the later visits, and nothing is charged', () => {
    render(<TestCheckoutView companyName="Renton Cleaners" session={session({saveCard: true})} summary={summary} />)
    expect(screen.getByText(/the card is kept for the plan’s later visits/)).toBeTruthy()
    expect(screen.getByText(/a test card is kept instead, and nothing is charged/)).toBeTruthy()
  })

  it('offers "This test card declines later charges" as a labelled checkbox in the Pay form, ticked from the keyboard', async () => {
    const user = userEvent.setup()
    render(<TestCheckoutView companyName="Renton Cleaners" session={session({saveCard: true})} summary={summary} />)
    const choice = screen.getByRole('checkbox', {name: 'This test card declines later charges'}) as HTMLInputElement
    expect(choice.checked).toBe(false)
    expect(choice.getAttribute('aria-describedby')).toBe('declines-later-hint')
    const pay = screen.getByRole('button', {name: 'Pay $166.24'})
    // Sent with Pay: inside its form, named as the route reads it.
    expect(choice.form).toBe(pay.closest('form'))
    expect(choice.form?.getAttribute('action')).toBe(`/checkout/test/${ID}/pay`)
    expect(new FormData(choice.form!).get('declinesLater')).toBeNull()

    await user.tab()
    expect(document.activeElement).toBe(choice)
    await user.keyboard(' ')
    expect(choice.checked).toBe(true)
    expect(new FormData(choice.form!).get('declinesLater')).toBe('yes')
    await user.tab()
    expect(document.activeElement).toBe(pay)
  })

  it('a one-time booking\'s checkout says nothing of a card and offers no such choice', () => {
    render(<TestCheckoutView companyName="Renton Cleaners" session={session()} summary={summary} />)
    expect(screen.queryByRole('checkbox')).toBeNull()
    expect(screen.queryByText(/test card is kept/)).toBeNull()
  })
})

describe('the test checkout\'s card-update page', () => {
  const update = (overrides: Partial<TestCardUpdateRecord> = {}): TestCardUpdateRecord => ({
    id: ID,
    planId: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
    customerId: `test_cus_${'c'.repeat(32)}`,
    successUrl: 'http://localhost:3000/manage-booking/card?token=t&session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:3000/manage-booking/card?token=t&cancelled=1',
    idempotencyKey: 'k',
    status: 'open',
    cardDeclines: false,
    savedCard: null,
    createdAt: '2030-02-01T10:00:00.000Z',
    completedAt: null,
    ...overrides,
  })

  it('Save card (with the same choice) and Cancel, each a form post', () => {
    render(<TestCardUpdateView companyName="Renton Cleaners" session={update()} />)
    const save = screen.getByRole('button', {name: 'Save card'})
    expect(save.closest('form')?.getAttribute('action')).toBe(`/checkout/test/${ID}/pay`)
    expect(within(save.closest('form')!).getByRole('checkbox', {name: 'This test card declines later charges'})).toBeTruthy()
    expect(screen.getByRole('button', {name: 'Cancel'}).closest('form')?.getAttribute('action')).toBe(`/checkout/test/${ID}/cancel`)
    expect(screen.getByText(/nothing is charged/)).toBeTruthy()
  })

  it('once saved, says so and links back to the booking', () => {
    render(<TestCardUpdateView companyName="Renton Cleaners" session={update({status: 'saved', completedAt: '2030-02-01T10:01:00.000Z'})} />)
    expect(screen.getByRole('status').textContent).toBe('This card has been saved.')
    expect(screen.getByRole('link', {name: 'Back to your booking'}).getAttribute('href')).toBe(`http://localhost:3000/manage-booking/card?token=t&session_id=${ID}`)
    expect(screen.queryByRole('button', {name: 'Save card'})).toBeNull()
  })
})
