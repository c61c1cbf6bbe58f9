import {fireEvent, render, screen} from '@testing-library/react'
import {useForm, useWatch} from 'react-hook-form'
import {describe, expect, it} from 'vitest'
import {CountStepper} from './fields'

/**
 * The count stepper of the booking forms' extras, rooms and staircases: Decrease/Increase buttons
 * disabled at the bounds, a typed count brought back within them when the field is left (never
 * stored out of range), the note beside the label. (Moved from booking-house.spec.ts.)
 */

function Stepper() {
  const {control} = useForm<{extras: {Blinds: number}}>({defaultValues: {extras: {Blinds: 0}}})
  const stored = useWatch({control, name: 'extras.Blinds'})
  return (
    <>
      <CountStepper control={control} name="extras.Blinds" label="Blinds" min={0} max={10} note="No extra charge" />
      <output>{String(stored)}</output>
    </>
  )
}

describe('the count stepper', () => {
  it('counts within 0 and its maximum, by its buttons and by typing', () => {
    render(<Stepper />)
    const count = screen.getByRole('spinbutton', {name: 'Blinds'}) as HTMLInputElement
    const decrease = screen.getByRole('button', {name: 'Decrease Blinds'}) as HTMLButtonElement
    const increase = screen.getByRole('button', {name: 'Increase Blinds'}) as HTMLButtonElement
    const stored = () => document.querySelector('output')!.textContent
    expect(screen.getByText('No extra charge')).toBeTruthy()
    expect(count.value).toBe('0')
    expect(decrease.disabled).toBe(true)
    fireEvent.click(increase)
    fireEvent.click(increase)
    expect(count.value).toBe('2')
    expect(stored()).toBe('2')
    fireEvent.click(decrease)
    expect(count.value).toBe('1')

    // Typed out of range: brought back within 0–10 when the field is left.
    fireEvent.change(count, {target: {value: '99'}})
    fireEvent.blur(count)
    expect(count.value).toBe('10')
    expect(stored()).toBe('10')
    expect(increase.disabled).toBe(true)
    fireEvent.change(count, {target: {value: '-3'}})
    fireEvent.blur(count)
    expect(count.value).toBe('0')
    expect(stored()).toBe('0')
  })
})
