'use client'

import {useEffect, useState} from 'react'
import {Icon} from '@/components/ui/Icon'
import {SCROLL_TOP_THRESHOLD, SKIP_LINK_ID} from './constants'
import styles from './ScrollToTopButton.module.css'

/**
 * Floating "Scroll to top" button: appears past 600 px, scrolls to the top (smoothly unless the
 * visitor prefers reduced motion) and moves keyboard focus to the top of the page.
 */
export function ScrollToTopButton() {
  const [visible, setVisible] = useState(false)

  useEffect(() => {
    let frame = 0
    const update = () => {
      frame = 0
      setVisible(window.scrollY > SCROLL_TOP_THRESHOLD)
    }
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update)
    }
    update()
    window.addEventListener('scroll', onScroll, {passive: true})
    return () => {
      window.removeEventListener('scroll', onScroll)
      if (frame) window.cancelAnimationFrame(frame)
    }
  }, [])

  function scrollToTop() {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    document.getElementById(SKIP_LINK_ID)?.focus({preventScroll: true})
    window.scrollTo({top: 0, behavior: reduce ? 'instant' : 'smooth'})
  }

  return (
    <button
      type="button"
      className={styles.button}
      data-visible={visible}
      aria-label="Scroll to top"
      onClick={scrollToTop}
    >
      <Icon name="arrow-up" size={22} />
    </button>
  )
}
