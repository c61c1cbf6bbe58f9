import type {Metadata} from 'next'
import {Suspense} from 'react'
import {BookingSummaryList} from '@/components/payment/BookingSummaryList'
import {PlanSummary} from '@/components/payment/PlanSummary'
import styles from '@/components/payment/PaymentResult.module.css'
import {PageHeader} from '@/components/pages/PageHeader'
import {Button} from '@/components/ui/Button'
import {Card} from '@/components/ui/Card'
import {Section} from '@/components/ui/Section'
import {singleParam, successPageSummary, type SuccessSummary} from '@/lib/booking/flow'
import {planForSuccess, type SuccessPlan} from '@/lib/booking/flow/success-plan'
import {createPlanReader} from '@/lib/booking/plans/reader'
import {getBookingStore, getPaymentProvider, planFlowDeps, systemNow, wakeEmailOutbox} from '@/lib/booking/server'
import {getDatabaseFunctions} from '@/lib/database'
import {getPaymentPages, type PaymentPages} from '@/lib/content'

export async function generateMetadata(): Promise<Metadata> {
  const {success} = await getPaymentPages()
  return {title: success.heading, robots: {index: false, follow: false}}
}

export const dynamic = 'force-dynamic'

type SearchParams = Promise<Record<string, string | string[] | undefined>>

/**
 * /success?bookingId=…&session_id=…: where the payment page sends the customer back. Confirms the
 * payment through the session id (the same confirmation as the webhook), then shows the service,
 * date, location and total: never a name, e-mail, phone, address or note.
 */
export default async function SuccessPage({searchParams}: {searchParams: SearchParams}) {
  const {success} = await getPaymentPages()
  return (
    <>
      <PageHeader heading={success.heading} width="narrow" />
      <Section width="narrow" ariaLabel="Booking details">
        <Suspense fallback={<p role="status">{success.loading}</p>}>
          <BookingDetails searchParams={searchParams} texts={success} />
        </Suspense>
      </Section>
    </>
  )
}

async function loadSummary(searchParams: SearchParams): Promise<{summary: SuccessSummary | null; plan: SuccessPlan | null}> {
  const params = await searchParams
  const bookingId = singleParam(params.bookingId)
  try {
    const store = await getBookingStore()
    const summary = await successPageSummary(
      {bookingId, sessionId: singleParam(params.session_id)},
      {store, now: systemNow, payments: () => getPaymentProvider(), emailsQueued: wakeEmailOutbox, plans: planFlowDeps},
    )
    // The plan a paid booking started, and its next visits.
    const plan = summary?.paymentStatus === 'paid' ? await planForSuccess(bookingId, {store, plans: createPlanReader(await getDatabaseFunctions())}) : null
    return {summary, plan}
  } catch (error) {
    console.error('Success page: the booking could not be loaded', error)
    return {summary: null, plan: null}
  }
}

async function BookingDetails({searchParams, texts}: {searchParams: SearchParams; texts: PaymentPages['success']}) {
  const {summary, plan} = await loadSummary(searchParams)
  if (!summary) {
    return (
      <Card className={styles.card}>
        <p className={styles.status}>{texts.unknown}</p>
        <div className={styles.actions}>
          <Button href="/">{texts.homeButton}</Button>
        </div>
      </Card>
    )
  }
  const paid = summary.paymentStatus === 'paid'
  return (
    <Card className={styles.card}>
      <p className={styles.status} data-payment-status={summary.paymentStatus}>
        {texts[summary.paymentStatus === 'scheduled' ? 'pending' : summary.paymentStatus]}
      </p>
      <BookingSummaryList
        reference={summary.reference}
        service={summary.service}
        date={summary.date}
        arrivalWindow={summary.arrivalWindow}
        location={summary.location}
        total={summary.totalPaid ?? summary.total}
        totalLabel={paid ? 'Total paid' : 'Total'}
      />
      {plan ? <PlanSummary plan={plan} texts={texts} /> : null}
      <div className={styles.actions}>
        <Button href="/" variant={paid ? 'primary' : 'secondary'}>
          {texts.homeButton}
        </Button>
      </div>
    </Card>
  )
}
