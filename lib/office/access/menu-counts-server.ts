import 'server-only'

import {getDatabaseFunctions} from '../../database'
import {TEST_CLOCK_HEADER, testClockNow} from '../shared/test-clock'
import {readMenuCounts, type OfficeMenuCounts} from './menu-counts'
import type {StaffMember} from './roles'

/**
 * The menu's counts on the configured database for the signed-in member (null for crew). A count that
 * cannot be read is logged and shown as none: every office page renders inside this menu, so a
 * failing count must never take a page down with it.
 */
export async function officeMenuCounts(member: Pick<StaffMember, 'role'>, headers?: Headers): Promise<OfficeMenuCounts | null> {
  try {
    const now = testClockNow(process.env, headers?.get(TEST_CLOCK_HEADER)) ?? new Date()
    return await readMenuCounts(await getDatabaseFunctions(), member, now)
  } catch (error) {
    console.error('Office: the menu counts could not be read', error)
    return null
  }
}
