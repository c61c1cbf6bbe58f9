import {createContext, useContext, type ReactNode} from 'react'
import {formatUsd} from '@/lib/booking/money'
import type {PriceBreakdown} from '@/lib/booking/pricing'
import {ArrivalRows} from './ArrivalRows'
import {SidebarCard} from './SidebarCard'
import styles from './booking.module.css'

export type SummaryRow = {label: string; value: ReactNode}

/**
 * Where a summary stands: in the sidebar (shown from 64rem wide), or in the form's footer just
 * before Confirm & Pay (shown on narrower screens, where the sidebar comes after the form). The
 * hidden one is display:none, so its total's live region says nothing.
 */
const SummaryPlacement = createContext<'sidebar' | 'form'>('sidebar')

/** The form's own summary, before Confirm & Pay on phones (BookingFormFooter). */
export function FormSummary({children}: {children: ReactNode}) {
  return <SummaryPlacement.Provider value="form">{children}</SummaryPlacement.Provider>
}

export type SummaryCardProps = {
  /** The form's summary heading (content). */
  heading: string
  /** What is booked: Service, Frequency (or N/A), Bedrooms… shown first. */
  rows: readonly SummaryRow[]
  /**
   * The price as lib/booking/pricing.ts computes it (the server charges the same breakdown's
   * totalCents). Null while the form cannot be priced yet: the total shows "—" and `pendingText`.
   */
  breakdown: PriceBreakdown | null
  /** Shown while `breakdown` is null, e.g. "Choose a service to see your price." (content). */
  pendingText?: string
  /**
   * Show the Discount row (coupon label or "None"). Default: on for the forms with coupons (house,
   * carpet), off for the others.
   */
  showDiscount?: boolean
  /** A line under the total (e.g. the exterior form's unpriced tip and parking). */
  note?: ReactNode
  /** Default "Total". */
  totalLabel?: string
}

/**
 * A booking form's summary: what is booked, then every price line of the breakdown, tip, parking,
 * discount and the total in red, so the page shows exactly what will be charged. The total sits in
 * an aria-live="polite" region: screen readers announce it whenever it changes.
 */
export function SummaryCard({
  heading,
  rows,
  breakdown,
  pendingText,
  showDiscount,
  note,
  totalLabel = 'Total',
}: SummaryCardProps) {
  const placement = useContext(SummaryPlacement)
  const withDiscount = showDiscount ?? (breakdown ? breakdown.industry === 'house' || breakdown.industry === 'carpet' : false)
  return (
    <SidebarCard heading={heading} className={`${styles.summary} ${placement === 'form' ? styles.summaryInForm : styles.summaryInSidebar}`}>
      <dl className={styles.summaryList}>
        {rows.map((row) => (
          <div key={row.label} className={styles.summaryRow}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
        <ArrivalRows />
      </dl>
      {breakdown ? (
        <dl className={`${styles.summaryList} ${styles.priceList}`} aria-label="Price">
          {breakdown.lines.map((line, index) => (
            <div key={`${index}-${line.label}`} className={styles.summaryRow}>
              <dt>{line.label}</dt>
              <dd className={styles.amount}>{formatUsd(line.cents)}</dd>
            </div>
          ))}
          {breakdown.tipCents > 0 || breakdown.tipPercent > 0 ? (
            <div className={styles.summaryRow}>
              <dt>Tip ({breakdown.tipPercent}%)</dt>
              <dd className={styles.amount}>{formatUsd(breakdown.tipCents)}</dd>
            </div>
          ) : null}
          {breakdown.parkingCents > 0 ? (
            <div className={styles.summaryRow}>
              <dt>Parking</dt>
              <dd className={styles.amount}>{formatUsd(breakdown.parkingCents)}</dd>
            </div>
          ) : null}
          {withDiscount ? (
            <div className={styles.summaryRow}>
              <dt>Discount</dt>
              <dd className={styles.amount}>
                {breakdown.coupon ? (
                  <>
                    {breakdown.coupon.label}
                    {breakdown.coupon.label.includes(formatUsd(breakdown.discountCents)) ? null : ` (−${formatUsd(breakdown.discountCents)})`}
                  </>
                ) : (
                  'None'
                )}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <>
          {withDiscount ? (
            <dl className={styles.summaryList}>
              <div className={styles.summaryRow}>
                <dt>Discount</dt>
                <dd>None</dd>
              </div>
            </dl>
          ) : null}
          {pendingText ? <p className={styles.pending}>{pendingText}</p> : null}
        </>
      )}
      <div className={styles.totalRow} aria-live="polite" aria-atomic="true" data-testid="summary-total">
        <span className={styles.totalLabel}>{totalLabel}</span>{' '}
        <span className={`money ${styles.totalAmount}`}>{breakdown ? formatUsd(breakdown.totalCents) : '—'}</span>
      </div>
      {note ? <p className={styles.summaryNote}>{note}</p> : null}
    </SidebarCard>
  )
}
