import {perspectiveChangeAction, variantChangeAction} from 'next-sanity/visual-editing/server-actions'
import {LazyVisualEditing} from './LazyVisualEditing'
import styles from './DraftModeTools.module.css'

/**
 * Shown to an editor in draft mode only (the published site renders none of it): a bar saying the
 * page shows drafts, with the way out; Sanity's visual editing (click-to-edit overlays inside the
 * Studio's Presentation tool, whose perspective switcher picks drafts, published or a release); and
 * the page re-rendering in place whenever the content changes (the Content Lake's live events, or
 * the local dataset file, relayed by app/api/draft-mode/changes), so an edit shows within a moment
 * of the Studio saving it, without a reload.
 */
export function DraftModeTools() {
  return (
    <>
      <aside className={styles.bar} aria-label="Preview">
        <p>Preview of drafts</p>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a route handler that sets a cookie: a full navigation, not client routing */}
        <a href="/api/draft-mode/disable">Exit preview</a>
      </aside>
      <LazyVisualEditing onPerspectiveChange={perspectiveChangeAction} onVariantChange={variantChangeAction} />
    </>
  )
}
