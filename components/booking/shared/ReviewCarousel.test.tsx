import {act, fireEvent, render, screen, within} from '@testing-library/react'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {reviewsOf} from '@/tests/components/content'
import {ReviewCarousel} from './ReviewCarousel'

/**
 * The booking sidebar's review carousel: one review shown at a time, every review of
 * the form's content, advancing every 3 s while nothing is hovered or focused; Next by hand (wrapping
 * from the last to the first); Pause/Play (WCAG 2.2.2). Time is Vitest's fake clock.
 * (Moved from booking-{house,carpet,exterior,commercial}.spec.ts.)
 */

const FORMS = [
  {form: 'house', count: 5},
  {form: 'carpet', count: null},
  {form: 'exterior', count: 15},
  {form: 'commercial', count: 15},
] as const

const box = () => screen.getByRole('region', {name: 'Customer Reviews'})
/** The review on show: the one slide not hidden from assistive technology. */
const shown = () => within(box()).getByRole('group', {name: /^\d+ of \d+$/})
const position = () => shown().getAttribute('aria-label')
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms))

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe.each(FORMS)('the $form reviews', ({form, count}) => {
  const reviews = reviewsOf(form)

  it('holds every review of the content, in order, one shown at a time with its stars and author', () => {
    if (count !== null) expect(reviews).toHaveLength(count)
    expect(reviews.length).toBeGreaterThan(1)
    render(<ReviewCarousel reviews={reviews} />)
    const slides = box().querySelectorAll('[aria-roledescription="slide"]')
    expect(Array.from(slides, (slide) => slide.querySelector('blockquote')?.textContent)).toEqual(reviews.map((review) => review.text))
    expect(box().querySelectorAll('[aria-roledescription="slide"]:not([aria-hidden="true"])')).toHaveLength(1)
    expect(position()).toBe(`1 of ${reviews.length}`)
    expect(shown().textContent).toContain(reviews[0].text)
    expect(shown().textContent).toContain(reviews[0].author)
    within(shown()).getByRole('img', {name: `${reviews[0].stars} out of 5 stars`})
  })

  it('advances every 3 s by itself, not sooner', () => {
    render(<ReviewCarousel reviews={reviews} />)
    advance(2_999)
    expect(position()).toBe(`1 of ${reviews.length}`)
    advance(1)
    expect(position()).toBe(`2 of ${reviews.length}`)
    expect(shown().textContent).toContain(reviews[1].text)
    advance(3_000)
    expect(position()).toBe(`3 of ${reviews.length}`)
  })

  it('Next moves exactly one review on, wrapping from the last to the first; paused it stays', () => {
    render(<ReviewCarousel reviews={reviews} />)
    fireEvent.click(within(box()).getByRole('button', {name: 'Pause reviews'}))
    within(box()).getByRole('button', {name: 'Play reviews'})
    const next = within(box()).getByRole('button', {name: 'Next review'})
    fireEvent.click(next)
    expect(position()).toBe(`2 of ${reviews.length}`)
    expect(shown().textContent).toContain(reviews[1].text)
    expect(shown().textContent).toContain(reviews[1].author)
    within(shown()).getByRole('img', {name: `${reviews[1].stars} out of 5 stars`})
    advance(12_000)
    expect(position()).toBe(`2 of ${reviews.length}`)
    for (let i = 2; i < reviews.length; i += 1) fireEvent.click(next)
    expect(position()).toBe(`${reviews.length} of ${reviews.length}`)
    fireEvent.click(next)
    expect(position()).toBe(`1 of ${reviews.length}`)
  })
})

describe('what stops the rotation', () => {
  const reviews = reviewsOf('commercial')

  it('the pointer over the box holds it; leaving lets it go on', () => {
    render(<ReviewCarousel reviews={reviews} />)
    advance(6_000)
    expect(position()).toBe('3 of 15')
    fireEvent.mouseEnter(box().parentElement!)
    advance(9_000)
    expect(position()).toBe('3 of 15')
    fireEvent.mouseLeave(box().parentElement!)
    advance(3_000)
    expect(position()).toBe('4 of 15')
  })

  it('focus inside the box holds it (Next keeps focus); focus leaving lets it go on', () => {
    render(
      <>
        <ReviewCarousel reviews={reviews} />
        <button type="button">elsewhere</button>
      </>,
    )
    const next = within(box()).getByRole('button', {name: 'Next review'})
    act(() => next.focus())
    fireEvent.click(next)
    expect(position()).toBe('2 of 15')
    advance(9_000)
    expect(position()).toBe('2 of 15')
    act(() => screen.getByRole('button', {name: 'elsewhere'}).focus())
    advance(3_000)
    expect(position()).toBe('3 of 15')
  })

  it('Pause stops it with nothing hovered or focused; Play starts it again', () => {
    render(<ReviewCarousel reviews={reviews} />)
    fireEvent.click(within(box()).getByRole('button', {name: 'Pause reviews'}))
    advance(12_000)
    expect(position()).toBe('1 of 15')
    fireEvent.click(within(box()).getByRole('button', {name: 'Play reviews'}))
    within(box()).getByRole('button', {name: 'Pause reviews'})
    advance(3_000)
    expect(position()).toBe('2 of 15')
  })

  it('a visitor who prefers reduced motion gets it paused until Play', () => {
    const matchMedia = window.matchMedia
    window.matchMedia = (query: string) => ({...matchMedia(query), matches: query === '(prefers-reduced-motion: reduce)'})
    try {
      render(<ReviewCarousel reviews={reviews} />)
      within(box()).getByRole('button', {name: 'Play reviews'})
      advance(9_000)
      expect(position()).toBe('1 of 15')
      fireEvent.click(within(box()).getByRole('button', {name: 'Play reviews'}))
      advance(3_000)
      expect(position()).toBe('2 of 15')
    } finally {
      window.matchMedia = matchMedia
    }
  })
})
