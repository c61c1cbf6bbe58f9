import {describe, expect, it} from 'vitest'
import {checkAnswer, DatabaseError} from './functions'

/**
 * Every answer of a database function is checked against the schema generated from the migrated
 * database before the app reads it: an answer of another shape is a DatabaseError, never passed on;
 * a right one is handed on as the driver gave it.
 */
describe('checkAnswer', () => {
  it('hands on a row of the declared columns as it came (timestamps as Date or as ISO string)', () => {
    const row = {date: '2031-05-02', arrival_window: '08:00-10:00', taken: 2}
    expect(checkAnswer('window_places_taken_between', row)).toBe(row)
    const claimed = new Date('2031-05-02T15:00:00Z')
    expect(checkAnswer('claim_booking_payment_check', true)).toBe(true)
    expect(checkAnswer('claim_booking_payment_check', null)).toBeNull()
    expect(checkAnswer('staff_actions_on_staff', checkRow(claimed))).toEqual(checkRow(claimed))
  })

  it('refuses a row whose column has another type, naming the function and the column', () => {
    expect(() => checkAnswer('window_places_taken_between', {date: '2031-05-02', arrival_window: '08:00-10:00', taken: 'two'})).toThrow(DatabaseError)
    expect(() => checkAnswer('window_places_taken_between', {date: '2031-05-02', arrival_window: '08:00-10:00', taken: 'two'})).toThrow(/window_places_taken_between.*taken/)
  })

  it('refuses a value of another type', () => {
    expect(() => checkAnswer('claim_booking_payment_check', 'yes')).toThrow(/claim_booking_payment_check/)
  })
})

function checkRow(at: Date | string) {
  return {id: '2f1c0c8e-3c1b-4bb0-9a57-6d1f4a3a0c11', staff_id: null, staff_name: 'Ada', at, subject_id: 'x', action: 'staff_added', before: null, after: {name: 'Bo'}}
}
