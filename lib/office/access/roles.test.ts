import {describe, expect, it} from 'vitest'
import {renderEmail} from '@/components/email/render'
import {composeMail} from '../../email/compose'
import {emailContentFromDataset} from '../../email/test-support/content'
import {bookingActionBack, crewDayPath, mayMarkBooking} from './crew'
import {staffInvitationEmail} from './sign-in-email'
import {checkNewStaff, checkStaffEdit} from '../staff/actions'
import {hasRole, mayWorkCrew, STAFF_ROLES, staffMemberFrom, type StaffRole} from './roles'
import {accessWords} from './words'

/** The three roles and a crew member's reach, as plain rules (the routes and pages call these after signing in). */

const owner = {role: 'owner', crew: null} as const
const office = {role: 'office', crew: null} as const
const indoorCrew = {role: 'crew', crew: 'indoor'} as const
const crewWithoutCrew = {role: 'crew', crew: null} as const

describe('the roles, each a superset of the next', () => {
  it('owner ⊇ office ⊇ crew, for every pair', () => {
    const expected: Record<StaffRole, StaffRole[]> = {owner: ['owner', 'office', 'crew'], office: ['office', 'crew'], crew: ['crew']}
    for (const role of STAFF_ROLES) {
      for (const needed of STAFF_ROLES) expect(hasRole({role}, needed), `${role} on a ${needed} page`).toBe(expected[role].includes(needed))
    }
  })
})

describe('what a crew member reaches', () => {
  it('opens their own crew’s day only; the office and owners any crew’s; a crew member without a crew none', () => {
    for (const crew of ['indoor', 'exterior', 'commercial'] as const) {
      expect(mayWorkCrew(owner, crew)).toBe(true)
      expect(mayWorkCrew(office, crew)).toBe(true)
      expect(mayWorkCrew(indoorCrew, crew)).toBe(crew === 'indoor')
      expect(mayWorkCrew(crewWithoutCrew, crew)).toBe(false)
    }
  })

  it('marks started or done only a booking of their crew (none when the booking does not exist); the office any', () => {
    expect(mayMarkBooking(indoorCrew, 'indoor')).toBe(true)
    expect(mayMarkBooking(indoorCrew, 'exterior')).toBe(false)
    expect(mayMarkBooking(indoorCrew, null)).toBe(false)
    expect(mayMarkBooking(crewWithoutCrew, 'indoor')).toBe(false)
    expect(mayMarkBooking(office, 'commercial')).toBe(true)
    expect(mayMarkBooking(office, null)).toBe(true)
  })

  it('lands on their crew’s day sheet for today on the company clock (Pacific), none without a crew', () => {
    // 05:30 UTC on March 5 is still March 4 in Renton.
    expect(crewDayPath({crew: 'exterior'}, new Date('2030-03-05T05:30:00Z'))).toBe('/office/schedule/2030-03-04/exterior')
    expect(crewDayPath({crew: 'exterior'}, new Date('2030-03-05T08:30:00Z'))).toBe('/office/schedule/2030-03-05/exterior')
    expect(crewDayPath({crew: null}, new Date('2030-03-05T08:30:00Z'))).toBeNull()
  })

  it('a crew’s JSON from the database keeps the crew of a crew member only', () => {
    expect(staffMemberFrom({id: 'a', name: 'Cy', email: 'cy@example.com', role: 'crew', crew: 'indoor'})).toMatchObject({crew: 'indoor'})
    expect(staffMemberFrom({id: 'a', name: 'Cy', email: 'cy@example.com', role: 'office', crew: 'indoor'})).toMatchObject({role: 'office', crew: null})
    expect(staffMemberFrom({id: 'a', name: 'Cy', email: 'cy@example.com', role: 'crew', crew: 'garden'})).toMatchObject({crew: null})
  })
})

