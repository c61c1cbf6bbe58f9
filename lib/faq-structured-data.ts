/*
 * schema.org FAQPage data and the JSON-LD text of any structured data. Apart from
 * structured-data.ts (which reads the site's address) so the browser's FAQ accordion can render it
 * from the questions it already has: the questions then reach the page's router data once, not twice.
 */

type Faq = {question: string; answer: string[]}

export function faqPageData(faqs: Faq[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map(({question, answer}) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: {'@type': 'Answer', text: answer.join('\n\n')},
    })),
  }
}

/** JSON for a <script type="application/ld+json">, with "<" escaped so it cannot end the script. */
export function jsonLd(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c')
}
