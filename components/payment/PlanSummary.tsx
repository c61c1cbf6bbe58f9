import type {SuccessPlan} from '@/lib/booking/flow/success-plan'
import {fillIn, formatDate} from '@/lib/format'
import styles from './PlanSummary.module.css'

/**
 * The plan a paid booking started, on /success: what it is (frequency, weekday and
 * window), its next visits and how they are paid and changed. The words are content.
 */
export function PlanSummary({plan, texts}: {plan: SuccessPlan; texts: {planHeading: string; planIntro: string; planNote: string}}) {
  return (
    <section className={styles.plan} aria-labelledby="plan-heading" data-testid="plan-summary">
      <h2 id="plan-heading" className={styles.heading}>
        {texts.planHeading}
      </h2>
      <p>{fillIn(texts.planIntro, {frequency: plan.frequency, weekday: plan.weekday, window: plan.window})}</p>
      <ul className={styles.visits}>
        {plan.visits.map((visit) => (
          <li key={visit.date}>
            <time dateTime={visit.date}>{formatDate(visit.date)}</time>, {visit.window}
          </li>
        ))}
      </ul>
      <p className={styles.note}>{texts.planNote}</p>
    </section>
  )
}
