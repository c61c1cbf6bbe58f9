'use client'

import {useCallback, useEffect, useRef, type ComponentProps} from 'react'
import {VisualEditing} from 'next-sanity/visual-editing/client-component'
import {refreshPreview} from './actions'

type HistoryRefresh = Parameters<NonNullable<ComponentProps<typeof VisualEditing>['refresh']>>[0]

/** Where the server announces each content change to an editor's preview (app/api/draft-mode/changes). */
export const CONTENT_CHANGES_URL = '/api/draft-mode/changes'

/**
 * Keeps an editor's preview in step with the content: each change the server announces re-renders
 * the page's server components in place (refreshPreview: no reload, scroll and form state kept).
 * Returns whether the announcements are arriving right now.
 */
function useContentChanges(): {current: boolean} {
  const live = useRef(false)
  useEffect(() => {
    const changes = new EventSource(CONTENT_CHANGES_URL)
    let connectedBefore = false
    changes.addEventListener('ready', () => {
      // Back after a lost connection: whatever changed meanwhile was never announced.
      if (connectedBefore) void refreshPreview(location.pathname)
      connectedBefore = true
      live.current = true
    })
    changes.addEventListener('change', () => void refreshPreview(location.pathname))
    changes.addEventListener('error', () => {
      live.current = false
    })
    return () => changes.close()
  }, [])
  return live
}

/**
 * The preview's client side, loaded only when an editor's preview renders it (LazyVisualEditing):
 * Sanity's visual editing (click-to-edit overlays in the Studio's Presentation tool) and the page
 * following the content as it changes.
 */
export default function PreviewClient(props: Omit<ComponentProps<typeof VisualEditing>, 'refresh'>) {
  const live = useContentChanges()
  const refresh = useCallback(
    (payload: HistoryRefresh): false | Promise<void> => {
      // The Studio says an edit was made. The change announcement refreshes the page once the
      // Content Lake has the edit (sooner would show the old text); without one, refresh now.
      if (payload.source === 'mutation' && live.current) return false
      return refreshPreview(location.pathname)
    },
    [live],
  )
  return <VisualEditing {...props} refresh={refresh} />
}
