import {cleanup, screen, waitFor, within} from '@testing-library/react'
import {describe, expect, it} from 'vitest'
import {createBookingSchemas} from '@/lib/booking/schemas'
import {chooseArrival, descriptionOf, renderBookingScreen, type Screen} from '@/tests/components/booking-screen'

/**
 * The consent to text messages on the four booking forms: an unticked checkbox with the
 * content's label and consent wording beside the customer's details; what the form sends is no
 * consent until the customer ticks it, and consent once they do.
 */

type View = ReturnType<typeof renderBookingScreen>
const consentBox = (view: View) => within(view.form).getByRole('checkbox', {name: view.texts.textsConsentLabel})

/** A complete commercial booking (the shortest form), ticking the consent box or not, sent with Confirm & Pay. */
async function sendCommercial(tick: boolean): Promise<Record<string, unknown>> {
  const view = renderBookingScreen('commercial')
  await view.user.click(within(view.group('Service (required)')).getByRole('radio', {name: 'Corporate Office Cleaning'}))
  await view.user.click(within(view.group('Frequency (required)')).getByRole('radio', {name: 'Single Deep Cleaning'}))
  await chooseArrival(view)
  await view.user.type(view.textbox('First name'), 'Ada')
  await view.user.type(view.textbox('Last name'), 'Lovelace')
  await view.user.type(view.textbox('E-mail'), 'ada@example.com')
  await view.user.type(view.textbox('Phone'), '425-555-0142')
  await view.user.type(view.textbox('Address'), '1 Main St, Renton, WA')
  if (tick) await view.user.click(consentBox(view))
  await view.user.click(view.confirm())
  await waitFor(() => expect(view.posts).toHaveLength(1), {timeout: 10_000})
  return view.posts[0] as Record<string, unknown>
}

describe('the consent to texts on the booking forms', () => {
  it.each<Screen>(['house', 'carpet', 'exterior', 'commercial'])('the %s form has the checkbox, unticked, labelled and described by the consent wording', (industry) => {
    const view = renderBookingScreen(industry)
    const box = consentBox(view) as HTMLInputElement
    expect(box.checked).toBe(false)
    expect(box.getAttribute('aria-required')).toBeNull()
    expect(descriptionOf(box)).toBe(view.texts.textsConsentHelp)
    expect(view.texts.textsConsentHelp).toContain('Reply STOP')
    screen.getByText(view.texts.textsConsentLabel)
  })

  it('an unticked box sends no consent; a ticked one sends consent (as the server reads the request)', async () => {
    const {bookingRequestSchema} = createBookingSchemas()
    const unticked = await sendCommercial(false)
    expect(bookingRequestSchema.parse(unticked).smsConsent).toBe(false)
    cleanup()
    const ticked = await sendCommercial(true)
    expect(ticked.smsConsent).toBe(true)
    expect(bookingRequestSchema.parse(ticked).smsConsent).toBe(true)
  })
})
