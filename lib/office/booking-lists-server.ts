import 'server-only'

import {getAvailability} from '../content'
import {getDatabaseFunctions} from '../database'
import type {OfficeListDeps} from './booking-lists'

/** The office's lists wired to the app's database, the Availability document and the clock. */
export async function officeListDeps(): Promise<OfficeListDeps> {
  return {functions: await getDatabaseFunctions(), now: () => new Date(), availability: getAvailability}
}
