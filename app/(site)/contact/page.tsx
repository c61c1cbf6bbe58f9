import type {Metadata} from 'next'
import {getContactPage, getSiteSettings} from '@/lib/content'
import {pageMetadata} from '@/lib/page-metadata'
import {ContactWithMap} from '@/components/pages/ContactWithMap'
import {PageHeader} from '@/components/pages/PageHeader'
import {ContentImage} from '@/components/ui/ContentImage'
import {Section} from '@/components/ui/Section'

export async function generateMetadata(): Promise<Metadata> {
  const page = await getContactPage()
  return pageMetadata({seo: page.seo, path: '/contact', image: page.image})
}

/**
 * /contact: heading, intro, phone and e-mail, address, opening hours, the image and the map. The
 * contact form arrives in a later issue.
 */
export default async function ContactPage() {
  const [page, settings] = await Promise.all([getContactPage(), getSiteSettings()])

  return (
    <>
      <PageHeader
        heading={page.heading}
        intro={page.intro}
        width="wide"
        media={<ContentImage image={page.image} sizes="(min-width: 56rem) 40vw, 100vw" priority />}
      />
      <Section width="wide">
        <ContactWithMap settings={settings} cardTone="cream" />
      </Section>
    </>
  )
}
