import 'server-only'

import {getDatabaseFunctions} from '../../database'
import {openDisputes, type OpenDispute} from './disputes'

/** The open disputes on the configured database. */
export async function openPaymentDisputes(): Promise<OpenDispute[]> {
  return openDisputes(await getDatabaseFunctions())
}
