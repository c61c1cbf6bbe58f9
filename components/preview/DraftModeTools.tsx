import {perspectiveChangeAction, variantChangeAction} from 'next-sanity/visual-editing/server-actions'
import {LazyVisualEditing} from './LazyVisualEditing'
import styles from './DraftModeTools.module.css'

/**
 * Shown to an editor in draft mode only (the published site renders none of it): a bar saying the
 * page shows drafts, with the way out, and Sanity's visual editing (click-to-edit overlays inside
 * the Studio's Presentation tool, refreshed as drafts change).
 */
export function DraftModeTools() {
  return (
    <>
      <aside className={styles.bar} aria-label="Preview">
        <p>Preview of drafts</p>
        <a href="/api/draft-mode/disable">Exit preview</a>
      </aside>
      <LazyVisualEditing onPerspectiveChange={perspectiveChangeAction} onVariantChange={variantChangeAction} />
    </>
  )
}
