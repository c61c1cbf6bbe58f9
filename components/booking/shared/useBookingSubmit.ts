'use client'

import {useCallback, useEffect, useRef, useState, useSyncExternalStore, type FormEvent, type RefObject} from 'react'
import type {FieldErrors, FieldValues, Path} from 'react-hook-form'
import type {Industry} from '@/lib/booking/catalog'
import {bookingErrorText, bookingResultFromResponse, type BookingRequestFailure} from '@/lib/booking/flow-messages'
import {REQUEST_INVALID_MESSAGE} from '@/lib/booking/schemas'
import {useBookingFormContext, type BookingFormValues, type BookingValues} from './useBookingForm'

const noSubscription = () => () => {}

/** Where Confirm & Pay posts (app/api/bookings/route.ts). */
export const BOOKINGS_ENDPOINT = '/api/bookings'

/** The message a request that never reached the server shows (spec §8 turns it into each form's text). */
const NETWORK_MESSAGE = 'The connection was lost. Please check your internet connection and try again.'

/** A random UUID v4: crypto.randomUUID where available (secure contexts), else from getRandomValues. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6] & 0x0f) | 0x40
  bytes[8] = (bytes[8] & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** Every error path of react-hook-form's nested errors object ("firstName", "instructions.howClean"). */
export function errorPaths(errors: FieldErrors<FieldValues>, prefix = ''): string[] {
  const paths: string[] = []
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue
    const path = prefix ? `${prefix}.${key}` : key
    if ('message' in value && typeof value.message === 'string' && value.message !== '') paths.push(path)
    else if (!('type' in value && 'ref' in value)) paths.push(...errorPaths(value as FieldErrors<FieldValues>, path))
  }
  return paths
}

function controlFor(form: HTMLFormElement, path: string): HTMLElement | null {
  const named = Array.from(form.querySelectorAll<HTMLElement>(`[name="${CSS.escape(path)}"]`))
  if (named.length === 0) return null
  return named.find((element) => element instanceof HTMLInputElement && element.checked) ?? named[0]
}

/** Focuses the control of the first of `paths` in page order (and scrolls it into view). */
export function focusFirstInvalid(form: HTMLFormElement | null, paths: readonly string[]): boolean {
  if (!form) return false
  const controls = paths.map((path) => controlFor(form, path)).filter((element): element is HTMLElement => element !== null)
  if (controls.length === 0) return false
  controls.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
  const target = controls[0]
  target.focus({preventScroll: true})
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches
  target.scrollIntoView({block: 'center', behavior: smooth ? 'smooth' : 'auto'})
  return true
}

export type BookingSubmit = {
  /** Spread onto the <form>: its ref, onSubmit and noValidate (the schemas' messages, not the browser's). */
  formProps: {
    ref: RefObject<HTMLFormElement | null>
    onSubmit: (event: FormEvent<HTMLFormElement>) => void
    noValidate: true
    /**
     * POST, so that a submission before the page's JavaScript has started never puts the customer's
     * details into a URL (the query string of a GET).
     */
    method: 'post'
    /** Present once the form is interactive (hydrated): tests wait for `form[data-interactive]`. */
    'data-interactive': '' | undefined
  }
  /** True from a valid submission until it fails (or the page leaves for the payment page). */
  busy: boolean
  /** The form-level failure to show in FormErrorBanner (spec §8 text), or null. */
  formError: string | null
}

/**
 * Confirm & Pay for one booking form (inside its FormProvider, see useBookingForm):
 * - one idempotency key per form (crypto.randomUUID, kept in a ref across retries and failures, a new
 *   one after the browser has been sent to the payment page), so a repeated submission makes one
 *   booking; a retry with changed details is another booking and gets a new key (the server refuses
 *   a stored key with other details: "already submitted with other details");
 * - a second submission while one is running does nothing;
 * - client validation with the server's zod schema; the first invalid field (in page order) gets focus;
 * - POST /api/bookings; on 200 the browser goes to `checkoutUrl` (window.location.assign);
 * - a 400 puts the server's `fieldErrors` beside their fields (setError) and focuses the first; any
 *   other failure shows `bookingErrorText(industry, failure)` in the banner;
 * - every failure clears the busy state and keeps what was typed.
 */
