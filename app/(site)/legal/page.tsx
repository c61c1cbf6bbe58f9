import type {Metadata} from 'next'
import {getLegalPage} from '@/lib/content'
import {formatDate} from '@/lib/format'
import {pageMetadata} from '@/lib/page-metadata'
import {LegalLayout} from '@/components/pages/LegalSections'
import {PageHeader} from '@/components/pages/PageHeader'
import {Section} from '@/components/ui/Section'

export async function generateMetadata(): Promise<Metadata> {
  const page = await getLegalPage()
  return pageMetadata({seo: page.seo, path: '/legal'})
}

/** /legal: Privacy Policy, Terms of Use and Refund Policy from the CMS, each with its anchor. */
export default async function LegalPage() {
  const page = await getLegalPage()

  return (
    <>
      <PageHeader
        heading={page.heading}
        intro={page.intro}
        note={
          <>
            Last updated <time dateTime={page.lastUpdated}>{formatDate(page.lastUpdated)}</time>
          </>
        }
      />
      <Section>
        <LegalLayout page={page} />
      </Section>
    </>
  )
}
