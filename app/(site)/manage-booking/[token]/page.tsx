import type {Metadata} from 'next'
import {CallUs, ManageBooking} from '@/components/booking/manage/ManageBooking'
import styles from '@/components/payment/PaymentResult.module.css'
import {PageHeader} from '@/components/pages/PageHeader'
import {Button} from '@/components/ui/Button'
import {Card} from '@/components/ui/Card'
import {Section} from '@/components/ui/Section'
import {manageBookingView, type ManageView} from '@/lib/booking/manage'
import {manageDeps} from '@/lib/booking/server'
import {getBookingFormTexts, getPaymentPages, getSiteSettings, type PaymentPages} from '@/lib/content'

export async function generateMetadata(): Promise<Metadata> {
  const {manage} = await getPaymentPages()
  // The address is the key to the booking: no search engine, and no Referer header carrying it away.
  return {title: manage.heading, robots: {index: false, follow: false}, referrer: 'no-referrer'}
}

export const dynamic = 'force-dynamic'

type ManageTexts = PaymentPages['manage']

/** What a link that opens no booking says (the phone number follows). */
const LINK_TEXT: Record<Exclude<ManageView['link'], 'ok'>, (texts: ManageTexts) => string> = {
  invalid: (texts) => texts.linkInvalid,
  expired: (texts) => texts.linkExpired,
  replaced: (texts) => texts.linkReplaced,
}

async function loadView(token: string): Promise<ManageView | null> {
  try {
    return await manageBookingView(token, await manageDeps())
  } catch (error) {
    console.error('Manage page: the booking could not be loaded', error)
    return null
  }
}

/**
 * /manage-booking/<token>: the private page of a paid booking, opened from its confirmation e-mail
 * (lib/booking/manage-link.ts). No login: the signed token is the key.
 */
export default async function ManageBookingPage({params}: {params: Promise<{token: string}>}) {
  const {token} = await params
  const [{manage, managePlan, cardUpdate, success}, site, view] = await Promise.all([getPaymentPages(), getSiteSettings(), loadView(token)])
  return (
    <>
      <PageHeader heading={manage.heading} width="narrow" />
      <Section width="narrow" ariaLabel="Your booking">
        {view?.link === 'ok' ? (
          <Card className={styles.card}>
            <ManageBooking
              token={token}
              booking={view.booking}
              texts={manage}
              bookingTexts={await getBookingFormTexts(view.booking.industry)}
              planTexts={managePlan}
              cardTexts={cardUpdate}
              phone={site.phone}
            />
          </Card>
        ) : (
          <Card className={styles.card}>
            <p className={styles.status}>{!view ? manage.unavailable : LINK_TEXT[view.link](manage)}</p>
            <CallUs texts={manage} phone={site.phone} />
            <div className={styles.actions}>
              <Button href="/">{success.homeButton}</Button>
            </div>
          </Card>
        )}
      </Section>
    </>
  )
}
