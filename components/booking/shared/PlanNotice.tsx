'use client'

import {useWatch} from 'react-hook-form'
import type {Industry} from '@/lib/booking/catalog'
import {formatUsd} from '@/lib/booking/money'
import type {PriceBreakdown} from '@/lib/booking/pricing'
import {planCadence, type Cadence} from '@/lib/booking/plans/plan'
import type {BookingFormTexts} from '@/lib/content'
import {fillIn} from '@/lib/format'
import {useBookingTexts} from './BookingTexts'
import {useBookingFormContext} from './useBookingForm'
import styles from './PlanNotice.module.css'

/*
 * Before Confirm & Pay, when the chosen frequency makes a plan (lib/booking/plans/plan.ts):
 * what a plan is, how its later visits are paid, how to change it, and what cancelling before the
 * second visit costs, with the figures computed live by the price list the server charges with.
 */

type Values = Record<string, unknown>

/** The frequency whose price is the one-time price of the same choices (commercial: the same price whatever the frequency). */
const ONE_TIME: Record<Industry, string | null> = {house: 'One-Time', carpet: 'One-Time', exterior: 'One-Time', commercial: null}

/** The cadence's words in the content. */
export function cadenceText(plan: BookingFormTexts['plan'], cadence: Cadence): string {
  const words = {weekly: plan.weekly, every_other_week: plan.everyOtherWeek, monthly: plan.monthly, every_3_months: plan.every3Months, every_6_months: plan.every6Months}
  return words[cadence]
}

/** The cadence the form's values sell, or null for a one-time visit. */
export function formCadence(industry: Industry, values: Values): Cadence | null {
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return planCadence({industry, service: text(values.service), frequency: text(values.frequency) || null})
}

/**
 * A plan's later visits cost the same choices at the frequency's rate without the coupon (a coupon
 * is for one visit); cancelling before the second visit costs the one-time price of the same
 * choices (coupon included) minus this total, never less than nothing.
 */
export function planFigures(industry: Industry, values: Values, preview: (values: Values) => PriceBreakdown | null) {
  const total = preview(values)?.totalCents
  const perVisit = preview({...values, coupon: ''})?.totalCents
  const oneTimeFrequency = ONE_TIME[industry]
  const oneTime = preview(oneTimeFrequency ? {...values, frequency: oneTimeFrequency} : values)?.totalCents
  // Nothing chosen to price yet (e.g. no carpet room): no figures rather than $0.00.
  if (total === undefined || perVisit === undefined || oneTime === undefined || perVisit === 0) return null
  return {perVisitCents: perVisit, differenceCents: Math.max(0, oneTime - total)}
}

export function PlanNotice({industry, preview}: {industry: Industry; preview: (values: Values) => PriceBreakdown | null}) {
  const {control} = useBookingFormContext()
  const values = useWatch({control}) as Values
  const {plan} = useBookingTexts()
  const cadence = formCadence(industry, values)
  const figures = cadence ? planFigures(industry, values, preview) : null
  // Always in the page, so that the notice is read out politely when a frequency makes it appear or a price changes.
  return (
    <div aria-live="polite" className={styles.region} data-testid="plan-notice">
      {cadence ? (
        <section className={styles.notice} aria-labelledby="plan-notice-heading">
          <h2 id="plan-notice-heading" className={styles.heading}>
            {plan.heading}
          </h2>
          <p>{fillIn(plan.schedule, {cadence: cadenceText(plan, cadence)})}</p>
          {figures ? <p>{fillIn(plan.charges, {perVisit: formatUsd(figures.perVisitCents)})}</p> : null}
          <p>{plan.changes}</p>
          {figures ? (
            <p>{figures.differenceCents > 0 ? fillIn(plan.earlyCancellation, {difference: formatUsd(figures.differenceCents)}) : plan.noEarlyCancellation}</p>
          ) : null}
        </section>
      ) : null}
    </div>
  )
}
