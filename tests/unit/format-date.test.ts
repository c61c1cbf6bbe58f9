import {describe, expect, it} from 'vitest'
import {formatDate} from '@/lib/format'

describe('formatDate', () => {
  it('shows a calendar date as that day, whatever the server time zone', () => {
    expect(formatDate('2025-01-21')).toBe('January 21, 2025')
    expect(formatDate('2025-11-01')).toBe('November 1, 2025')
  })

  it('converts a date-time to Pacific time', () => {
    // 03:00 UTC on March 12 is still March 11 in Renton.
    expect(formatDate('2025-03-12T03:00:00Z')).toBe('March 11, 2025')
    expect(formatDate('2025-03-12T20:00:00Z')).toBe('March 12, 2025')
  })

  it('refuses what is not a date', () => {
    expect(() => formatDate('soon')).toThrow(RangeError)
  })
})
