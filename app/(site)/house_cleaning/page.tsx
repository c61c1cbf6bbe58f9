import type {Metadata} from 'next'
import {BookingPageLayout} from '@/components/booking/shared/BookingPageLayout'
import {BookingSubNav} from '@/components/booking/shared/BookingSubNav'
import {PopularQuestions} from '@/components/booking/shared/PopularQuestions'
import {ReviewCarousel} from '@/components/booking/shared/ReviewCarousel'
import {HouseBookingForm, HouseBookingProvider, HouseSummary} from '@/components/booking/house/HouseBookingForm'
import {INDUSTRY_PATHS} from '@/lib/booking/catalog'
import {getBookingSidebar, getSiteSettings} from '@/lib/content'
import {telHref} from '@/lib/format'
import {pageMetadata} from '@/lib/page-metadata'

const PATH = INDUSTRY_PATHS.house

export const metadata: Metadata = pageMetadata({
  seo: {
    title: 'Book House Cleaning Online',
    description:
      'Book regular, deep, move out and move in or post-construction house cleaning in King and Snohomish County. See your price as you choose, then pay securely by card.',
  },
  path: PATH,
})

/** /house_cleaning: the house booking form with its live summary, reviews and questions. */
export default async function HouseCleaningPage() {
  const [sidebar, settings] = await Promise.all([getBookingSidebar('house'), getSiteSettings()])
  return (
    <HouseBookingProvider>
      <BookingPageLayout
        heading="Book House Cleaning"
        intro={
          <p>
            Choose your service and home size, pick a date and pay by card. Questions? Call us at{' '}
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
            <HouseSummary />
            <ReviewCarousel reviews={sidebar.reviews} />
            <PopularQuestions questions={sidebar.questions} />
          </>
        }
      >
        <HouseBookingForm />
      </BookingPageLayout>
    </HouseBookingProvider>
  )
}
