import {describe, expect, it} from 'vitest'
import {
  CLIENT_ADDRESS_HEADER,
  clientAddress,
  normalizeAddress,
  proxyTrustFromEnv,
  resolveClientAddress,
  stampClientAddress,
} from './client-address'

describe('resolveClientAddress', () => {
  it('with no proxy trusted, is the connection’s own address whatever the forwarding headers say', () => {
    const trust = proxyTrustFromEnv({})
    expect(resolveClientAddress('203.0.113.7', {}, trust)).toBe('203.0.113.7')
    // The defect: a new X-Forwarded-For value per request was a fresh rate-limit quota.
    for (const forged of ['198.51.100.1', '198.51.100.2, 203.0.113.7', 'unknown']) {
      expect(resolveClientAddress('203.0.113.7', {'x-forwarded-for': forged, 'x-real-ip': '10.0.0.1'}, trust)).toBe('203.0.113.7')
    }
  })

  it('behind n trusted proxies, takes the entry n places left of the connection, so a prepended fake entry changes nothing', () => {
    const trust = proxyTrustFromEnv({TRUSTED_PROXY_HOPS: '1'})
    // nginx (10.0.0.2) appends the address it saw.
    expect(resolveClientAddress('10.0.0.2', {'x-forwarded-for': '203.0.113.7'}, trust)).toBe('203.0.113.7')
    expect(resolveClientAddress('10.0.0.2', {'x-forwarded-for': '198.51.100.9, 203.0.113.7'}, trust)).toBe('203.0.113.7')
    expect(resolveClientAddress('10.0.0.2', {'x-forwarded-for': ['1.1.1.1, 2.2.2.2', '203.0.113.7']}, trust)).toBe('203.0.113.7')
    const two = proxyTrustFromEnv({TRUSTED_PROXY_HOPS: '2'})
    expect(resolveClientAddress('10.0.0.3', {'x-forwarded-for': 'forged, 203.0.113.7, 10.0.0.2'}, two)).toBe('203.0.113.7')
    // Fewer entries than hops: the request came around the proxies; the furthest entry is all there is.
    expect(resolveClientAddress('10.0.0.3', {}, two)).toBe('10.0.0.3')
    // Garbage where the client should be: the connection, never the garbage.
    expect(resolveClientAddress('10.0.0.2', {'x-forwarded-for': 'not-an-ip'}, trust)).toBe('10.0.0.2')
  })

  it('with a trusted header, takes it, and the connection when the header is missing', () => {
    const trust = proxyTrustFromEnv({TRUSTED_CLIENT_IP_HEADER: 'CF-Connecting-IP'})
    expect(resolveClientAddress('10.0.0.2', {'cf-connecting-ip': '2001:DB8::1', 'x-forwarded-for': '1.1.1.1'}, trust)).toBe('2001:db8::1')
    expect(resolveClientAddress('10.0.0.2', {'x-forwarded-for': '1.1.1.1'}, trust)).toBe('10.0.0.2')
  })

  it('refuses settings that make no sense', () => {
    expect(() => proxyTrustFromEnv({TRUSTED_PROXY_HOPS: 'two'})).toThrow(/TRUSTED_PROXY_HOPS/)
    expect(() => proxyTrustFromEnv({TRUSTED_PROXY_HOPS: '1', TRUSTED_CLIENT_IP_HEADER: 'x-real-ip'})).toThrow(/not both/)
    expect(() => proxyTrustFromEnv({TRUSTED_CLIENT_IP_HEADER: 'bad header'})).toThrow(/header name/)
    expect(proxyTrustFromEnv({TRUSTED_PROXY_HOPS: '0'})).toEqual({kind: 'none'})
  })
})

describe('normalizeAddress', () => {
  it.each([
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['203.0.113.7:51234', '203.0.113.7'],
    ['[2001:DB8::1]:443', '2001:db8::1'],
    [' 2001:DB8::1 ', '2001:db8::1'],
    ['example.com', null],
    ['', null],
    [undefined, null],
  ])('spells one address one way and refuses anything that is not an IP address: %j → %j', (given, address) => {
    expect(normalizeAddress(given)).toBe(address)
  })
})

describe('clientAddress (what a route reads)', () => {
  it('is the address the edge stamped, and "unknown" for a stamp the client wrote itself', () => {
    const stamped = stampClientAddress('203.0.113.7')
    expect(clientAddress(new Headers({[CLIENT_ADDRESS_HEADER]: stamped}))).toBe('203.0.113.7')
    expect(clientAddress(new Headers({[CLIENT_ADDRESS_HEADER]: 'guess 198.51.100.1'}))).toBe('unknown')
    expect(clientAddress(new Headers({[CLIENT_ADDRESS_HEADER]: '198.51.100.1'}))).toBe('unknown')
    expect(clientAddress(new Headers({'x-forwarded-for': '198.51.100.1'}))).toBe('unknown')
  })
})
