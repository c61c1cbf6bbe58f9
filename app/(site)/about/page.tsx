import type {Metadata} from 'next'
import {getAboutPage} from '@/lib/content'
import {pageMetadata} from '@/lib/page-metadata'
import {FinalCta} from '@/components/pages/FinalCta'
import {PageHeaderWithImage} from '@/components/pages/PageHeader'
import {ValuesGrid} from '@/components/pages/ValuesGrid'
import {RichText} from '@/components/rich-text/RichText'
import {Section} from '@/components/ui/Section'

export async function generateMetadata(): Promise<Metadata> {
  const page = await getAboutPage()
  return pageMetadata({seo: page.seo, path: '/about', image: page.image})
}

/** /about: heading, intro, image, the story, our values and a call to book. */
export default async function AboutPage() {
  const page = await getAboutPage()

  return (
    <>
      <PageHeaderWithImage page={page} />
      <Section width="narrow">
        <RichText value={page.body} />
      </Section>
      <Section tone="tinted" width="wide">
        <ValuesGrid values={page.values} />
      </Section>
      <FinalCta cta={page.finalCta} />
    </>
  )
}
