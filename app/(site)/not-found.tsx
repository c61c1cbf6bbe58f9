import type {Metadata} from 'next'
import {NotFoundMessage} from '@/components/site/NotFoundMessage'
import {getNotFoundPage} from '@/lib/content'

export async function generateMetadata(): Promise<Metadata> {
  return {title: (await getNotFoundPage()).heading}
}

/** 404 for a page that calls notFound() (an unknown service page or article), inside the site's chrome. */
export default function SiteNotFound() {
  return <NotFoundMessage />
}
