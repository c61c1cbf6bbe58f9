import {describe, expect, it} from 'vitest'
import {isReadableRouterState, MAX_ROUTER_STATE_LENGTH} from './router-state'

const header = (state: unknown) => encodeURIComponent(JSON.stringify(state))

describe('the client router’s state header', () => {
  it('takes an absent header and the trees Next’s client sends', () => {
    expect(isReadableRouterState(undefined)).toBe(true)
    expect(isReadableRouterState(header(['', {children: ['__PAGE__', {}]}]))).toBe(true)
    const service = ['', {children: ['(site)', {children: [['service', 'house-cleaning', 'd', null], {children: ['__PAGE__', {}, null, null]}, null, 'refetch']}, ['/', '/'], null, 12]}, null, null, 3, '']
    expect(isReadableRouterState(header(service))).toBe(true)
    expect(isReadableRouterState(header(['', {children: [['slug', 'a', 'c', ['about', 'contact']], {}]}]))).toBe(true)
  })

  it('refuses what Next cannot read: bad escapes, bad JSON, wrong shapes, several headers, too long', () => {
    for (const bad of [
      '%ff',
      '{',
      header(['', {children: 5}]),
      header({children: []}),
      header(['']),
      header(['', {}, null, 'later']),
      header([['slug', 'a', 'x', null], {}]),
      header(['', {}, ['/'], null]),
      header(['', {}, null, null, 'soon']),
      header(['', {}, null, null, null, '', 'extra']),
    ]) {
      expect(isReadableRouterState(bad), bad).toBe(false)
    }
    expect(isReadableRouterState([header(['', {}]), header(['', {}])])).toBe(false)
    const deep = header(['', {children: ['x'.repeat(MAX_ROUTER_STATE_LENGTH), {}]}])
    expect(isReadableRouterState(deep)).toBe(false)
  })
})
