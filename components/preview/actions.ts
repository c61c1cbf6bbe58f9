'use server'

import {refresh} from 'next/cache'
import {draftMode} from 'next/headers'

/**
 * Re-renders an editor's preview with the content as it is now: the action's answer carries the
 * page rendered anew, which the router shows in place. (router.refresh() does not do it here: the
 * pages are prerendered for visitors, and the router keeps their prerendered segments on a plain
 * refresh.) Does nothing outside draft mode.
 */
export async function refreshPreview(): Promise<void> {
  if (!(await draftMode()).isEnabled) return
  refresh()
}
