import {describe, expect, it} from 'vitest'
import {officeBookingStatus} from './status.ts'

const now = new Date('2026-12-01T18:00:00Z')
const base = {paymentStatus: 'paid', holdExpiresAt: null, cancellationRequestedAt: null, cancelledAt: null, outcome: null} as const

describe('officeBookingStatus', () => {
  it('tells a paid booking from one whose customer asked to cancel', () => {
    expect(officeBookingStatus(base, now)).toBe('paid')
    expect(officeBookingStatus({...base, cancellationRequestedAt: '2026-11-30T10:00:00Z'}, now)).toBe('cancellation_requested')
  })

  it('puts the office’s cancellation and outcome before the payment', () => {
    expect(officeBookingStatus({...base, cancellationRequestedAt: '2026-11-30T10:00:00Z', cancelledAt: '2026-11-30T11:00:00Z'}, now)).toBe('cancelled')
    expect(officeBookingStatus({...base, outcome: 'done'}, now)).toBe('done')
    expect(officeBookingStatus({...base, outcome: 'no_show'}, now)).toBe('no_show')
  })

  it('ends an unpaid hold when its checkout expires', () => {
    const pending = {...base, paymentStatus: 'pending' as const}
    expect(officeBookingStatus({...pending, holdExpiresAt: '2026-12-01T18:30:00Z'}, now)).toBe('unpaid_hold')
    expect(officeBookingStatus({...pending, holdExpiresAt: '2026-12-01T18:00:00Z'}, now)).toBe('hold_ended')
    expect(officeBookingStatus({...base, paymentStatus: 'expired'}, now)).toBe('hold_ended')
    expect(officeBookingStatus({...base, paymentStatus: 'failed'}, now)).toBe('payment_failed')
  })
})
