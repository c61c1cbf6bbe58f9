import {officePlanAction} from '@/lib/office/plans'
import {officePlanDeps} from '@/lib/office/plans-server'
import {officeRoute} from '@/lib/office/route-access'

/** The plan page's "pause" form: answers 303 back to the page with the outcome (lib/office/plans.ts). */
export const POST = officeRoute({role: 'office'}, async (request, {staff, params}) => {
  const {id} = (await params) as {id: string}
  const form = await request.formData().catch(() => new FormData())
  return new Response(null, {status: 303, headers: {Location: await officePlanAction('pause', id, form, staff, () => officePlanDeps(request.headers))}})
})
