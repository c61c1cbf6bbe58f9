'use client'

import {useEffect, useRef} from 'react'
import type {FieldValues, Path, UseFormReturn} from 'react-hook-form'
import {hydrateAllSections} from './sectionHydration'
import type {Industry} from '@/lib/booking/catalog'

/** Where the browser keeps the proof that it made a booking (its idempotency key), per tab. */
export function resumeKeyStorageName(bookingId: string): string {
  return `booking-resume:${bookingId}`
}

/** Remembers, for this tab, the key of a booking about to be paid (see useBookingPrefill). */
export function rememberBookingForResume(bookingId: string, idempotencyKey: string): void {
  try {
    sessionStorage.setItem(resumeKeyStorageName(bookingId), idempotencyKey)
  } catch {
    // Storage disabled: coming back after a cancelled payment shows an empty form.
  }
}

/**
 * The field a service page can choose in advance and its options (`?service=Roof+Cleaning`,
 * `?subService=…`): given by the form's definition, so a screen carries only its own form's options.
 */
export type BookingPreselect = {field: string; options: readonly string[]}

/**
 * Fills a booking form from its address when it opens:
 * - `?resume=<booking id>` (the cancel page's 'Back to the booking form'): the booking's values, from
 *   the server, for the browser that made it (it proves so with the booking's idempotency key, kept
 *   in sessionStorage, never in the URL). Nothing personal is ever in the address.
 * - `?resume=<booking id>&t=<signed token>` (the unpaid checkout reminder's link): the booking's
 *   choices and e-mail, from the server; the token is dropped from the address as soon as it is read,
 *   so it is not left in the history, a bookmark or a shared link.
 * - `?service=…` / `?subService=…` (a service page's Get Started, Book Now or 'Book online'): that
 *   service chosen (bookableServiceHref in lib/booking/catalog.ts makes these addresses).
 */
export function useBookingPrefill<T extends FieldValues>(industry: Industry, form: UseFormReturn<T, unknown, unknown>, preselect?: BookingPreselect): void {
  const {reset, setValue, getValues} = form
  // The link's token outlives its removal from the address: React may run the effect again.
  const linkToken = useRef<string | null>(null)
  useEffect(() => {
    const params = new URLSearchParams(window.location.search)
    const chosen = preselect ? params.get(preselect.field) : null
    let cancelled = false
    const stop = () => {
      cancelled = true
    }
    // Values set from the address show in sections that are live (the server rendered the defaults).
    if (preselect && chosen && preselect.options.includes(chosen)) {
      void hydrateAllSections().then(() => {
        if (!cancelled) setValue(preselect.field as Path<T>, chosen as never)
      })
    }

    const bookingId = params.get('resume')
    if (!bookingId) return stop
    const token = params.get('t') ?? linkToken.current
    linkToken.current = token
    if (params.has('t')) {
      params.delete('t')
      const query = params.toString()
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`)
    }
    let key: string | null = null
    try {
      key = sessionStorage.getItem(resumeKeyStorageName(bookingId))
    } catch {
      key = null
    }
    if (!key && !token) return stop
    const controller = new AbortController()
    fetch('/api/bookings/resume', {
      method: 'POST',
      headers: {'Content-Type': 'application/json', Accept: 'application/json'},
      body: JSON.stringify(key ? {bookingId, idempotencyKey: key} : {bookingId, token}),
      signal: controller.signal,
    })
      .then((response) => (response.ok ? response.json() : null))
      .then(async (answer: {ok?: boolean; values?: Record<string, unknown>} | null) => {
        if (!answer?.ok || !answer.values || answer.values.industry !== industry) return
        await hydrateAllSections()
        if (!cancelled) reset({...getValues(), ...answer.values} as T, {keepDefaultValues: true})
      })
      .catch(() => {
        // Offline or aborted: the form stays as it is.
      })
    return () => {
      stop()
      controller.abort()
    }
  }, [industry, preselect, reset, setValue, getValues])
}
