'use client'

import {useCallback, useEffect, useState} from 'react'
import type {Industry} from '@/lib/booking/catalog'
import type {BookingAvailability} from '@/lib/booking/flow'

/** Where a booking form asks which dates and arrival windows have room (app/api/availability). */
export const AVAILABILITY_ENDPOINT = '/api/availability'

export type AvailabilityState = {status: 'loading'} | {status: 'ready'; offer: BookingAvailability} | {status: 'failed'}

/**
 * The dates and windows the form can offer, asked of the server once `wanted` (the section is near
 * or the form is in use) and again on `refresh()` (after the server refused a date or window that
 * was taken meanwhile).
 */
export function useAvailability(industry: Industry, wanted: boolean): {state: AvailabilityState; refresh: () => void} {
  const [state, setState] = useState<AvailabilityState>({status: 'loading'})
  const [request, setRequest] = useState(0)

  useEffect(() => {
    if (!wanted) return
    const controller = new AbortController()
    fetch(`${AVAILABILITY_ENDPOINT}?form=${industry}`, {signal: controller.signal, cache: 'no-store', headers: {Accept: 'application/json'}})
      .then(async (response) => {
        const body = (await response.json().catch(() => null)) as (BookingAvailability & {ok?: boolean}) | null
        if (!response.ok || !body || !Array.isArray(body.days)) throw new Error(`Availability: ${response.status}`)
        setState({status: 'ready', offer: {earliest: body.earliest, latest: body.latest, days: body.days}})
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({status: 'failed'})
      })
    return () => controller.abort()
  }, [industry, request, wanted])

  const refresh = useCallback(() => setRequest((n) => n + 1), [])
  return {state, refresh}
}
