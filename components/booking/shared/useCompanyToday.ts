'use client'

import {useSyncExternalStore} from 'react'
import {todayInCompanyTimeZone} from '@/lib/booking/rules'

const noSubscription = () => () => {}

/**
 * Today in the company's time zone (America/Los_Angeles) as YYYY-MM-DD, for a date input's `min`.
 * Undefined while rendering on the server: the pages are built ahead of time, so the build day must
 * never end up in the HTML as the earliest date.
 */
export function useCompanyToday(): string | undefined {
  return useSyncExternalStore(noSubscription, () => todayInCompanyTimeZone(), () => undefined)
}
