import type {Metadata} from 'next'
import {ExteriorBookingForm, ExteriorBookingProvider, ExteriorSummary} from '@/components/booking/exterior/ExteriorBookingForm'
import {BookingIntro} from '@/components/booking/shared/BookingIntro'
import {BookingPageLayout} from '@/components/booking/shared/BookingPageLayout'
import {PopularQuestions} from '@/components/booking/shared/PopularQuestions'
import {ReviewCarousel} from '@/components/booking/shared/ReviewCarousel'
import {INDUSTRY_PATHS} from '@/lib/booking/catalog'
import {getBookingFormTexts, getBookingPage, getBookingSidebar, getSiteSettings} from '@/lib/content'
import {pageMetadata} from '@/lib/page-metadata'
import {faqPageData, jsonLd} from '@/lib/structured-data'

const PATH = INDUSTRY_PATHS.exterior

export async function generateMetadata(): Promise<Metadata> {
  const {page} = await getBookingPage('exterior')
  return pageMetadata({seo: page.seo, path: PATH})
}

/** /exterior_cleaning: the exterior booking form with its live summary, reviews and questions. */
export default async function ExteriorCleaningPage() {
  const [sidebar, settings, {page}, texts] = await Promise.all([
    getBookingSidebar('exterior'),
    getSiteSettings(),
    getBookingPage('exterior'),
    getBookingFormTexts('exterior'),
  ])
  return (
    <ExteriorBookingProvider texts={texts}>
      {/* decisions.md: FAQPage data where FAQs show (the sidebar's Popular Questions). */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{__html: jsonLd(faqPageData(sidebar.questions))}} />
      <BookingPageLayout
        heading={page.heading}
        intro={<BookingIntro intro={page.intro} callPrompt={page.callPrompt} phone={settings.phone} />}
        sidebar={
          <>
            <ExteriorSummary />
            <ReviewCarousel reviews={sidebar.reviews} />
            <PopularQuestions questions={sidebar.questions} />
          </>
        }
      >
        <ExteriorBookingForm />
      </BookingPageLayout>
    </ExteriorBookingProvider>
  )
}
