/** The id of the skip link at the top of every page (the scroll-to-top button moves focus there). */
export const SKIP_LINK_ID = 'skip-link'

/** The scroll-to-top button shows once the page is scrolled past this many pixels. */
export const SCROLL_TOP_THRESHOLD = 600
