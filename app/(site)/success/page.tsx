import type {Metadata} from 'next'
import {Suspense} from 'react'
import {BookingSummaryList} from '@/components/payment/BookingSummaryList'
import styles from '@/components/payment/PaymentResult.module.css'
import {PageHeader} from '@/components/pages/PageHeader'
import {Button} from '@/components/ui/Button'
import {Card} from '@/components/ui/Card'
import {Section} from '@/components/ui/Section'
import {singleParam, successPageSummary, type SuccessSummary} from '@/lib/booking/flow'
import {getBookingStore, getPaymentProvider, systemNow, wakeEmailOutbox} from '@/lib/booking/server'

export const metadata: Metadata = {
  title: 'Payment Successful',
  robots: {index: false, follow: false},
}

export const dynamic = 'force-dynamic'

type SearchParams = Promise<Record<string, string | string[] | undefined>>

/**
 * /success?bookingId=…&session_id=…: where the payment page sends the customer back. Confirms the
 * payment through the session id (the same confirmation as the webhook), then shows the service,
 * date, location and total: never a name, e-mail, phone, address or note.
 */
export default function SuccessPage({searchParams}: {searchParams: SearchParams}) {
  return (
    <>
      <PageHeader heading="Payment Successful" width="narrow" />
      <Section width="narrow" ariaLabel="Booking details">
        <Suspense fallback={<p role="status">Loading booking details</p>}>
          <BookingDetails searchParams={searchParams} />
        </Suspense>
      </Section>
    </>
  )
}

async function loadSummary(searchParams: SearchParams): Promise<SuccessSummary | null> {
  const params = await searchParams
  try {
    return await successPageSummary(
      {bookingId: singleParam(params.bookingId), sessionId: singleParam(params.session_id)},
      {store: await getBookingStore(), now: systemNow, payments: () => getPaymentProvider(), emailsQueued: wakeEmailOutbox},
    )
  } catch (error) {
    console.error('Success page: the booking could not be loaded', error)
    return null
  }
}

const STATUS_TEXT: Record<SuccessSummary['paymentStatus'], string> = {
  paid: 'Your booking is confirmed. Thank you! A confirmation e-mail with these details is on its way to you.',
  pending: 'Your payment is not confirmed yet. We will confirm your booking as soon as the payment provider does.',
  cancelled: 'This booking was not paid: the payment was cancelled.',
  expired: 'This booking was not paid: the payment page expired.',
  failed: 'This booking was not paid: the payment did not go through.',
}

async function BookingDetails({searchParams}: {searchParams: SearchParams}) {
  const summary = await loadSummary(searchParams)
  if (!summary) {
    return (
      <Card className={styles.card}>
        <p className={styles.status}>Thank you for your booking!</p>
        <div className={styles.actions}>
          <Button href="/">Back to the home page</Button>
        </div>
      </Card>
    )
  }
  const paid = summary.paymentStatus === 'paid'
  return (
    <Card className={styles.card}>
      <p className={styles.status} data-payment-status={summary.paymentStatus}>
        {STATUS_TEXT[summary.paymentStatus]}
      </p>
      <BookingSummaryList
        reference={summary.reference}
        service={summary.service}
        date={summary.date}
        location={summary.location}
        total={summary.totalPaid ?? summary.total}
        totalLabel={paid ? 'Total paid' : 'Total'}
      />
      <div className={styles.actions}>
        <Button href="/" variant={paid ? 'primary' : 'secondary'}>
          Back to the home page
        </Button>
      </div>
    </Card>
  )
}
