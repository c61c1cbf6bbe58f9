import type {Metadata} from 'next'
import {headers} from 'next/headers'
import {notFound} from 'next/navigation'
import {TestCardUpdateView, TestCheckoutView} from '@/components/payment/TestCheckoutView'
import {bookingSummaryForSuccess} from '@/lib/booking/flow'
import {clientAddress, getBookingStore, getTestCheckout} from '@/lib/booking/server'
import {getSiteSettings} from '@/lib/content'

export const metadata: Metadata = {
  title: 'Test checkout',
  robots: {index: false, follow: false},
}

export const dynamic = 'force-dynamic'

/**
 * The local test checkout (no card is charged; it runs where no payment provider is configured): the booking's summary and total from the booking store,
 * Pay and Cancel (a plan's first visit: the test card kept, and whether it declines later charges);
 * a plan's card update: Save card and Cancel. 404 when the test checkout is refused (production mode without
 * TEST_CHECKOUT_ENABLED, a visitor from another machine, or Stripe configured) or the session is unknown.
 */
export default async function TestCheckoutPage({params}: {params: Promise<{sessionId: string}>}) {
  const {sessionId} = await params
  const checkout = getTestCheckout(clientAddress(await headers()))
  if (!checkout) notFound()
  const session = await checkout.getSession(sessionId)
  if (!session) {
    // A plan's card update (setup mode) has the same kind of id and its own page.
    const update = await checkout.getCardUpdate(sessionId)
    if (!update) notFound()
    return <TestCardUpdateView companyName={(await getSiteSettings()).companyName} session={update} />
  }
  const [summary, settings] = await Promise.all([
    getBookingStore().then((store) => bookingSummaryForSuccess(session.bookingId, {store})),
    getSiteSettings(),
  ])
  if (!summary) notFound()

  return <TestCheckoutView companyName={settings.companyName} session={session} summary={summary} />
}
