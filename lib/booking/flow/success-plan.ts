/**
 * What /success shows of the plan a paid booking started: its
 * frequency, weekday and window, and its next visits as the store holds them. Nothing personal.
 */
import {arrivalWindowLabel} from '../arrival-window'
import {formatWeekday} from '../../format'
import type {PlanReader} from '../plans/reader'
import type {BookingStore} from '../store/store'

export interface SuccessPlan {
  /** As sold on the form: 'Weekly'. */
  frequency: string
  /** 'Tuesday': the first visit's weekday, which the visits keep. */
  weekday: string
  /** '8:00 AM – 10:00 AM': the plan's window. */
  window: string
  /** The next visits still booked, in date order (a visit placed in another window of its week shows that one). */
  visits: {date: string; window: string}[]
}

/** The plan that the paid booking `bookingId` started, or null (a one-time booking, unpaid, unknown). */
export async function planForSuccess(bookingId: string | null, deps: {store: Pick<BookingStore, 'findById'>; plans: PlanReader}): Promise<SuccessPlan | null> {
  if (!bookingId) return null
  const booking = await deps.store.findById(bookingId)
  if (!booking?.planId || booking.paymentStatus !== 'paid') return null
  const plan = await deps.plans.findPlan(booking.planId)
  if (!plan) return null
  const visits = (await deps.plans.visitsOf(plan.id))
    .filter((visit) => visit.id !== booking.id && (visit.paymentStatus === 'scheduled' || visit.paymentStatus === 'paid') && visit.date && visit.arrivalWindow)
    .map((visit) => ({date: visit.date as string, window: arrivalWindowLabel(visit.arrivalWindow as string)}))
    .sort((a, b) => a.date.localeCompare(b.date))
  return {frequency: plan.frequency, weekday: formatWeekday(plan.anchorDate), window: arrivalWindowLabel(plan.arrivalWindow), visits}
}
