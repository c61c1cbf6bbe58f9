import {describe, expect, it} from 'vitest'
import {manageBookingUrl, manageLinkExpiry, signManageToken, verifyManageToken} from './manage-link'

const SECRET = 'a'.repeat(64)
const ID = '3f9a2b1c-1111-4222-8333-444455556666'
const NOW = new Date('2027-03-01T12:00:00Z')
const LATER = new Date('2027-03-20T16:00:00Z')

describe('manage links', () => {
  it('a signed token opens its booking until it expires, and not a second after', () => {
    const token = signManageToken(ID, LATER, SECRET)
    expect(verifyManageToken(token, SECRET, NOW)).toEqual({ok: true, bookingId: ID, expiresAt: LATER, generation: 0})
    expect(verifyManageToken(token, SECRET, new Date(LATER.getTime() - 1000))).toMatchObject({ok: true})
    expect(verifyManageToken(token, SECRET, LATER)).toEqual({ok: false, reason: 'expired'})
  })

  it('refuses a token with any character changed, another key, or another booking', () => {
    const token = signManageToken(ID, LATER, SECRET)
    for (let i = 0; i < token.length; i++) {
      const other = token[i] === 'b' ? 'c' : 'b'
      const altered = token.slice(0, i) + other + token.slice(i + 1)
      expect(verifyManageToken(altered, SECRET, NOW).ok, `character ${i}`).toBe(false)
    }
    expect(verifyManageToken(token, 'b'.repeat(64), NOW)).toEqual({ok: false, reason: 'invalid'})
    const [, expiry, sig] = token.split('.')
    expect(verifyManageToken(`3f9a2b1c-1111-4222-8333-444455556667.${expiry}.${sig}`, SECRET, NOW)).toEqual({ok: false, reason: 'invalid'})
    // A later expiry with the old signature: not an extension.
    const later = Math.floor(LATER.getTime() / 1000 + 86_400 * 365).toString(36)
    expect(verifyManageToken(`${ID}.${later}.${sig}`, SECRET, NOW)).toEqual({ok: false, reason: 'invalid'})
  })

  it('an altered expired token is invalid, not expired (nothing about it is trusted)', () => {
    const token = signManageToken(ID, NOW, SECRET)
    expect(verifyManageToken(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, SECRET, LATER)).toEqual({ok: false, reason: 'invalid'})
  })

  it.each(['', 'x', `${ID}..`, `${ID}.zz.${'A'.repeat(42)}`, `${ID.toUpperCase()}.a.${'A'.repeat(43)}`, 'a'.repeat(5000)])('refuses malformed %j', (token) => {
    expect(verifyManageToken(token, SECRET, NOW)).toEqual({ok: false, reason: 'invalid'})
  })

  it('names its generation (signed): a later one is a new link, and no generation can be forged or dropped', () => {
    const first = signManageToken(ID, LATER, SECRET)
    const second = signManageToken(ID, LATER, SECRET, 1)
    const tenth = signManageToken(ID, LATER, SECRET, 10)
    expect(new Set([first, second, tenth]).size).toBe(3)
    expect(verifyManageToken(second, SECRET, NOW)).toEqual({ok: true, bookingId: ID, expiresAt: LATER, generation: 1})
    expect(verifyManageToken(tenth, SECRET, NOW)).toMatchObject({ok: true, generation: 10})
    // The generation 0 link keeps the form of the links sent before generations existed.
    expect(first.split('.')).toHaveLength(3)
    const [id, expiry, generation, sig] = second.split('.')
    expect(verifyManageToken(`${id}.${expiry}.${sig}`, SECRET, NOW)).toEqual({ok: false, reason: 'invalid'})
    expect(verifyManageToken(`${id}.${expiry}.2.${sig}`, SECRET, NOW)).toEqual({ok: false, reason: 'invalid'})
    expect(verifyManageToken(`${id}.${expiry}.0${generation}.${sig}`, SECRET, NOW)).toEqual({ok: false, reason: 'invalid'})
    expect(verifyManageToken(`${first.split('.').slice(0, 2).join('.')}.1.${first.split('.')[2]}`, SECRET, NOW)).toEqual({ok: false, reason: 'invalid'})
    expect(() => signManageToken(ID, LATER, SECRET, -1)).toThrow(RangeError)
  })

  it('lasts until a week after the window it was sent for starts, and is a path under the site', () => {
    expect(manageLinkExpiry('2027-03-13T16:00:00.000Z').toISOString()).toBe('2027-03-20T16:00:00.000Z')
    const token = signManageToken(ID, LATER, SECRET)
    expect(manageBookingUrl('https://example.com/', token)).toBe(`https://example.com/manage-booking/${token}`)
    expect(token).toMatch(/^[0-9a-z.\-_A-Z]+$/)
  })
})
