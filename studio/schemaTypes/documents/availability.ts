import {ClockIcon} from '@sanity/icons/Clock'
import {defineArrayMember, defineField, defineType, type StringRule} from 'sanity'
import {
  CREW_NAMES,
  CREWS,
  isTime,
  rulesProblems,
  WEEKDAYS,
  type AvailabilityRules,
  type Crew,
  type CrewHours,
  type Weekday,
} from '../../../lib/booking/availability'

const timeRule = (rule: StringRule) =>
  rule.required().custom((value: string | undefined) => (!value || isTime(value) ? true : 'A time as HH:MM on a 24-hour clock, e.g. 08:00 or 17:30.'))

/** What each crew's section says to the editor. */
const CREW_DESCRIPTIONS: Record<Crew, string> = {
  indoor: 'House and carpet cleaning share these crews: their days, hours and arrival windows.',
  exterior: 'The exterior crews: their days, hours and arrival windows.',
  commercial: 'The commercial crews: offices are often cleaned early, in the evening or on weekends, as the commercial pages say.',
  estimate: 'When the office can visit for a free in-home estimate (the /appointment page). Not counted: the office confirms each visit by phone.',
}

const asText = (value: unknown) => (typeof value === 'string' ? value : '')

/** One crew of the document as the site reads it (lib/content/availability.ts), for the document-wide checks. */
function asCrewHours(crew: Crew, value: unknown): CrewHours {
  const hours = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>
  const windows = Array.isArray(hours.windows) ? (hours.windows as Record<string, unknown>[]) : []
  return {
    workingDays: (Array.isArray(hours.workingDays) ? hours.workingDays : []) as Weekday[],
    opensAt: asText(hours.opensAt),
    closesAt: asText(hours.closesAt),
    windows: windows.map((window) => ({
      start: asText(window.start),
      end: asText(window.end),
      capacity: crew === 'estimate' ? 1 : Number(window.capacity ?? 0),
    })),
  }
}

/** The rules as the site reads them (lib/content), for the document-wide checks. */
function asRules(document: Record<string, unknown> | undefined): AvailabilityRules | null {
  if (!document) return null
  return {
    crews: Object.fromEntries(CREWS.map((crew) => [crew, asCrewHours(crew, document[crew])])) as Record<Crew, CrewHours>,
    closedDates: [],
    leadDays: Number(document.leadDays ?? 0),
    leadCutoff: asText(document.leadCutoff) || '23:59',
    horizonDays: Number(document.horizonDays ?? 0),
  }
}

/** A crew's days, hours and arrival windows; the booking crews' windows say how many bookings each takes. */
function crewField(crew: Crew) {
  const counted = crew !== 'estimate'
  return defineField({
    name: crew,
    title: CREW_NAMES[crew],
    description: CREW_DESCRIPTIONS[crew],
    type: 'object',
    options: {collapsible: true, collapsed: false},
    fields: [
      defineField({
        name: 'workingDays',
        title: 'Working days',
        type: 'array',
        of: [defineArrayMember({type: 'string'})],
        options: {list: WEEKDAYS.map((day) => ({title: day[0].toUpperCase() + day.slice(1), value: day})), layout: 'grid'},
        validation: (rule) => rule.required().min(1).unique(),
      }),
      defineField({name: 'opensAt', title: 'Starts at', description: 'HH:MM, Renton time.', type: 'string', validation: timeRule}),
      defineField({name: 'closesAt', title: 'Ends at', description: 'HH:MM, Renton time. Every window ends by then.', type: 'string', validation: timeRule}),
      defineField({
        name: 'windows',
        title: 'Arrival windows',
        description: counted
          ? 'When the crew arrives, and how many bookings the window takes (0: the window is not offered).'
          : 'When the visit can begin; the customer chooses one, the office confirms it by phone.',
        type: 'array',
        of: [
          defineArrayMember({
            name: counted ? 'arrivalWindow' : 'visitWindow',
            title: counted ? 'Arrival window' : 'Visit window',
            type: 'object',
            fields: [
              defineField({name: 'start', title: 'From', description: 'HH:MM', type: 'string', validation: timeRule}),
              defineField({name: 'end', title: 'Until', description: 'HH:MM', type: 'string', validation: timeRule}),
              ...(counted
                ? [defineField({name: 'capacity', title: 'Places', description: 'Bookings the window takes.', type: 'number', initialValue: 1, validation: (rule) => rule.required().integer().min(0).max(50)})]
                : []),
            ],
            preview: {
              select: {start: 'start', end: 'end', capacity: 'capacity'},
              prepare: ({start, end, capacity}) => ({
                title: `${start ?? '?'}–${end ?? '?'}`,
                subtitle: counted ? `${capacity ?? 0} ${capacity === 1 ? 'place' : 'places'}` : undefined,
              }),
            },
          }),
        ],
        validation: (rule) => rule.required().min(1),
      }),
    ],
    validation: (rule) => rule.required(),
  })
}

/**
 * When the crews can come: each crew's working days, hours and arrival windows (with its places),
 * the estimate visits' likewise, and the business's holidays and how soon and how far ahead a
 * customer can book. All times are Renton's (America/Los_Angeles); the booking forms offer only what
 * these allow, and the site refuses the rest.
 */
export const availability = defineType({
  name: 'availability',
  title: 'Availability',
  type: 'document',
  icon: ClockIcon,
  fields: [
    ...CREWS.map(crewField),
    defineField({
      name: 'closedDates',
      title: 'Closed dates',
      description: 'Holidays and other days off for every crew, on top of the days a crew does not work.',
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
