/**
 * The crews' calendars' store over the database functions of
 * supabase/migrations/20261122000600_baseline_office.sql: the same calls on the embedded database,
 * PostgreSQL and Supabase (rpc), each one transaction with its audit row.
 */
import {fromRow} from '../../booking/store/mapping'
import type {DatabaseFunctions} from '../../database/functions'
import {isCalendarCrew, type CalendarBooking, type CalendarCrew, type CrewCalendarAddress, type CrewCalendarStore} from './rules'
import {actingStaff} from '../access/roles'
import {isoTimestampOrNull} from '../../database/timestamps'



export function databaseCrewCalendarStore(functions: DatabaseFunctions): CrewCalendarStore {
  return {
    async makeAddress(crew, tokenHash, staff, now) {
      const answer = await functions.value<{replaced: boolean}>('make_crew_calendar_token', {p_crew: crew, p_token_hash: tokenHash, p_staff: actingStaff(staff), p_now: now})
      return {replaced: answer.replaced === true}
    },
    async revokeAddress(crew, staff, now) {
      const answer = await functions.value<{status: string}>('revoke_crew_calendar_token', {p_crew: crew, p_staff: actingStaff(staff), p_now: now})
      return answer.status === 'revoked' ? 'revoked' : 'none'
    },
    async addresses() {
      const rows = await functions.rows<Record<string, unknown>>('crew_calendar_addresses', {})
      return rows
        .filter((row) => isCalendarCrew(row.crew))
        .map((row): CrewCalendarAddress => ({
          crew: row.crew as CalendarCrew,
          tokenHash: String(row.token_hash),
          madeAt: isoTimestampOrNull(row.created_at) as string,
          madeBy: String(row.created_by),
          lastReadAt: isoTimestampOrNull(row.last_read_at),
        }))
    },
    async readerOf(tokenHash, now) {
      const crew = await functions.value<string | null>('crew_calendar_reader', {p_token_hash: tokenHash, p_now: now})
      return isCalendarCrew(crew) ? crew : null
    },
    async bookingsOf(crew, from, to) {
      const rows = await functions.rows<{booking: Record<string, unknown> | string}>('crew_calendar_bookings', {p_crew: crew, p_from: from, p_to: to})
      return rows.map(({booking}): CalendarBooking => {
        const row = typeof booking === 'string' ? (JSON.parse(booking) as Record<string, unknown>) : booking
        return {...fromRow(row), calendarSequence: Number(row.calendar_sequence ?? 0)}
      })
    },
  }
}
