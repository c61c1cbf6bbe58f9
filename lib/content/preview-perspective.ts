/**
 * What an editor's preview shows, as the Studio's Presentation tool asks for it: its perspective
 * switcher writes the choice to the `sanity-preview-perspective` cookie (next-sanity's
 * perspectiveChangeAction). `drafts` (the default) shows drafts over published documents,
 * `published` what visitors see, and a release stack (`rSpring,drafts`: the release, then what it
 * builds on) a planned release as it will look.
 */
export type PreviewPerspective = 'drafts' | 'published' | readonly string[]

export const PREVIEW_PERSPECTIVE_COOKIE = 'sanity-preview-perspective'

/** A release's name or one of the two fixed perspectives; never 'raw' (ids a visitor never sees). */
const PERSPECTIVE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/

/** The perspective a cookie value names; anything unreadable is the Presentation tool's default, drafts. */
export function previewPerspective(cookieValue: string | undefined): PreviewPerspective {
  const value = cookieValue?.trim()
  if (!value || value === 'drafts') return 'drafts'
  if (value === 'published') return 'published'
  const stack = value.split(',').map((name) => name.trim())
  if (stack.length > 16 || stack.some((name) => !PERSPECTIVE_NAME.test(name) || name === 'raw')) return 'drafts'
  return stack
}

/**
 * The local dataset holds published documents and drafts only (no releases): a release stack shows
 * drafts there, the nearest it has.
 */
export function localPreviewPerspective(perspective: PreviewPerspective): 'drafts' | 'published' {
  return perspective === 'published' ? 'published' : 'drafts'
}
