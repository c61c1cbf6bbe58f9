import type {Metadata} from 'next'
import {NotFoundMessage} from '@/components/site/NotFoundMessage'

export const metadata: Metadata = {
  title: 'Page Not Found',
}

/** 404 for a page that calls notFound() (an unknown service page or article), inside the site's chrome. */
export default function SiteNotFound() {
  return <NotFoundMessage />
}
