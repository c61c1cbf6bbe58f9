/**
 * What a plan's later visit tells when its usual window has no place: placed in another window of
 * its week, the customer (plan_visit_placed); no free window that week, the customer and the
 * business (plan_visit_unplaced). Queued by add_plan_visit in the transaction that stores the visit.
 */
import {customerEmailOnly, eventEmails, type PlanVisitUnplacedFacts} from '../../email/queue'
import {checkoutDescription} from '../flow/shared'
import {bookingReference} from '../stored'
import type {StoredPlan} from './plan'
import type {ScheduledDate} from './schedule'
import type {VisitEmails} from './visits'

function visitFacts(plan: StoredPlan, visit: ScheduledDate): Omit<PlanVisitUnplacedFacts, 'kind'> {
  const template = plan.visitTemplate
  return {
    id: plan.id,
    visit: visit.visit,
    reference: bookingReference(plan.firstBookingId),
    industry: plan.industry,
    service: checkoutDescription({industry: plan.industry, service: template.service ?? null, frequency: plan.frequency, hours: template.hours ?? null, minutes: template.minutes ?? null}),
    customer: {firstName: plan.firstName, lastName: plan.lastName, email: plan.email, phone: plan.phone, address: template.address ?? ''},
    usualDate: visit.date,
    usualWindow: plan.arrivalWindow,
    totalCents: plan.perVisitCents,
  }
}

export const planVisitEmails: VisitEmails = {
  // Where it went is filled in by add_plan_visit (the window the database found free).
  placedElsewhere: (plan: StoredPlan, visit: ScheduledDate) =>
    customerEmailOnly({kind: 'plan_visit_placed', ...visitFacts(plan, visit), toDate: '', toWindow: '', windowStartsAt: ''}),
  noPlace: (plan: StoredPlan, visit: ScheduledDate) => eventEmails({kind: 'plan_visit_unplaced', ...visitFacts(plan, visit)}),
}
