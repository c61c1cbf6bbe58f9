import {describe, expect, it} from 'vitest'
import {crewCalendarsView} from './page'
import {calendarTokenHash, newCalendarToken, type CrewCalendarAddress} from './rules'

/** What /office/calendars shows, from the working addresses, the hand-over cookie and the outcome in its address. */

const SITE = 'https://cedar-river.example'
const token = newCalendarToken()
const working: CrewCalendarAddress = {crew: 'indoor', tokenHash: calendarTokenHash(token), madeAt: '2031-01-10T18:00:00.000Z', madeBy: 'Dana Staff', lastReadAt: null}

describe('the crews’ calendars page', () => {
  it('lists the three booking crews, with the facts of a working address and never an address it cannot show', () => {
    const view = crewCalendarsView({addresses: [working], handOver: undefined, query: {}, siteUrl: SITE})
    expect(view.rows.map((row) => row.crewName)).toEqual(['House and carpet crews', 'Exterior crews', 'Commercial crews'])
    expect(view.rows[0].working).toEqual({madeAt: working.madeAt, madeBy: 'Dana Staff', lastReadAt: null})
    expect(view.rows[1].working).toBeNull()
    expect(view.rows.every((row) => row.newAddress === null)).toBe(true)
    expect(view.message).toBeNull()
  })

  it('shows the address just made (https and webcal) on its crew only while it is the working one', () => {
    const shown = crewCalendarsView({addresses: [working], handOver: `indoor.${token}`, query: {done: 'made', crew: 'indoor'}, siteUrl: SITE})
    expect(shown.rows[0].newAddress).toEqual({https: `${SITE}/crew-calendars/${token}`, webcal: `webcal://cedar-river.example/crew-calendars/${token}`})
    expect(shown.message).toEqual({text: 'A new address for House and carpet crews is ready below.', problem: false})
    // Replaced or revoked since (another tab, another member): nothing to show.
    expect(crewCalendarsView({addresses: [], handOver: `indoor.${token}`, query: {}, siteUrl: SITE}).rows[0].newAddress).toBeNull()
    // A cookie naming another crew than the token's shows nothing either.
    expect(crewCalendarsView({addresses: [working], handOver: `exterior.${token}`, query: {}, siteUrl: SITE}).rows.every((row) => row.newAddress === null)).toBe(true)
  })

  it('says what an action did, and ignores an outcome it does not know', () => {
    expect(crewCalendarsView({addresses: [], handOver: undefined, query: {done: 'revoked', crew: 'exterior'}, siteUrl: SITE}).message).toEqual({
      text: 'The address of Exterior crews no longer works.',
      problem: false,
    })
    expect(crewCalendarsView({addresses: [], handOver: undefined, query: {problem: 'unknownCrew'}, siteUrl: SITE}).message?.problem).toBe(true)
    expect(crewCalendarsView({addresses: [], handOver: undefined, query: {done: 'deleted', crew: 'indoor'}, siteUrl: SITE}).message).toBeNull()
    expect(crewCalendarsView({addresses: [], handOver: undefined, query: {done: 'made', crew: 'estimate'}, siteUrl: SITE}).message).toBeNull()
  })
})
