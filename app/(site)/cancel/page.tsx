import type {Metadata} from 'next'
import styles from '@/components/payment/PaymentResult.module.css'
import {PageHeader} from '@/components/pages/PageHeader'
import {Button} from '@/components/ui/Button'
import {Card} from '@/components/ui/Card'
import {Section} from '@/components/ui/Section'
import {INDUSTRY_PATHS} from '@/lib/booking/catalog'
import {acknowledgeCancel, singleParam} from '@/lib/booking/flow'
import {getBookingStore, getPaymentProvider, systemNow} from '@/lib/booking/server'
import {getPaymentPages} from '@/lib/content'

export async function generateMetadata(): Promise<Metadata> {
  const {cancel} = await getPaymentPages()
  return {title: cancel.heading, robots: {index: false, follow: false}}
}

export const dynamic = 'force-dynamic'

/** The booking's form, with `?resume=<booking id>` so the browser that made the booking can fill it in again. */
async function formPathFor(bookingId: string | null): Promise<string> {
  try {
    const answer = await acknowledgeCancel(bookingId, {store: await getBookingStore(), now: systemNow, payments: () => getPaymentProvider()})
    return answer.bookingId ? `${answer.formPath}?${new URLSearchParams({resume: answer.bookingId})}` : answer.formPath
  } catch (error) {
    console.error('Cancel page: the booking could not be checked', error)
    return INDUSTRY_PATHS.house
  }
}

/** /cancel?bookingId=…: the payment was cancelled; the booking stays unpaid. A way back to its form. */
export default async function CancelPage({searchParams}: {searchParams: Promise<Record<string, string | string[] | undefined>>}) {
  const [formPath, {cancel}] = await Promise.all([formPathFor(singleParam((await searchParams).bookingId)), getPaymentPages()])
  return (
    <>
      <PageHeader heading={cancel.heading} width="narrow" />
      <Section width="narrow" ariaLabel="What happens now">
        <Card className={styles.card}>
          <p className={styles.status}>{cancel.status}</p>
          <p className={styles.note}>{cancel.note}</p>
          <div className={styles.actions}>
            <Button href={formPath}>{cancel.formButton}</Button>
            <Button href="/contact" variant="secondary">
              {cancel.contactButton}
            </Button>
          </div>
        </Card>
      </Section>
    </>
  )
}
