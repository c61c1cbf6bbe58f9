'use client'

import {DayButton as CalendarDayButton, DayPicker, type DayButtonProps} from 'react-day-picker'
import 'react-day-picker/style.css'
import {createContext, useContext} from 'react'

/*
 * The month calendar of the booking forms' date (react-day-picker: a grid of day buttons with
 * arrow-key navigation, each day named in full for screen readers). Only the days with a free
 * arrival window can be chosen. Loaded with the form's "when" section, not with the page.
 */

/** 'YYYY-MM-DD' ↔ a Date at local midnight: the calendar works in the browser's days; the site in Renton's dates. */
function toDate(date: string): Date {
  const [year, month, day] = date.split('-').map(Number)
  return new Date(year, month - 1, day)
}
function toCalendarDate(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
}

/** Which day button stands for the field (gets its `name`, so a message focuses it): the chosen day, else the first offered. */
const FieldDayContext = createContext<string | null>(null)

function DayButton(props: DayButtonProps) {
  const fieldDay = useContext(FieldDayContext)
  const isField = !props.modifiers.disabled && toCalendarDate(props.day.date) === fieldDay
  return <CalendarDayButton {...props} name={isField ? 'date' : undefined} />
}

const dayName = new Intl.DateTimeFormat('en-US', {weekday: 'long', month: 'long', day: 'numeric', year: 'numeric'})

/**
 * "Friday, November 27, 2026": the day's number as shown on the button, as a word of its name
 * (WCAG 2.5.3, label in name; the library's "27th" is not). Chosen and today are told by the grid.
 */
const labels = {labelDayButton: (date: Date) => dayName.format(date)}

export type AvailabilityCalendarProps = {
  /** The dates that can be chosen, 'YYYY-MM-DD'. */
  dates: readonly string[]
  earliest: string
  latest: string
  selected: string | null
  /** The month to show first when no day is chosen: this date's, within earliest…latest (default: the first offered day's). */
  openOn?: string | null
  onSelect: (date: string) => void
}

export default function AvailabilityCalendar({dates, earliest, latest, selected, openOn, onSelect}: AvailabilityCalendarProps) {
  const offered = new Set(dates)
  const chosen = selected && offered.has(selected) ? selected : null
  // 'YYYY-MM-DD' strings order as dates do.
  const opening = openOn ? (openOn < earliest ? earliest : openOn > latest ? latest : openOn) : null
  return (
    <FieldDayContext.Provider value={chosen ?? dates[0] ?? null}>
      <DayPicker
        mode="single"
        required
        selected={chosen ? toDate(chosen) : undefined}
        onSelect={(date) => onSelect(toCalendarDate(date))}
        defaultMonth={toDate(chosen ?? opening ?? dates[0] ?? earliest)}
        startMonth={toDate(earliest)}
        endMonth={toDate(latest)}
        disabled={(date) => !offered.has(toCalendarDate(date))}
        components={{DayButton}}
        labels={labels}
        showOutsideDays={false}
      />
    </FieldDayContext.Provider>
  )
}
