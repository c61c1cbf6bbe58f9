import {act, fireEvent, render, screen} from '@testing-library/react'
import {useState} from 'react'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {Toast, TOAST_DURATION_MS} from './Toast'

/**
 * The lead forms' toast: one at a time, announced as a status, closing itself after
 * 5000 ms or with Close; a new one replaces it and starts its time afresh; the time waits while the
 * pointer or focus is on it (WCAG 2.2.1). Time is Vitest's fake clock. Where it stands on the page
 * (top centre) is a layout matter and stays in appointment.spec.ts.
 */

/** A form's part that matters here: each Send shows a new toast ("Request 1", "Request 2", …). */
function Page() {
  const [toast, setToast] = useState<{id: number; title: string; body?: string} | null>(null)
  const [sent, setSent] = useState(0)
  const send = () => {
    setSent(sent + 1)
    setToast({id: sent + 1, title: `Request ${sent + 1}`, body: 'We will call you.'})
  }
  return (
    <>
      <button type="button" onClick={send}>
        Send
      </button>
      <Toast toast={toast} onClose={() => setToast(null)} />
    </>
  )
}

const show = () => fireEvent.click(screen.getByRole('button', {name: 'Send'}))
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms))

beforeEach(() => {
  vi.useFakeTimers()
  render(<Page />)
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the toast', () => {
  it('is announced as a status, and closes itself after 5000 ms, not sooner', () => {
    expect(TOAST_DURATION_MS).toBe(5000)
    show()
    expect(screen.getByRole('status').textContent).toContain('Request 1')
    expect(screen.getByRole('status').textContent).toContain('We will call you.')
    advance(4_999)
    expect(screen.queryByText('Request 1')).not.toBeNull()
    advance(1)
    expect(screen.queryByText('Request 1')).toBeNull()
    expect(screen.queryByText('We will call you.')).toBeNull()
  })

  it('Close closes it at once', () => {
    show()
    fireEvent.click(screen.getByRole('button', {name: 'Close'}))
    expect(screen.queryByText('Request 1')).toBeNull()
  })

  it('a second one replaces the first (never two) and gets its full 5000 ms', () => {
    show()
    advance(3_000)
    show()
    expect(screen.queryByText('Request 1')).toBeNull()
    expect(screen.getAllByRole('button', {name: 'Close'})).toHaveLength(1)
    advance(4_999)
    expect(screen.queryByText('Request 2')).not.toBeNull()
    advance(1)
    expect(screen.queryByText('Request 2')).toBeNull()
  })

  it('waits while the pointer is on it, then closes after the time it had left', () => {
    show()
    advance(2_000)
    const toast = screen.getByText('Request 1').closest('div')!.parentElement!
    fireEvent.mouseEnter(toast)
    advance(20_000)
    expect(screen.queryByText('Request 1')).not.toBeNull()
    fireEvent.mouseLeave(toast)
    advance(2_999)
    expect(screen.queryByText('Request 1')).not.toBeNull()
    advance(1)
    expect(screen.queryByText('Request 1')).toBeNull()
  })

  it('waits while keyboard focus is on it (its Close button)', () => {
    show()
    act(() => screen.getByRole('button', {name: 'Close'}).focus())
    advance(20_000)
    expect(screen.queryByText('Request 1')).not.toBeNull()
    act(() => screen.getByRole('button', {name: 'Close'}).blur())
    advance(5_000)
    expect(screen.queryByText('Request 1')).toBeNull()
  })
})
