'use client'

import {useCallback, useEffect, useState} from 'react'

/** The estimate crew's days and windows, as GET /api/availability?form=estimate answers them. */
export type EstimateOffer = {earliest: string; latest: string; days: {date: string; windows: {window: string; start: string; end: string}[]}[]}

export type EstimateOfferState = {status: 'loading'} | {status: 'ready'; offer: EstimateOffer} | {status: 'failed'}

/** Where the estimate form asks when the estimate crew can come (the booking forms' endpoint). */
export const ESTIMATE_OFFER_ENDPOINT = '/api/availability?form=estimate'

/**
 * The days and windows the estimate form offers, asked of the server once the form's code runs
 * (the visitor is using it) and again on `refresh()` (after the server refused a day or window).
 */
export function useEstimateOffer(): {state: EstimateOfferState; refresh: () => void} {
  const [state, setState] = useState<EstimateOfferState>({status: 'loading'})
  const [request, setRequest] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    fetch(ESTIMATE_OFFER_ENDPOINT, {signal: controller.signal, cache: 'no-store', headers: {Accept: 'application/json'}})
      .then(async (response) => {
        const body = (await response.json().catch(() => null)) as (EstimateOffer & {ok?: boolean}) | null
        if (!response.ok || !body || !Array.isArray(body.days)) throw new Error(`Estimate offer: ${response.status}`)
        setState({status: 'ready', offer: {earliest: body.earliest, latest: body.latest, days: body.days}})
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({status: 'failed'})
      })
    return () => controller.abort()
  }, [request])

  const refresh = useCallback(() => setRequest((n) => n + 1), [])
  return {state, refresh}
}
