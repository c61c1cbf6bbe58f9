'use client'

import {useEffect, useState, useSyncExternalStore, type FocusEvent} from 'react'
import {StarIcon} from '@/components/ui/Icon'
import {SidebarCard} from './SidebarCard'
import styles from './booking.module.css'

export type Review = {_id: string; text: string; author: string; stars: number}

export type ReviewCarouselProps = {
  reviews: readonly Review[]
  /** Default "Customer Reviews". */
  heading?: string
  /** Auto-advance interval (3000 ms). */
  intervalMs?: number
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/** True when the visitor asks for reduced motion (false while rendering on the server). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  )
}

/** "4 out of 5 stars", drawn as five star icons. */
export function StarRating({stars}: {stars: number}) {
  const count = Math.max(0, Math.min(5, Math.round(stars)))
  return (
    <span className={styles.stars} role="img" aria-label={`${count} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} size={18} filled={n <= count} />
      ))}
    </span>
  )
}

/**
 * Customer reviews, one at a time: advances every 3 s, Next advances by hand. Rotation
 * pauses while the pointer is over the box or focus is inside it, and the Pause/Play button stops
 * and restarts it (WCAG 2.2.2). Visitors who prefer reduced motion start paused until they press
 * Play. While rotating the review text is not announced; when stopped, a change (Next) is.
 */
export function ReviewCarousel({reviews, heading = 'Customer Reviews', intervalMs = 3000}: ReviewCarouselProps) {
  const count = reviews.length
  const [index, setIndex] = useState(0)
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const reducedMotion = usePrefersReducedMotion()
  const playing = choice ? choice === 'play' : !reducedMotion
  const rotating = playing && !hovered && !focused && count > 1

  useEffect(() => {
    if (!rotating) return
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), intervalMs)
    return () => window.clearInterval(timer)
  }, [rotating, count, intervalMs])

  if (count === 0) return null
  const current = index % count

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
  }

  const controls =
    count > 1 ? (
      <div className={styles.carouselControls}>
        <button
          type="button"
          className={styles.carouselButton}
          aria-label={playing ? 'Pause reviews' : 'Play reviews'}
          onClick={() => setChoice(playing ? 'pause' : 'play')}
        >
          {playing ? <PauseGlyph /> : <PlayGlyph />}
          <span>{playing ? 'Pause' : 'Play'}</span>
        </button>
        <button
          type="button"
          className={styles.carouselButton}
          aria-label="Next review"
          onClick={() => setIndex((current + 1) % count)}
        >
          <span>Next</span>
          <NextGlyph />
        </button>
      </div>
    ) : null

  return (
    <div
      className={styles.carouselRoot}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <SidebarCard heading={heading}>
        <div className={styles.carousel}>
          <div className={styles.slides} aria-live={rotating ? 'off' : 'polite'} aria-atomic="false">
            {reviews.map((review, i) => (
              <div
                key={review._id}
                className={styles.slide}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}`}
                aria-hidden={i === current ? undefined : true}
                data-active={i === current || undefined}
              >
                <StarRating stars={review.stars} />
                <blockquote className={styles.reviewText}>
                  <p>{review.text}</p>
                </blockquote>
                <p className={styles.reviewAuthor}>— {review.author}</p>
              </div>
            ))}
          </div>
          <div className={styles.carouselFooter}>
            <p className={styles.carouselPosition} aria-hidden="true">
              {current + 1} / {count}
            </p>
            {controls}
          </div>
        </div>
      </SidebarCard>
    </div>
  )
}

function PauseGlyph() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="16" height="16">
      <rect x="6" y="5" width="4" height="14" rx="1" fill="currentColor" />
      <rect x="14" y="5" width="4" height="14" rx="1" fill="currentColor" />
    </svg>
  )
}

function PlayGlyph() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="16" height="16">
      <path d="M7 5l12 7-12 7z" fill="currentColor" />
    </svg>
  )
}

function NextGlyph() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
      <path d="M9 6l6 6-6 6" />
    </svg>
  )
}
