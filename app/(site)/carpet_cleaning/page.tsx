import type {Metadata} from 'next'
import {CarpetBookingForm, CarpetBookingProvider, CarpetSummary} from '@/components/booking/carpet/CarpetBookingForm'
import {BookingIntro} from '@/components/booking/shared/BookingIntro'
import {BookingPageLayout} from '@/components/booking/shared/BookingPageLayout'
import {BookingSubNav} from '@/components/booking/shared/BookingSubNav'
import {PopularQuestions} from '@/components/booking/shared/PopularQuestions'
import {ReviewCarousel} from '@/components/booking/shared/ReviewCarousel'
import {INDUSTRY_PATHS} from '@/lib/booking/catalog'
import {bookingLinkLabel as linkLabel, getBookingFormTexts, getBookingPage, getBookingSidebar, getSiteSettings} from '@/lib/content'
import {pageMetadata} from '@/lib/page-metadata'
import {faqPageData, jsonLd} from '@/lib/structured-data'

const PATH = INDUSTRY_PATHS.carpet

export async function generateMetadata(): Promise<Metadata> {
  const {page} = await getBookingPage('carpet')
  return pageMetadata({seo: page.seo, path: PATH})
}

/** /carpet_cleaning: the carpet booking form with its live summary, reviews and questions. */
export default async function CarpetCleaningPage() {
  const [sidebar, settings, {page, links}, texts] = await Promise.all([
    getBookingSidebar('carpet'),
    getSiteSettings(),
    getBookingPage('carpet'),
    getBookingFormTexts('carpet'),
  ])
  return (
    <CarpetBookingProvider texts={texts}>
      {/* decisions.md: FAQPage data where FAQs show (the sidebar's Popular Questions). */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{__html: jsonLd(faqPageData(sidebar.questions))}} />
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
