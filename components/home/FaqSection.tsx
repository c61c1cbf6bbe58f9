import type {HomePage} from '@/lib/content'
import {Accordion} from '@/components/ui/Accordion'
import {Section} from '@/components/ui/Section'
import {listItem, type FieldEditLinks} from '@/lib/content/edit-links'

/** FAQ (anchor "faq"): the eight questions, one answer open at a time, with their FAQPage data. */
export function FaqSection({section, edit}: {section: HomePage['faqSection']; edit?: FieldEditLinks}) {
  return (
    <Section id="faq" heading={section.heading} intro={section.intro} tone="tinted" width="narrow" align="center">
      <Accordion faqStructuredData items={section.faqs.map((faq) => ({id: faq._id, question: faq.question, answer: faq.answer, ...(edit ? {edit: edit(`faqs${listItem(faq._key)}`)} : {})}))} />
    </Section>
  )
}
