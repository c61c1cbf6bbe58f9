import {officeUuidParams} from '@/lib/office/shared/input'
import {officePlanAction, PLAN_FORMS, planFormRefused} from '@/lib/office/plans/actions'
import {officePlanDeps} from '@/lib/office/plans/server'
import {officeRoute, seeOther} from '@/lib/office/access/routes'

/**
 * The plan page's "Charge the difference now" form (a cancelled plan whose early-cancellation charge
 * got no answer from the provider): answers 303 back to the page with the outcome.
 */
export const POST = officeRoute({role: 'owner', params: officeUuidParams, form: PLAN_FORMS.chargeDifference, refused: planFormRefused}, async (request, {staff, params, form}) =>
  seeOther(await officePlanAction('chargeDifference', params.id, form, staff, () => officePlanDeps(request.headers))),
)
