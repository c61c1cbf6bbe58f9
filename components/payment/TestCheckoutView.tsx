import type {ReactNode} from 'react'
import fieldStyles from '@/components/forms/fields.module.css'
import {BookingSummaryList} from '@/components/payment/BookingSummaryList'
import {LogoMark} from '@/components/site/Logo'
import {Button} from '@/components/ui/Button'
import {Card} from '@/components/ui/Card'
import {Container} from '@/components/ui/Container'
import type {SuccessSummary} from '@/lib/booking/flow'
import {testCardUpdateReturnUrl, testCheckoutPath, testCheckoutReturnUrl, type TestCardUpdateRecord, type TestCheckoutSessionRecord} from '@/lib/payments/test-checkout'
import {DECLINES_LATER_FIELD, DECLINES_LATER_VALUE} from '@/lib/payments/test-checkout-actions'
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
    <TestCheckoutFrame companyName={companyName}>
          <h1 className={styles.heading}>Pay for your booking</h1>
          <BookingSummaryList
            service={summary.service}
            date={summary.date}
            arrivalWindow={summary.arrivalWindow}
            location={summary.location}
            total={summary.total}
            totalLabel={summary.paymentStatus === 'paid' ? 'Total paid' : 'Total'}
          />
          {session.saveCard ? (
            <p className={styles.keepsCard} id="keeps-card">
              This is the first visit of a plan: the card is kept for the plan&rsquo;s later visits, each charged before its visit. In test mode a
              test card is kept instead, and nothing is charged.
            </p>
          ) : null}
          {payable ? (
            <PayOrCancel base={base} choice={session.saveCard ? <DeclinesLaterChoice /> : null}>
              Pay {summary.total}
            </PayOrCancel>
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
    </TestCheckoutFrame>
  )
}

/** The page around either test checkout: the test-mode banner, the company, the card. */
function TestCheckoutFrame({companyName, children}: {companyName: string; children: ReactNode}) {
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
        <Card className={styles.card}>{children}</Card>
      </Container>
    </div>
  )
}

/**
 * Either checkout's two plain form posts: its own button (`children`, after the optional `choice`)
 * posts to pay or save, and Cancel posts to cancel.
 */
function PayOrCancel({base, choice, children}: {base: string; choice: ReactNode; children: ReactNode}) {
  return (
    <div className={styles.actions}>
      <form method="post" action={`${base}/pay`} className={styles.payForm}>
        {choice}
        <Button type="submit" size="lg" fullWidth>
          {children}
        </Button>
      </form>
      <form method="post" action={`${base}/cancel`}>
        <Button type="submit" variant="secondary" size="lg" fullWidth>
          Cancel
        </Button>
      </form>
    </div>
  )
}

/** "This test card declines later charges": a plain checkbox, sent with Pay or Save, to try a declined charge. */
function DeclinesLaterChoice() {
  return (
    <div className={fieldStyles.checkboxRow}>
      <input id="declines-later" name={DECLINES_LATER_FIELD} value={DECLINES_LATER_VALUE} type="checkbox" className={fieldStyles.checkbox} aria-describedby="declines-later-hint" />
      <div>
        <label htmlFor="declines-later" className={`${fieldStyles.checkboxLabel} ${styles.choiceLabel}`}>
          This test card declines later charges
        </label>
        <p id="declines-later-hint" className={styles.hint}>
          To try what happens when a later visit&rsquo;s charge fails: the customer is asked for a new card.
        </p>
      </div>
    </div>
  )
}

export type TestCardUpdateViewProps = {
  companyName: string
  session: TestCardUpdateRecord
}

/**
 * The test checkout's card-update page (Stripe Checkout in setup mode): a plan's customer saves a
 * new test card (with the same "declines later" choice), or cancels. Nothing is charged.
 */
export function TestCardUpdateView({companyName, session}: TestCardUpdateViewProps) {
  const base = testCheckoutPath(session.id)
  return (
    <TestCheckoutFrame companyName={companyName}>
          <h1 className={styles.heading}>Save a card for your plan</h1>
          <p className={styles.keepsCard}>
            The card saved here is charged for the plan&rsquo;s later visits, each before its visit. In test mode a test card is saved instead,
            and nothing is charged.
          </p>
          {session.status === 'open' ? (
            <PayOrCancel base={base} choice={<DeclinesLaterChoice />}>
              Save card
            </PayOrCancel>
          ) : session.status === 'saved' ? (
            <div className={styles.done}>
              <p role="status">This card has been saved.</p>
              <Button href={testCardUpdateReturnUrl(session, 'saved')} newTab={false}>
                Back to your booking
              </Button>
            </div>
          ) : (
            <div className={styles.done}>
              <p role="status">This was cancelled: no card was saved.</p>
              <Button href={testCardUpdateReturnUrl(session, 'cancelled')} variant="secondary" newTab={false}>
                Back
              </Button>
            </div>
          )}
    </TestCheckoutFrame>
  )
}
