import {CUSTOMER_NOTE_FORM, customerNoteAnswer, customerNoteRefused, customerRouteParams} from '@/lib/office/customers/routes'
import {officeCustomerDeps} from '@/lib/office/customers/server'
import {officeRoute, seeOther} from '@/lib/office/access/routes'

/** Add an internal note to a customer (the record's form): answers 303 back to the record with the outcome. */
export const POST = officeRoute({role: 'office', params: customerRouteParams, form: CUSTOMER_NOTE_FORM, refused: customerNoteRefused}, async (request, {staff, params, form}) =>
  seeOther(await customerNoteAnswer(params.key, form, staff, () => officeCustomerDeps(request.headers))),
)
