import type {Metadata} from 'next'
import {CommercialBookingForm, CommercialBookingProvider, CommercialSummary} from '@/components/booking/commercial/CommercialBookingForm'
import {BookingPageLayout} from '@/components/booking/shared/BookingPageLayout'
import {PopularQuestions} from '@/components/booking/shared/PopularQuestions'
import {ReviewCarousel} from '@/components/booking/shared/ReviewCarousel'
import {INDUSTRY_PATHS} from '@/lib/booking/catalog'
import {getBookingSidebar, getSiteSettings} from '@/lib/content'
import {telHref} from '@/lib/format'
import {pageMetadata} from '@/lib/page-metadata'

export const metadata: Metadata = pageMetadata({
  seo: {
    title: 'Book Commercial Cleaning Online',
    description:
      'Book construction final cleans, corporate office, retail space and VRBO or Airbnb cleaning in King and Snohomish County, and pay securely by card.',
  },
  path: INDUSTRY_PATHS.commercial,
})

/** /commercial_cleaning: the commercial booking form with its summary, reviews and questions. */
export default async function CommercialCleaningPage() {
  const [sidebar, settings] = await Promise.all([getBookingSidebar('commercial'), getSiteSettings()])
  return (
    <CommercialBookingProvider>
      <BookingPageLayout
        heading="Book Commercial Cleaning"
        intro={
          <p>
            Choose your service and a date, then pay by card. Need a custom plan? Call us at{' '}
            <a href={telHref(settings.phone)}>{settings.phone}</a>.
          </p>
        }
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
