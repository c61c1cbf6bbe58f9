'use client'

import {useRef, useState} from 'react'
import {BusyLabel} from '@/components/forms/BusyLabel'
import {CardUpdateForm, type CardUpdateTexts} from '@/components/plans/CardUpdateForm'
import {FormErrorBanner} from '@/components/forms/FormErrorBanner'
import {buttonClassName} from '@/components/ui/button-class'
import type {ManageActionResult, ManagedPlan, PlanAction} from '@/lib/booking/manage'
import {formatUsd} from '@/lib/booking/money'
import type {PaymentPages} from '@/lib/content'
import {fillTokens} from '@/lib/email/tokens'
import styles from './ManageBooking.module.css'

export type PlanTexts = PaymentPages['managePlan']
type ManageTexts = PaymentPages['manage']

type Answer = ManageActionResult | {ok: false; kind: 'network' | 'rejected'}
type Done = Extract<Answer, {ok: true}>

export type PlanSectionProps = {
  token: string
  plan: ManagedPlan
  texts: PlanTexts
  manageTexts: ManageTexts
  /** The new card form's words (payments' CardUpdateForm). */
  cardTexts?: CardUpdateTexts
  phone: string
  /** Sends a plan change to the manage endpoint (the page's own sender). */
  send: (body: Record<string, string>) => Promise<Answer>
  /** A change was made: the page shows the plan as the server answers it and says `message`. */
  onChanged: (message: string, answer: Done) => void
}

/** What the customer reads after a change: the outcome, and for a cancellation what the difference did. */
function doneText(answer: Done, texts: PlanTexts): string {
  switch (answer.outcome) {
    case 'skipped':
      return texts.skipped
    case 'paused':
      return texts.paused
    case 'resumed':
      return texts.resumed
    case 'planCancelled': {
      const early = answer.earlyCancellation
      if (!early || early.status === 'none') return texts.cancelled
      const amount = formatUsd(early.amountCents)
      return `${texts.cancelled} ${fillTokens(early.status === 'succeeded' ? texts.earlyCharged : texts.earlyNotCharged, {amount})}`
    }
    default:
      return ''
  }
}

/** Why a plan change was refused, in the content's words (inside 24 hours: the page's own "call us"). */
function refusalText(answer: Exclude<Answer, {ok: true}>, texts: PlanTexts, manageTexts: ManageTexts, phone: string): string {
  if (answer.kind === 'plan') {
    switch (answer.refusal) {
      case 'tooLate':
      case 'begun':
        return `${manageTexts.tooLate} ${manageTexts.callUs} ${phone}.`
      case 'charged':
        return texts.skipCharged
      case 'charging':
        return texts.skipCharging
      case 'notScheduled':
        return texts.notScheduled
      case 'alreadyPaused':
        return texts.alreadyPaused
      case 'alreadyActive':
        return texts.alreadyActive
      case 'cancelled':
        return texts.planCancelled
    }
  }
  if (answer.kind === 'link') return manageTexts[answer.refusal]
  if (answer.kind === 'refused') return answer.refusal === 'sameWindow' ? manageTexts.sameWindow : manageTexts[answer.refusal]
  return manageTexts.failed
}

/**
 * The plan section of a plan visit's manage page: how often, its status and card, the visits to come
 * (each charged or not, each with its own page to move it, and a skip while it may be skipped), and
 * pausing, resuming and cancelling the plan. Each change is a button posting to the manage endpoint, as
 * the page's move and cancellation request do (rate-limited there); the outcome is said in the page's
 * status line (focus moves to it), a refusal in this section's alert (focus moves to it).
 */
