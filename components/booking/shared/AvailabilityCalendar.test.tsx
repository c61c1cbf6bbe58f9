import {fireEvent, render} from '@testing-library/react'
import {describe, expect, it} from 'vitest'
import AvailabilityCalendar from './AvailabilityCalendar'

/**
 * The booking forms' date calendar: only the offered days can be chosen, each day button named in
 * full (WCAG 2.5.3), the chosen day (else the first offered) carries the field's name so a message
 * focuses it, and choosing a day reports it as 'YYYY-MM-DD'. It opens on the first offered day's
 * month. (The calendar as part of a screen, fed by the server and used with the keyboard, stays in
 * booking-screens.spec.ts.)
 */

const OFFERED = ['2026-12-02', '2026-12-03', '2026-12-07']

function renderCalendar(selected: string | null = null) {
  const chosen: string[] = []
  const view = render(
    <AvailabilityCalendar dates={OFFERED} earliest="2026-11-30" latest="2027-01-31" selected={selected} onSelect={(date) => chosen.push(date)} />,
  )
  return {chosen, view}
}

/** A day button by its full name (querySelector: role queries over a month's grid are slow in jsdom). */
function day(name: string): HTMLButtonElement {
  const button = document.querySelector<HTMLButtonElement>(`td[data-day] button[aria-label="${name}"]`)
  if (!button) throw new Error(`No day button named ${name}`)
  return button
}

describe('the availability calendar', () => {
  it('opens on the first offered day’s month, and only the offered days can be chosen', () => {
    const {view} = renderCalendar()
    expect(document.querySelector('[role="grid"]')?.getAttribute('aria-label')).toBe('December 2026')
    const enabled = Array.from(view.container.querySelectorAll('td[data-day]:not([data-disabled]) button'), (button) => button.getAttribute('aria-label'))
    expect(enabled).toEqual(['Wednesday, December 2, 2026', 'Thursday, December 3, 2026', 'Monday, December 7, 2026'])
    expect(day('Friday, December 4, 2026').disabled).toBe(true)
  })

  it('choosing an offered day reports its date; a day not offered reports nothing', () => {
    const {chosen} = renderCalendar()
    fireEvent.click(day('Friday, December 4, 2026'))
    fireEvent.click(day('Thursday, December 3, 2026'))
    expect(chosen).toEqual(['2026-12-03'])
  })

  it('the field’s name is on the first offered day, then on the chosen one', () => {
    const {view} = renderCalendar()
    expect(view.container.querySelector('button[name="date"]')?.getAttribute('aria-label')).toBe('Wednesday, December 2, 2026')
    view.rerender(<AvailabilityCalendar dates={OFFERED} earliest="2026-11-30" latest="2027-01-31" selected="2026-12-07" onSelect={() => {}} />)
    expect(view.container.querySelectorAll('button[name="date"]')).toHaveLength(1)
    expect(view.container.querySelector('button[name="date"]')?.getAttribute('aria-label')).toBe('Monday, December 7, 2026')
    expect(view.container.querySelector('td[data-selected]')?.getAttribute('data-day')).toBe('2026-12-07')
  })
})
