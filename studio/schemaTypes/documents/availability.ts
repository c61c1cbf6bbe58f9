import {ClockIcon} from '@sanity/icons/Clock'
import {defineArrayMember, defineField, defineType, type StringRule} from 'sanity'
import {isTime, rulesProblems, SERVICE_FAMILIES, WEEKDAYS, type AvailabilityRules} from '../../../lib/booking/availability'

const timeRule = (rule: StringRule) =>
  rule.required().custom((value: string | undefined) => (!value || isTime(value) ? true : 'A time as HH:MM on a 24-hour clock, e.g. 08:00 or 17:30.'))

const CREW_TITLES = {indoor: 'House and carpet crews', exterior: 'Exterior crews', commercial: 'Commercial crews'} as const

/** The rules as the site reads them (lib/content), for the document-wide checks. */
function asRules(document: Record<string, unknown> | undefined): AvailabilityRules | null {
  if (!document) return null
  const windows = Array.isArray(document.windows) ? (document.windows as Record<string, unknown>[]) : []
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return {
    workingDays: (Array.isArray(document.workingDays) ? document.workingDays : []) as AvailabilityRules['workingDays'],
    opensAt: text(document.opensAt),
    closesAt: text(document.closesAt),
    windows: windows.map((window) => ({
      start: text(window.start),
      end: text(window.end),
      capacity: Object.fromEntries(SERVICE_FAMILIES.map((family) => [family, Number(window[family] ?? 0)])) as Record<(typeof SERVICE_FAMILIES)[number], number>,
    })),
    closedDates: [],
    leadDays: Number(document.leadDays ?? 0),
    leadCutoff: text(document.leadCutoff) || '23:59',
    horizonDays: Number(document.horizonDays ?? 0),
  }
}

/**
 * When the crews can come: working days and hours, the arrival windows with each crew's places,
 * holidays, and how soon and how far ahead a customer can book. All times are Renton's
 * (America/Los_Angeles); the booking forms offer only what these allow, and the site refuses the rest.
 */
export const availability = defineType({
  name: 'availability',
  title: 'Availability',
  type: 'document',
  icon: ClockIcon,
  fields: [
    defineField({
      name: 'workingDays',
      title: 'Working days',
      type: 'array',
      of: [defineArrayMember({type: 'string'})],
      options: {list: WEEKDAYS.map((day) => ({title: day[0].toUpperCase() + day.slice(1), value: day})), layout: 'grid'},
      validation: (rule) => rule.required().min(1).unique(),
    }),
    defineField({name: 'opensAt', title: 'Opens at', description: 'HH:MM, Renton time.', type: 'string', validation: timeRule}),
    defineField({name: 'closesAt', title: 'Closes at', description: 'HH:MM, Renton time. Every window ends by then.', type: 'string', validation: timeRule}),
    defineField({
      name: 'windows',
      title: 'Arrival windows',
      description: 'When the crew arrives, and how many bookings each crew takes in the window (0: the window is not offered to that crew).',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'arrivalWindow',
          title: 'Arrival window',
          type: 'object',
          fields: [
            defineField({name: 'start', title: 'From', description: 'HH:MM', type: 'string', validation: timeRule}),
            defineField({name: 'end', title: 'Until', description: 'HH:MM', type: 'string', validation: timeRule}),
            ...SERVICE_FAMILIES.map((family) =>
              defineField({name: family, title: CREW_TITLES[family], type: 'number', initialValue: 1, validation: (rule) => rule.required().integer().min(0).max(50)}),
            ),
          ],
          preview: {
            select: {start: 'start', end: 'end', indoor: 'indoor', exterior: 'exterior', commercial: 'commercial'},
            prepare: ({start, end, indoor, exterior, commercial}) => ({
              title: `${start ?? '?'}–${end ?? '?'}`,
              subtitle: `House and carpet ${indoor ?? 0} · Exterior ${exterior ?? 0} · Commercial ${commercial ?? 0}`,
            }),
          },
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'closedDates',
      title: 'Closed dates',
      description: 'Holidays and other days off, on top of the days that are not working days.',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'closedDate',
          title: 'Closed date',
          type: 'object',
          fields: [
            defineField({name: 'date', title: 'Date', type: 'date', validation: (rule) => rule.required()}),
            defineField({name: 'name', title: 'What it is', description: 'For editors, e.g. Thanksgiving.', type: 'string', validation: (rule) => rule.max(60)}),
          ],
          preview: {select: {title: 'date', subtitle: 'name'}},
        }),
      ],
    }),
    defineField({
      name: 'leadDays',
      title: 'Earliest booking: days ahead',
      description: '1: from tomorrow. 0: today, in the windows that have not begun.',
      type: 'number',
      validation: (rule) => rule.required().integer().min(0).max(30),
    }),
    defineField({
      name: 'leadCutoff',
      title: 'Earliest booking: one day later from',
      description: 'HH:MM, Renton time, e.g. 17:00: from 5 pm tomorrow is no longer offered.',
      type: 'string',
      validation: timeRule,
    }),
    defineField({
      name: 'horizonDays',
      title: 'How far ahead one can book (days)',
      type: 'number',
      validation: (rule) => rule.required().integer().min(1).max(365),
    }),
  ],
  validation: (rule) =>
    rule.custom((document) => {
      const rules = asRules(document as Record<string, unknown> | undefined)
      if (!rules) return true
      const problems = rulesProblems(rules)
      return problems.length > 0 ? problems.join(' ') : true
    }),
  preview: {prepare: () => ({title: 'Availability'})},
})
