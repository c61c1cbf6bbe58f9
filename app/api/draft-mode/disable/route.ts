import {draftMode} from 'next/headers'
import {redirect} from 'next/navigation'

/** Leaves the preview of drafts: back to the published site's home page. */
export async function GET() {
  ;(await draftMode()).disable()
  redirect('/')
}
