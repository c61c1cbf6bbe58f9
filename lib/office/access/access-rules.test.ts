import {describe, expect, it} from 'vitest'
import {renderEmail} from '@/components/email/render'
import {composeMail} from '../../email/compose'
import {emailContentFromDataset} from '../../email/test-support/content'
import {actionChanges, actionValueText, staffActionFromRow} from '../shared/audit'
import {clearCookie, cookieValue, setCookie} from './cookies'
import {isOwnOrigin, changesSomething} from './origin'
import {officeReturnPath, signInPathFor} from './paths'
import {hashSecret, isSecretShaped, newSecret} from './secrets'
import {signInEmail} from './sign-in'
import {testClockNow} from '../shared/test-clock'
import {accessWords} from './words'

describe('where signing in sends a member back to', () => {
  it('is a page of the office, never another site or the sign-in pages', () => {
    expect(officeReturnPath('/office/bookings?status=paid')).toBe('/office/bookings?status=paid')
    for (const value of ['https://evil.example/office', '//evil.example/office', '/office\\@evil', '/officer', '/', '/office/sign-in?next=/office', null, undefined]) {
      expect(officeReturnPath(value), String(value)).toBe('/office')
    }
    expect(signInPathFor('/office/staff', {status: 'signed_out'})).toBe('/office/sign-in?status=signed_out&next=%2Foffice%2Fstaff')
    expect(signInPathFor('https://evil.example')).toBe('/office/sign-in')
  })

  it('is /office for a return address that could not be a Location header: control characters, characters above U+00FF, spaces', () => {
    for (const value of ['/office/bookings\r\nSet-Cookie: x=1', '/office/\u0000', '/office/\u0101', '/office/\u2028', '/office/caf\u00e9', '/office/a b', '/office\t']) {
      expect(officeReturnPath(value), JSON.stringify(value)).toBe('/office')
    }
    expect(officeReturnPath('/office/bookings?q=caf%C3%A9')).toBe('/office/bookings?q=caf%C3%A9')
  })
})

describe('the origin check of office changes', () => {
  it('accepts only the site’s own origin on a change', () => {
    expect(changesSomething('POST')).toBe(true)
    expect(changesSomething('GET')).toBe(false)
    expect(isOwnOrigin('https://www.example.com', 'https://www.example.com')).toBe(true)
    for (const origin of [null, '', 'null', 'https://evil.example', 'http://www.example.com', 'https://www.example.com.evil.example']) {
      expect(isOwnOrigin(origin, 'https://www.example.com'), String(origin)).toBe(false)
    }
  })
})

describe('the office’s cookies and secrets', () => {
  it('are HttpOnly, SameSite=Lax, scoped to /office, Secure on https', () => {
    expect(setCookie('office_session', 'abc', {maxAgeSeconds: 60, secure: true})).toBe('office_session=abc; Path=/office; Max-Age=60; HttpOnly; SameSite=Lax; Secure')
    expect(clearCookie('office_session', {secure: false})).toBe('office_session=; Path=/office; Max-Age=0; HttpOnly; SameSite=Lax')
    expect(cookieValue('a=1; office_session=xyz; b=2', 'office_session')).toBe('xyz')
    expect(cookieValue('a=1', 'office_session')).toBeNull()
  })

  it('are 160 random bits in base32, stored as their SHA-256', () => {
    const secrets = new Set(Array.from({length: 100}, newSecret))
    expect(secrets.size).toBe(100)
    for (const secret of secrets) expect(isSecretShaped(secret)).toBe(true)
    expect(hashSecret('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })
})

describe('the browser tests’ clock', () => {
  it('is honoured only when turned on, on a loopback site', () => {
    const at = '2030-01-01T00:00:00.000Z'
    expect(testClockNow({OFFICE_TEST_CLOCK: 'on', SITE_URL: 'http://localhost:3100'}, at)?.toISOString()).toBe(at)
    expect(testClockNow({OFFICE_TEST_CLOCK: 'on', SITE_URL: 'https://www.example.com'}, at)).toBeNull()
    expect(testClockNow({SITE_URL: 'http://localhost:3100'}, at)).toBeNull()
    expect(testClockNow({OFFICE_TEST_CLOCK: 'on', SITE_URL: 'http://localhost:3100'}, 'soon')).toBeNull()
  })
})

describe('the sign-in e-mail', () => {
  it('goes to the member with the link to the page that signs in, in the office’s words', async () => {
    const {wording, company} = await emailContentFromDataset()
    const queued = signInEmail('sam@example.com', 'abcdefghijklmnopqrstuvwxyz234567', new Date('2030-03-04T17:15:00Z'), '/office/bookings')
    const mail = await composeMail(
      {id: '00000000-0000-4000-8000-000000000001', eventKey: 'staff_sign_in:x:staff', template: queued.template, to: queued.to, replyTo: null, payload: queued.payload, attempts: 1, lockToken: 'l', createdAt: '2030-03-04T17:00:00Z'},
      {wording, company, siteUrl: 'https://www.example.com', render: renderEmail},
    )
    expect(mail.to).toBe('sam@example.com')
    expect(mail.subject).toBe(accessWords.email.subject)
    expect(mail.text).toContain('https://www.example.com/office/sign-in/verify?token=abcdefghijklmnopqrstuvwxyz234567&next=%2Foffice%2Fbookings')
    expect(mail.text).toContain('March 4, 2030 at 9:15 AM')
    expect(mail.html).toContain('/office/sign-in/verify?token=abcdefghijklmnopqrstuvwxyz234567')
  })
})

describe('a staff action as the history shows it', () => {
  it('lists each changed field before and after, nothing as a dash', () => {
    const action = staffActionFromRow({
      id: 'a1',
      staff_id: null,
      staff_name: 'Ann',
      at: new Date('2030-03-04T17:00:00Z'),
      action: 'booking_moved',
      before: '{"date": "2030-03-05", "note": null}',
      after: {date: '2030-03-06', note: 'Gate code 1234', places: 2},
    })
    expect(action).toMatchObject({staffId: null, staffName: 'Ann', at: '2030-03-04T17:00:00.000Z'})
    const words = {...accessWords.history, values: {}}
    expect(actionChanges(action).map(({field, before, after}) => [field, actionValueText(field, before, words), actionValueText(field, after, words)])).toEqual([
      ['date', 'March 5, 2030', 'March 6, 2030'],
      ['note', '—', 'Gate code 1234'],
      ['places', '—', '2'],
    ])
  })

  it('tells times on the company’s clock, yes/no in the field’s words, amounts in dollars and stored keys in words', () => {
    const words = {...accessWords.history, values: {status: {contacted: 'Contacted'}}}
    const text = (field: string, value: unknown) => actionValueText(field, value, words)
    // A crew calendar's address made (the first one) at 05:55 UTC: 9:55 PM the evening before in Renton.
    expect(text('addressMadeAt', '2026-11-29T05:55:15.438+00:00')).toBe('November 28, 2026 at 9:55 PM')
    expect(text('replacedAddress', false)).toBe('no (the crew’s first address)')
    expect(text('replacedAddress', true)).toBe('yes (the old address stopped working)')
    expect(text('revoked', true)).toBe('revoked')
    expect(text('somethingElse', false)).toBe('no')
    expect(text('refunded_cents', 12345)).toBe('$123.45')
    expect(text('arrival_window', '08:00-10:00')).toBe('8:00 AM – 10:00 AM')
    expect(text('status', 'contacted')).toBe('Contacted')
    expect(text('status', 'somewhere')).toBe('somewhere')
    expect(text('note', null)).toBe('—')
  })
})
