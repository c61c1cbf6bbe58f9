import {officeRoute, seeOther} from '@/lib/office/access/routes'
import {officeListDeps} from '@/lib/office/bookings/lists-server'
import {ownTextsForm, ownTextsRefused, usMobile} from '@/lib/office/alerts/routes'
import {saveOwnTextConsent} from '@/lib/office/alerts/store'

/**
 * A member saves their own text number and whether they agree to texts on it: only the member
 * signed in, for themselves (no member id is taken from the form). Unticking withdraws consent.
 */
export const POST = officeRoute({role: 'office', form: ownTextsForm, refused: ownTextsRefused}, async (request, {staff, form}) => {
  const {functions, now} = await officeListDeps(request.headers)
  const phone = form.phone.trim() === '' ? null : usMobile(form.phone)
  const outcome = await saveOwnTextConsent(functions, staff, phone, form.agree === 'on', now())
  return seeOther(outcome === 'saved' ? '/office/alerts?done=saved#alerts-outcome' : '/office/alerts?problem=not_found#alerts-outcome')
})
