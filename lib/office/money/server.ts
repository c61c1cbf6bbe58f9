import 'server-only'

import {getBookingStore} from '../../booking/store'
import {getAvailability} from '../../content'
import {getDatabaseFunctions} from '../../database'
import {wakeEmailOutbox} from '../../email/server'
import {getPaymentProvider} from '../../payments'
import type {AvailabilityRules} from '../../booking/availability'
import type {OfficeMoneyDeps} from './actions'
import {createOfficeMoneyStore} from './store'

/** The office's money rules wired to the configured database, payment provider and outbox. */
export async function officeMoneyDeps(): Promise<OfficeMoneyDeps & {availability: () => Promise<AvailabilityRules>}> {
  const [store, functions] = await Promise.all([getBookingStore(), getDatabaseFunctions()])
  return {
    store,
    money: createOfficeMoneyStore(functions),
    payments: () => getPaymentProvider(),
    now: () => new Date(),
    emailsQueued: wakeEmailOutbox,
    availability: getAvailability,
    log: console,
  }
}
