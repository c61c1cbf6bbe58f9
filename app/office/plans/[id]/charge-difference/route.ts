import {officePlanAction} from '@/lib/office/plans'
import {officePlanDeps} from '@/lib/office/plans-server'
import {officeRoute} from '@/lib/office/route-access'

/**
 * The plan page's "Charge the difference now" form (a cancelled plan whose early-cancellation charge
 * got no answer from the provider): answers 303 back to the page with the outcome.
 */
export const POST = officeRoute({role: 'owner'}, async (request, {staff, params}) => {
  const {id} = (await params) as {id: string}
  const form = await request.formData().catch(() => new FormData())
  return new Response(null, {status: 303, headers: {Location: await officePlanAction('chargeDifference', id, form, staff, () => officePlanDeps(request.headers))}})
})
