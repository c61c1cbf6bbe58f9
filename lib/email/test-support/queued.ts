import {randomUUID} from 'node:crypto'
import type {PGlite} from '@electric-sql/pglite'
import {testAvailability} from '../../booking/test-support/availability'
import {createSqlDatabaseFunctions} from '../../database/sql-functions'
import {submitLead} from '../../leads/flow'
import {createLeadStore} from '../../leads/store'
import {contactSubmission, fixedClock} from '../../leads/test-support/submissions'

/** A contact message from Ada Smith, stored by the real lead flow: two e-mails queued (the business's and hers). */
export async function queueContactMessage(db: PGlite): Promise<void> {
  const answer = await submitLead('contactMessage', contactSubmission({name: 'Ada Smith'}), {
    store: createLeadStore(createSqlDatabaseFunctions(db)),
    now: fixedClock,
    newId: randomUUID,
    availability: testAvailability,
  })
  if (!answer.ok) throw new Error(`Not stored: ${JSON.stringify(answer)}`)
}
