import {cleanup, configure} from '@testing-library/react'
import {afterEach, vi} from 'vitest'

// Testing Library unmounts after each test by itself only where Vitest's globals are on; they are off here.
// findBy… waits up to 10 s (1 s by default): the booking forms load their validation (zod and the
// schemas) on first use, which takes seconds beside a busy core.
configure({asyncUtilTimeout: 10_000})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

// What jsdom lacks and the components ask the browser for. matchMedia: no media query matches (no
// reduced-motion preference) unless a test says otherwise.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}

// IntersectionObserver: nothing ever comes into view (the booking form's first use loads its calendar).
if (!('IntersectionObserver' in window)) {
  class NeverIntersecting {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return []
    }
  }
  Object.assign(window, {IntersectionObserver: NeverIntersecting})
}

// jsdom lays nothing out, so it has no scrolling: focusing the first invalid field also scrolls it into view.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {}

// Messages go in the page, never in a pop-up. jsdom only logs "not implemented" for
// these; here any call fails the test run (an error thrown in an event handler is reported).
for (const name of ['alert', 'confirm', 'prompt'] as const) {
  window[name] = () => {
    throw new Error(`window.${name}() was called: messages belong in the page`)
  }
}
