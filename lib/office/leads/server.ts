import 'server-only'

import {getDatabaseFunctions} from '../../database'
import {wakeEmailOutbox} from '../../email/server'
import {createLeadOffice, type LeadOffice} from './actions'

/** The office's leads on the configured database; a reply wakes the outbox worker so it goes out at once. */
export async function leadOffice(): Promise<LeadOffice> {
  const office = createLeadOffice(await getDatabaseFunctions())
  return {
    ...office,
    async reply(...args) {
      const outcome = await office.reply(...args)
      if (outcome.ok) wakeEmailOutbox()
      return outcome
    },
  }
}