export function PlanSection({token, plan, texts, manageTexts, cardTexts, phone, send, onChanged}: PlanSectionProps) {
  const [busy, setBusy] = useState<string | null>(null)
  const [banner, setBanner] = useState('')
  const [confirmingCancel, setConfirmingCancel] = useState(false)
  const bannerRef = useRef<HTMLDivElement>(null)
  const confirmRef = useRef<HTMLParagraphElement>(null)
  const cancelButton = useRef<HTMLButtonElement>(null)

  async function change(action: PlanAction, extra: Record<string, string> = {}) {
    if (busy) return
    setBusy(action + (extra.visit ?? ''))
    setBanner('')
    const answer = await send({token, action, ...extra})
    setBusy(null)
    if (answer.ok) {
      setConfirmingCancel(false)
      onChanged(doneText(answer, texts), answer)
      return
    }
    setBanner(refusalText(answer, texts, manageTexts, phone))
    requestAnimationFrame(() => bannerRef.current?.focus())
  }

  const status = {active: texts.statusActive, paused: texts.statusPaused, cancelled: texts.statusCancelled}[plan.status]
  const chargeText = {notCharged: texts.visitNotCharged, charged: texts.visitCharged, declined: texts.visitDeclined}

  return (
    <section aria-labelledby="manage-plan" className={styles.plan} data-plan-status={plan.status}>
      <h2 id="manage-plan">{texts.heading}</h2>
      <dl className={styles.planFacts}>
        <div>
          <dt>{texts.frequencyLabel}</dt>
          <dd>{plan.frequency}</dd>
        </div>
        <div>
          <dt>{texts.statusLabel}</dt>
          <dd>{status}</dd>
        </div>
        <div>
          <dt>{texts.cardLabel}</dt>
          <dd>{plan.cardLabel ?? texts.noCard}</dd>
        </div>
      </dl>
      {plan.cardDeclined ? <p className={styles.declined}>{texts.cardDeclined}</p> : null}
      {plan.status !== 'cancelled' && cardTexts ? (
        <div className={styles.cardSlot}>
          <h3>{texts.cardHeading}</h3>
          {/* The plan's new card: posts the token to /api/bookings/manage/card. */}
          <CardUpdateForm token={token} cardLabel={plan.cardLabel} texts={cardTexts} />
        </div>
      ) : null}

      <FormErrorBanner ref={bannerRef} message={banner} />

      <h3>{texts.visitsHeading}</h3>
      {plan.visits.length === 0 ? (
        <p>{texts.noVisits}</p>
      ) : (
        <ul className={styles.visits}>
          {plan.visits.map((visit) => (
            <li key={visit.id} data-plan-visit={visit.date}>
              <span>
                <strong>{visit.slot}</strong> · {chargeText[visit.charge]}
                {visit.elsewhere ? ` · ${texts.visitElsewhere}` : ''}
              </span>
              <span className={styles.actions}>
                {visit.current ? <em>{texts.thisVisit}</em> : <a href={`/manage-booking/${visit.token}`}>{texts.visitOpen}</a>}
                {visit.skippable && plan.status !== 'cancelled' ? (
                  <button
                    type="button"
                    className={buttonClassName({variant: 'secondary'})}
                    aria-disabled={busy !== null || undefined}
                    aria-label={`${texts.skipButton}: ${visit.slot}`}
                    onClick={() => void change('skip', {visit: visit.id})}
                  >
                    {busy === 'skip' + visit.id ? <BusyLabel>{texts.skipButton}</BusyLabel> : texts.skipButton}
                  </button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}

      {plan.status === 'active' ? (
        <div className={styles.cancel}>
          <h3>{texts.pauseHeading}</h3>
          <p>{texts.pauseIntro}</p>
          <button type="button" className={buttonClassName({variant: 'secondary'})} aria-disabled={busy !== null || undefined} onClick={() => void change('pausePlan')}>
            {busy === 'pausePlan' ? <BusyLabel>{texts.pauseButton}</BusyLabel> : texts.pauseButton}
          </button>
        </div>
      ) : null}
      {plan.status === 'paused' ? (
        <div className={styles.cancel}>
          <p>{texts.resumeIntro}</p>
          <button type="button" className={buttonClassName({})} aria-disabled={busy !== null || undefined} onClick={() => void change('resumePlan')}>
            {busy === 'resumePlan' ? <BusyLabel>{texts.resumeButton}</BusyLabel> : texts.resumeButton}
          </button>
        </div>
      ) : null}

      {plan.status !== 'cancelled' ? (
        <div className={styles.cancel}>
          <h3>{texts.cancelHeading}</h3>
          <p>{texts.cancelIntro}</p>
          {plan.earlyCancellation ? <p>{fillTokens(texts.earlyCancellationNotice, {amount: plan.earlyCancellation})}</p> : null}
          {confirmingCancel ? (
            <div className={styles.confirm}>
              <p ref={confirmRef} tabIndex={-1}>
                {texts.cancelConfirm}
              </p>
              <div className={styles.actions}>
                <button type="button" className={buttonClassName({})} aria-disabled={busy !== null || undefined} onClick={() => void change('cancelPlan')}>
                  {busy === 'cancelPlan' ? <BusyLabel>{texts.cancelConfirmButton}</BusyLabel> : texts.cancelConfirmButton}
                </button>
                <button
                  type="button"
                  className={buttonClassName({variant: 'secondary'})}
                  onClick={() => {
                    setConfirmingCancel(false)
                    requestAnimationFrame(() => cancelButton.current?.focus())
                  }}
                >
                  {texts.keepButton}
                </button>
              </div>
            </div>
          ) : (
            <button
              ref={cancelButton}
              type="button"
              className={buttonClassName({variant: 'secondary'})}
              onClick={() => {
                setConfirmingCancel(true)
                requestAnimationFrame(() => confirmRef.current?.focus())
              }}
            >
              {texts.cancelButton}
            </button>
          )}
        </div>
      ) : null}
    </section>
  )
}
