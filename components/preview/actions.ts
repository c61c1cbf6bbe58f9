'use server'

import {revalidatePath} from 'next/cache'
import {draftMode} from 'next/headers'

/**
 * Re-renders an editor's preview of `pathname` with the content as it is now: the action's answer
 * carries the page rendered anew in draft mode, which the router shows in place. Neither
 * router.refresh() nor refresh() does it: the pages are prerendered for visitors, and on those the
 * router keeps the prerendered parts it holds. Revalidating the path tells it they changed; the cost
 * is that visitors' copy of that one page is rendered again on its next visit, with the same
 * published content. Does nothing outside draft mode, or for anything but a site path.
 */
export async function refreshPreview(pathname: string): Promise<void> {
  if (!(await draftMode()).isEnabled) return
  if (typeof pathname !== 'string' || !/^\/[\w\-./%]{0,300}$/.test(pathname)) return
  revalidatePath(pathname)
}
