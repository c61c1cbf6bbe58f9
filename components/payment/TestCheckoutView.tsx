import {BookingSummaryList} from '@/components/payment/BookingSummaryList'
import {LogoMark} from '@/components/site/Logo'
import {Button} from '@/components/ui/Button'
import {Card} from '@/components/ui/Card'
import {Container} from '@/components/ui/Container'
import type {SuccessSummary} from '@/lib/booking/flow'
import {testCheckoutPath, testCheckoutReturnUrl, type TestCheckoutSessionRecord} from '@/lib/payments/test-checkout'
import styles from './TestCheckoutView.module.css'

export type TestCheckoutViewProps = {
  companyName: string
  session: TestCheckoutSessionRecord
  summary: SuccessSummary
}

/**
 * The test checkout page: a banner saying no card is charged, the booking's summary and total,
 * and Pay / Cancel as plain form posts (no JavaScript needed).
 */
export function TestCheckoutView({companyName, session, summary}: TestCheckoutViewProps) {
  const base = testCheckoutPath(session.id)
  const payable = session.status === 'open' && summary.paymentStatus === 'pending'
  return (
    <div className={styles.page}>
      <p className={styles.banner} role="note">
        <strong>Test mode — no card is charged.</strong> This local checkout stands in for the card payment page.
      </p>
      <Container width="narrow" className={styles.inner}>
        <p className={styles.brand}>
          <LogoMark size={32} />
          <span>{companyName}</span>
        </p>
        <Card className={styles.card}>
          <h1 className={styles.heading}>Pay for your booking</h1>
          <BookingSummaryList
            service={summary.service}
            date={summary.date}
            arrivalWindow={summary.arrivalWindow}
            location={summary.location}
            total={summary.total}
            totalLabel={summary.paymentStatus === 'paid' ? 'Total paid' : 'Total'}
          />
          {payable ? (
            <div className={styles.actions}>
              <form method="post" action={`${base}/pay`}>
                <Button type="submit" size="lg" fullWidth>
                  Pay {summary.total}
                </Button>
              </form>
              <form method="post" action={`${base}/cancel`}>
                <Button type="submit" variant="secondary" size="lg" fullWidth>
                  Cancel
                </Button>
              </form>
            </div>
          ) : session.status === 'paid' || summary.paymentStatus === 'paid' ? (
            <div className={styles.done}>
              <p role="status">This booking has been paid.</p>
              <Button href={testCheckoutReturnUrl(session, 'paid')}>See the booking</Button>
            </div>
          ) : (
            <div className={styles.done}>
              <p role="status">This checkout was cancelled: the booking is not paid.</p>
              <Button href={testCheckoutReturnUrl(session, 'cancelled')} variant="secondary">
                Back
              </Button>
            </div>
          )}
        </Card>
      </Container>
    </div>
  )
}
