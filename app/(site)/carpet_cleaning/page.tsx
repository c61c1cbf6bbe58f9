import type {Metadata} from 'next'
import {CarpetBookingForm, CarpetBookingProvider, CarpetSummary} from '@/components/booking/carpet/CarpetBookingForm'
import {BookingPageLayout} from '@/components/booking/shared/BookingPageLayout'
import {BookingSubNav} from '@/components/booking/shared/BookingSubNav'
import {PopularQuestions} from '@/components/booking/shared/PopularQuestions'
import {ReviewCarousel} from '@/components/booking/shared/ReviewCarousel'
import {INDUSTRY_PATHS} from '@/lib/booking/catalog'
import {getBookingSidebar, getSiteSettings} from '@/lib/content'
import {telHref} from '@/lib/format'
import {pageMetadata} from '@/lib/page-metadata'
import {faqPageData, jsonLd} from '@/lib/structured-data'

const PATH = INDUSTRY_PATHS.carpet

export const metadata: Metadata = pageMetadata({
  seo: {
    title: 'Book Carpet Cleaning Online',
    description:
      'Book carpet cleaning for rooms, staircases and stains in King and Snohomish County. See your price as you choose, then pay securely by card.',
  },
  path: PATH,
})

/** /carpet_cleaning: the carpet booking form with its live summary, reviews and questions. */
export default async function CarpetCleaningPage() {
  const [sidebar, settings] = await Promise.all([getBookingSidebar('carpet'), getSiteSettings()])
  return (
    <CarpetBookingProvider>
      {/* decisions.md: FAQPage data where FAQs show (the sidebar's Popular Questions). */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{__html: jsonLd(faqPageData(sidebar.questions))}} />
      <BookingPageLayout
        heading="Book Carpet Cleaning"
        intro={
          <p>
            Choose how often, count your rooms and staircases, pick a date and pay by card. Questions? Call us at{' '}
            <a href={telHref(settings.phone)}>{settings.phone}</a>.
          </p>
        }
        nav={
          <BookingSubNav
            current={PATH}
            links={[
              {href: INDUSTRY_PATHS.house, label: 'House Cleaning'},
              {href: INDUSTRY_PATHS.carpet, label: 'Carpet Cleaning'},
            ]}
          />
        }
        sidebar={
          <>
            <CarpetSummary />
            <ReviewCarousel reviews={sidebar.reviews} />
            <PopularQuestions questions={sidebar.questions} />
          </>
        }
      >
        <CarpetBookingForm />
      </BookingPageLayout>
    </CarpetBookingProvider>
  )
}
