import {createCheckoutReminderStore} from '@/lib/booking/checkout-reminders'
import {handleEmailOptOutRequest} from '@/lib/booking/email-opt-out'
import {manageLinkSecret} from '@/lib/booking/manage-link-secret'
import {systemNow} from '@/lib/booking/server'
import {getDatabaseFunctions} from '@/lib/database'

/** The "no more e-mails" page's button and mail programs' one-click unsubscribe of the unpaid checkout reminder. */
export async function POST(request: Request) {
  return handleEmailOptOutRequest(request, {
    store: async () => createCheckoutReminderStore(await getDatabaseFunctions()),
    linkSecret: () => manageLinkSecret(),
    now: systemNow,
  })
}
