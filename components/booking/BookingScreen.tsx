import type {Metadata} from 'next'
import type {ComponentType, ReactNode} from 'react'
import {INDUSTRY_PATHS, type Industry} from '@/lib/booking/catalog'
import {bookingLinkLabel, getBookingFormTexts, getBookingPage, getBookingSidebar, getSiteSettings, type BookingFormTexts} from '@/lib/content'
import {planSettingsFromEnv} from '@/lib/booking/plans/settings'
import {fillIn} from '@/lib/format'
import {pageMetadata} from '@/lib/page-metadata'
import {faqPageData, jsonLd} from '@/lib/structured-data'
import {BookingForm, BookingSummary} from './BookingForm'
import {BookingIntro} from './shared/BookingIntro'
import {BookingPageLayout} from './shared/BookingPageLayout'
import {BookingSubNav} from './shared/BookingSubNav'
import {PopularQuestions} from './shared/PopularQuestions'
import {ReviewCarousel} from './shared/ReviewCarousel'

/*
 * A booking page (/house_cleaning, /carpet_cleaning, /exterior_cleaning, /commercial_cleaning):
 * heading and intro, the form beside the sidebar (live summary, reviews, popular questions), all
 * from content. The page's route is one line: `export default bookingPage('house', HouseBooking)`.
 */

/** The industry's provider (components/booking/definitions/*), which holds the form's state. */
export type BookingProviderComponent<I extends Industry> = ComponentType<{texts: BookingFormTexts<I>; children: ReactNode}>

/** The house and carpet pages link to each other (the same home); the other two stand alone. */
const SUB_NAV: Partial<Record<Industry, readonly Industry[]>> = {house: ['house', 'carpet'], carpet: ['house', 'carpet']}

/** The booking page's title, description and canonical address (content). */
export function bookingMetadata(industry: Industry): () => Promise<Metadata> {
  return async () => {
    const {page} = await getBookingPage(industry)
    return pageMetadata({seo: page.seo, path: INDUSTRY_PATHS[industry]})
  }
}

/** The booking page of `industry`, its form held by `Booking` (e.g. HouseBooking). */
export function bookingPage<I extends Industry>(industry: I, Booking: BookingProviderComponent<I>) {
  return async function BookingScreen() {
    const [sidebar, settings, {page, links}, formTexts] = await Promise.all([
      getBookingSidebar(industry),
      getSiteSettings(),
      getBookingPage(industry),
      getBookingFormTexts(industry),
    ])
    const subNav = SUB_NAV[industry]
    // The plan notice says how long before a visit it is charged, as the charge job does.
    const texts = {...formTexts, plan: {...formTexts.plan, charges: fillIn(formTexts.plan.charges, {hours: String(planSettingsFromEnv().chargeLeadHours)})}}
    return (
      <Booking texts={texts}>
        {/* FAQPage data wherever FAQs show (the sidebar's Popular Questions, on every booking page). */}
        <script type="application/ld+json" dangerouslySetInnerHTML={{__html: jsonLd(faqPageData(sidebar.questions))}} />
        <BookingPageLayout
          heading={page.heading}
          intro={<BookingIntro intro={page.intro} callPrompt={page.callPrompt} phone={settings.phone} />}
          nav={subNav ? <BookingSubNav current={INDUSTRY_PATHS[industry]} links={subNav.map((form) => ({href: INDUSTRY_PATHS[form], label: bookingLinkLabel(links, form)}))} /> : undefined}
          sidebar={
            <>
              <BookingSummary />
              <ReviewCarousel reviews={sidebar.reviews} />
              <PopularQuestions questions={sidebar.questions} />
            </>
          }
        >
          <BookingForm />
        </BookingPageLayout>
      </Booking>
    )
  }
}
