import type {HomePage} from '@/lib/content'
import {Accordion} from '@/components/ui/Accordion'
import {Section} from '@/components/ui/Section'

/**
 * FAQ (anchor "faq"): the eight questions, one answer open at a time; with their FAQPage data when
 * asked (the home page leaves it to /faqs when every question is there too).
 */
export function FaqSection({section, structuredData}: {section: HomePage['faqSection']; structuredData: boolean}) {
  return (
    <Section id="faq" heading={section.heading} intro={section.intro} tone="tinted" width="narrow" align="center">
      <Accordion {...(structuredData && {faqStructuredData: true})} items={section.faqs.map((faq) => ({id: faq._id, question: faq.question, answer: faq.answer}))} />
    </Section>
  )
}