describe('where Started and Done answer', () => {
  const id = '0b5a3c9e-6a7d-4d47-9f39-5f0d7b1e2c44'
  const bookingPage = `/office/bookings/${id}?done=markedStarted#outcome`
  const now = new Date('2030-03-04T17:00:00Z')

  it('back to the day sheet they were posted from, with the outcome, at the job', () => {
    expect(bookingActionBack(bookingPage, {back: '/office/schedule/2030-03-04/indoor', member: indoorCrew, now})).toBe(
      `/office/schedule/2030-03-04/indoor?done=markedStarted#outcome`,
    )
    expect(bookingActionBack(`/office/bookings/${id}?problem=not_today#outcome`, {back: '/office/schedule/2030-03-05/indoor', member: office, now})).toBe(
      `/office/schedule/2030-03-05/indoor?problem=not_today#outcome`,
    )
  })

  it('the booking page for the office without `back`; a crew member’s day instead, never a booking page', () => {
    expect(bookingActionBack(bookingPage, {back: null, member: office, now})).toBe(bookingPage)
    for (const back of [null, 'https://evil.example/office', '//evil.example/office', '/office/sign-in', '/office/x\r\nSet-Cookie: a=b', '/office/x#y', '/officé']) {
      expect(bookingActionBack(bookingPage, {back, member: indoorCrew, now}), String(back)).toBe(`/office/schedule/2030-03-04/indoor?done=markedStarted#outcome`)
    }
  })
})

describe('a member as the owner adds or changes them', () => {
  it('a crew member needs a crew, named as the field; anyone else’s crew is dropped', () => {
    expect(checkNewStaff({name: 'Cy', email: 'cy@example.com', role: 'crew', crew: ''})).toEqual({ok: false, problems: {crew: 'crew'}})
    expect(checkNewStaff({name: 'Cy', email: 'cy@example.com', role: 'crew', crew: 'garden'})).toEqual({ok: false, problems: {crew: 'crew'}})
    expect(checkNewStaff({name: 'Cy', email: 'cy@example.com', role: 'crew', crew: 'exterior'})).toEqual({
      ok: true,
      member: {name: 'Cy', email: 'cy@example.com', role: 'crew', crew: 'exterior'},
    })
    expect(checkNewStaff({name: 'Di', email: 'di@example.com', role: 'office', crew: 'exterior'})).toEqual({ok: true, member: {name: 'Di', email: 'di@example.com', role: 'office', crew: null}})
    expect(checkStaffEdit({name: ' ', role: 'crew'})).toEqual({ok: false, problems: {name: 'name', crew: 'crew'}})
    expect(checkStaffEdit({name: 'Ann  Lee', role: 'owner', crew: 'indoor'})).toEqual({ok: true, changes: {name: 'Ann Lee', role: 'owner', crew: null}})
  })
})

describe('the invitation e-mail', () => {
  it('goes to the new member, names who added them and their crew, and opens the sign-in page with their address filled in (no secret)', async () => {
    const {wording, company} = await emailContentFromDataset()
    const queued = staffInvitationEmail({name: 'Cy Crew', email: 'cy+new@example.com', role: 'crew', crew: 'exterior'}, 'Ann Owner')
    const mail = await composeMail(
      {id: '00000000-0000-4000-8000-000000000002', eventKey: 'staff_invitation:x:staff', template: queued.template, to: queued.to, replyTo: null, payload: queued.payload, attempts: 1, lockToken: 'l', createdAt: '2030-03-04T17:00:00Z'},
      {wording, company, siteUrl: 'https://www.example.com/', render: renderEmail},
    )
    expect(mail.to).toBe('cy+new@example.com')
    expect(mail.subject).toBe(accessWords.invitation.subject)
    expect(mail.text?.replace(/\s+/g, ' ')).toContain('Ann Owner added you to the office as a member of the Exterior crew.')
    expect(mail.text).toContain('https://www.example.com/office/sign-in?email=cy%2Bnew%40example.com')
    expect(mail.text).not.toMatch(/token=/)
  })
})
