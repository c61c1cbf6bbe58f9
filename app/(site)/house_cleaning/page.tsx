import type {Metadata} from 'next'
import {BookingIntro} from '@/components/booking/shared/BookingIntro'
import {BookingPageLayout} from '@/components/booking/shared/BookingPageLayout'
import {BookingSubNav} from '@/components/booking/shared/BookingSubNav'
import {PopularQuestions} from '@/components/booking/shared/PopularQuestions'
import {ReviewCarousel} from '@/components/booking/shared/ReviewCarousel'
import {HouseBookingForm, HouseBookingProvider, HouseSummary} from '@/components/booking/house/HouseBookingForm'
import {INDUSTRY_PATHS} from '@/lib/booking/catalog'
import {bookingLinkLabel as linkLabel, getBookingFormTexts, getBookingPage, getBookingSidebar, getSiteSettings} from '@/lib/content'
import {pageMetadata} from '@/lib/page-metadata'

const PATH = INDUSTRY_PATHS.house

export async function generateMetadata(): Promise<Metadata> {
  const {page} = await getBookingPage('house')
  return pageMetadata({seo: page.seo, path: PATH})
}

/** /house_cleaning: the house booking form with its live summary, reviews and questions. */
export default async function HouseCleaningPage() {
  const [sidebar, settings, {page, links}, texts] = await Promise.all([
    getBookingSidebar('house'),
    getSiteSettings(),
    getBookingPage('house'),
    getBookingFormTexts('house'),
  ])
  return (
    <HouseBookingProvider texts={texts}>
      <BookingPageLayout
        heading={page.heading}
        intro={<BookingIntro intro={page.intro} callPrompt={page.callPrompt} phone={settings.phone} />}
        nav={
          <BookingSubNav
            current={PATH}
            links={[
              {href: INDUSTRY_PATHS.house, label: linkLabel(links, 'house')},
              {href: INDUSTRY_PATHS.carpet, label: linkLabel(links, 'carpet')},
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
