import type {Metadata} from 'next'
import {fieldEditLinks, getEditLinks, getFaqsPage, listItem} from '@/lib/content'
import {pageMetadata} from '@/lib/page-metadata'
import {faqPageData, jsonLd} from '@/lib/structured-data'
import {FaqGroups} from '@/components/pages/FaqGroups'
import {PageHeader} from '@/components/pages/PageHeader'
import {Section} from '@/components/ui/Section'

export async function generateMetadata(): Promise<Metadata> {
  const page = await getFaqsPage()
  return pageMetadata({seo: page.seo, path: '/faqs'})
}

/** /faqs: every question, grouped; one answer open at a time across the page. */
export default async function FaqsPage() {
  const [page, edit] = await Promise.all([getFaqsPage(), getEditLinks()])
  const editGroups = fieldEditLinks(edit, {id: 'faqsPage', type: 'faqsPage'}, 'groups')
  // The same question may sit in two groups: item ids are unique per group.
  const groups = page.groups.map((group) => ({
    key: group._key,
    heading: group.heading,
    items: group.faqs.map((faq) => ({
      id: `${group._key}-${faq._id}`,
      question: faq.question,
      answer: faq.answer,
      ...(editGroups ? {edit: editGroups(`${listItem(group._key)}.faqs${listItem(faq._key)}`)} : {}),
    })),
  }))
  const uniqueFaqs = [...new Map(page.groups.flatMap((group) => group.faqs).map((faq) => [faq._id, faq])).values()]

  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{__html: jsonLd(faqPageData(uniqueFaqs))}} />
      <PageHeader heading={page.heading} intro={page.intro} width="narrow" />
      <Section width="narrow">
        <FaqGroups groups={groups} />
      </Section>
    </>
  )
}
