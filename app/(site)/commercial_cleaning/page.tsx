import type {Metadata} from 'next'
import {CommercialBookingForm, CommercialBookingProvider, CommercialSummary} from '@/components/booking/commercial/CommercialBookingForm'
import {BookingIntro} from '@/components/booking/shared/BookingIntro'
import {BookingPageLayout} from '@/components/booking/shared/BookingPageLayout'
import {PopularQuestions} from '@/components/booking/shared/PopularQuestions'
import {ReviewCarousel} from '@/components/booking/shared/ReviewCarousel'
import {INDUSTRY_PATHS} from '@/lib/booking/catalog'
import {getBookingFormTexts, getBookingPage, getBookingSidebar, getSiteSettings} from '@/lib/content'
import {pageMetadata} from '@/lib/page-metadata'

export async function generateMetadata(): Promise<Metadata> {
  const {page} = await getBookingPage('commercial')
  return pageMetadata({seo: page.seo, path: INDUSTRY_PATHS.commercial})
}

/** /commercial_cleaning: the commercial booking form with its summary, reviews and questions. */
export default async function CommercialCleaningPage() {
  const [sidebar, settings, {page}, texts] = await Promise.all([
    getBookingSidebar('commercial'),
    getSiteSettings(),
    getBookingPage('commercial'),
    getBookingFormTexts('commercial'),
  ])
  return (
    <CommercialBookingProvider texts={texts}>
      <BookingPageLayout
        heading={page.heading}
        intro={<BookingIntro intro={page.intro} callPrompt={page.callPrompt} phone={settings.phone} />}
        sidebar={
          <>
            <CommercialSummary />
            <ReviewCarousel reviews={sidebar.reviews} />
            <PopularQuestions questions={sidebar.questions} />
          </>
        }
      >
        <CommercialBookingForm />
      </BookingPageLayout>
    </CommercialBookingProvider>
  )
}
