import type {Metadata} from 'next'
import {ExteriorBookingForm, ExteriorBookingProvider, ExteriorSummary} from '@/components/booking/exterior/ExteriorBookingForm'
import {BookingPageLayout} from '@/components/booking/shared/BookingPageLayout'
import {PopularQuestions} from '@/components/booking/shared/PopularQuestions'
import {ReviewCarousel} from '@/components/booking/shared/ReviewCarousel'
import {INDUSTRY_PATHS} from '@/lib/booking/catalog'
import {getBookingSidebar, getSiteSettings} from '@/lib/content'
import {telHref} from '@/lib/format'
import {pageMetadata} from '@/lib/page-metadata'
import {faqPageData, jsonLd} from '@/lib/structured-data'

const PATH = INDUSTRY_PATHS.exterior

export const metadata: Metadata = pageMetadata({
  seo: {
    title: 'Book Exterior Cleaning Online',
    description:
      'Book roof cleaning, gutter cleaning, house washing or pressure washing in King and Snohomish County. See your price as you choose, then pay securely by card.',
  },
  path: PATH,
})

/** /exterior_cleaning: the exterior booking form with its live summary, reviews and questions. */
export default async function ExteriorCleaningPage() {
  const [sidebar, settings] = await Promise.all([getBookingSidebar('exterior'), getSiteSettings()])
  return (
    <ExteriorBookingProvider>
      {/* decisions.md: FAQPage data where FAQs show (the sidebar's Popular Questions). */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{__html: jsonLd(faqPageData(sidebar.questions))}} />
      <BookingPageLayout
        heading="Book Exterior Cleaning"
        intro={
          <p>
            Choose your service and how often you would like it, then pay by card. Questions? Call us at{' '}
            <a href={telHref(settings.phone)}>{settings.phone}</a>.
          </p>
        }
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
