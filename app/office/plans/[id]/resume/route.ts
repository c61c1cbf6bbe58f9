import {officeUuidParams} from '@/lib/office/shared/input'
import {officePlanAction, PLAN_FORMS, planFormRefused} from '@/lib/office/plans/actions'
import {officePlanDeps} from '@/lib/office/plans/server'
import {officeRoute, seeOther} from '@/lib/office/access/routes'

/** The plan page's "resume" form: answers 303 back to the page with the outcome (lib/office/plans/actions.ts). */
export const POST = officeRoute({role: 'office', params: officeUuidParams, form: PLAN_FORMS.resume, refused: planFormRefused}, async (request, {staff, params, form}) =>
  seeOther(await officePlanAction('resume', params.id, form, staff, () => officePlanDeps(request.headers))),
)
