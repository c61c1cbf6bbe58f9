import {NextStudio} from 'next-sanity/studio'
import config from '@/sanity.config'

// The Studio is a client-side app; its shell is static.
export const dynamic = 'force-static'
export {metadata, viewport} from 'next-sanity/studio'

export default function StudioPage() {
  return <NextStudio config={config} />
}
