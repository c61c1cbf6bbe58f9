import {officeUuidParams} from '@/lib/office/shared/input'
import {officeRoute, seeOther} from '@/lib/office/access/routes'
import {officeListDeps} from '@/lib/office/bookings/lists-server'
import {alertChoiceForm, alertChoiceRefused, chosenEvents} from '@/lib/office/alerts/routes'
import {saveAlertChoice} from '@/lib/office/alerts/store'

/**
 * The owner chooses what a member is alerted of (new paid bookings, new leads, cancellation
 * requests) and how (off, each one, a daily digest); audited on the member. Alerts are owed from
 * now: turning them on never sends what happened before.
 */
export const POST = officeRoute({role: 'owner', params: officeUuidParams, form: alertChoiceForm, refused: alertChoiceRefused}, async (request, {staff, params, form}) => {
  const {functions, now} = await officeListDeps(request.headers)
  const outcome = await saveAlertChoice(functions, staff, params.id, {events: chosenEvents(form), delivery: form.delivery as 'off' | 'each' | 'digest'}, now())
  const query = new URLSearchParams({alerts: params.id})
  query.set(outcome === 'changed' || outcome === 'unchanged' ? 'alerts_done' : 'alerts_problem', outcome)
  return seeOther(`/office/staff?${query}#alerts-${params.id}`)
})