export function useBookingSubmit<I extends Industry>(industry: I): BookingSubmit {
  const form = useBookingFormContext<I>()
  const {handleSubmit, setError, setValue} = form
  const formRef = useRef<HTMLFormElement | null>(null)
  const keyRef = useRef<string | null>(null)
  /** The details last sent with the current key. */
  const sentDetails = useRef<string | null>(null)
  const inFlight = useRef(false)
  const [busy, setBusy] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  // Focus moves after React has rendered the messages (aria-invalid, aria-describedby) in place.
  const pendingFocus = useRef<string[]>([])
  const [focusRequest, setFocusRequest] = useState(0)

  useEffect(() => {
    if (focusRequest === 0) return
    focusFirstInvalid(formRef.current, pendingFocus.current)
  }, [focusRequest])

  // Back from the payment page through the back/forward cache: the form is usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return
      inFlight.current = false
      setBusy(false)
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [])

  const requestFocus = useCallback((paths: string[]) => {
    pendingFocus.current = paths
    setFocusRequest((n) => n + 1)
  }, [])

  const fail = useCallback(
    (failure: BookingRequestFailure) => {
      inFlight.current = false
      setBusy(false)
      if (failure.kind !== 'validation') {
        setFormError(bookingErrorText(industry, failure))
        return
      }
      const form = formRef.current
      const placed: string[] = []
      const unplaced: string[] = []
      for (const [path, message] of Object.entries(failure.fieldErrors)) {
        if (path !== '' && form && controlFor(form, path)) {
          setError(path as Path<BookingFormValues[I]>, {type: 'server', message})
          placed.push(path)
        } else {
          unplaced.push(message)
        }
      }
      setFormError(unplaced.length > 0 ? unplaced.join(' ') : placed.length === 0 ? bookingErrorText(industry, failure) : null)
      if (placed.length > 0) requestFocus(placed)
    },
    [industry, setError, requestFocus],
  )

  const send = useCallback(
    async (values: BookingValues[I]) => {
      setBusy(true)
      // A retry of the same details keeps the key (the server answers with the same booking); once
      // the customer has changed something it is another booking, with a key of its own (the server
      // refuses a key it has stored with other details).
      const details = JSON.stringify({...values, industry, idempotencyKey: undefined})
      if (sentDetails.current !== null && sentDetails.current !== details) keyRef.current = newIdempotencyKey()
      sentDetails.current = details
      const idempotencyKey = keyRef.current as string
      let status: number
      let body: unknown
      try {
        const response = await fetch(BOOKINGS_ENDPOINT, {
          method: 'POST',
          headers: {'Content-Type': 'application/json', Accept: 'application/json'},
          body: JSON.stringify({...values, industry, idempotencyKey}),
          credentials: 'same-origin',
        })
        status = response.status
        body = await response.json().catch(() => null)
      } catch {
        fail({ok: false, kind: 'network', message: NETWORK_MESSAGE})
        return
      }
      const result = bookingResultFromResponse(status, body)
      if (!result.ok) {
        fail(result)
        return
      }
      let target: URL
      try {
        target = new URL(result.checkoutUrl, window.location.href)
        if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error('Not a web address')
      } catch {
        fail({ok: false, kind: 'no-url'})
        return
      }
      // This submission is done: a later one (after coming back) is a new booking. Busy stays on
      // while the payment page loads.
      keyRef.current = newIdempotencyKey()
      sentDetails.current = null
      window.location.assign(target.href)
    },
    [industry, fail],
  )

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      if (inFlight.current) return
      inFlight.current = true
      setFormError(null)
      keyRef.current ??= newIdempotencyKey()
      setValue('idempotencyKey' as Path<BookingFormValues[I]>, keyRef.current as never)
      void handleSubmit(send, (errors) => {
        inFlight.current = false
        const paths = errorPaths(errors as FieldErrors<FieldValues>)
        // A failure with no field to show it beside (a broken request) still says something.
        const form = formRef.current
        const unplaced = form ? paths.filter((path) => !controlFor(form, path)) : []
        if (unplaced.length > 0) setFormError(REQUEST_INVALID_MESSAGE)
        requestFocus(paths)
      })(event).catch(() => {
        fail({ok: false, kind: 'network', message: NETWORK_MESSAGE})
      })
    },
    [handleSubmit, send, setValue, requestFocus, fail],
  )

  const interactive = useSyncExternalStore(noSubscription, () => true, () => false)

  return {
    formProps: {ref: formRef, onSubmit, noValidate: true, method: 'post', 'data-interactive': interactive ? '' : undefined},
    busy,
    formError,
  }
}
