'use client'

import {useCallback, useEffect, useRef, useState, useSyncExternalStore, type FormEvent} from 'react'
import type {FieldErrors, FieldValues, Path} from 'react-hook-form'
import type {Industry} from '@/lib/booking/catalog'
import {bookingErrorText, bookingResultFromResponse, type BookingRequestFailure} from '@/lib/booking/flow-messages'
import {bookingMessageText} from '@/lib/booking/message-keys'
import {controlFor, errorPaths, focusFirstInvalid, newIdempotencyKey, type FieldTarget, type FormProps} from '@/components/forms/form-helpers'
import {loadBookingValidation, useBookingFormContext, type BookingFormValues, type BookingValues} from './useBookingForm'
import {useBookingTexts} from './BookingTexts'
import {rememberBookingForResume} from './useBookingPrefill'
import {hydrateAllSections} from './sectionHydration'

const noSubscription = () => () => {}

/** Where Confirm & Pay posts (app/api/bookings/route.ts). */
export const BOOKINGS_ENDPOINT = '/api/bookings'


export type BookingSubmit = {
  /** Spread onto the <form>. */
  formProps: FormProps
  /** True from a valid submission until it fails (or the page leaves for the payment page). */
  busy: boolean
  /** The form-level failure to show in FormErrorBanner, or null. */
  formError: string | null
}

/**
 * Confirm & Pay for one booking form (inside its BookingFormProvider, see useBookingForm):
 * - one idempotency key per form (crypto.randomUUID, kept in a ref across retries and failures, a new
 *   one after the browser has been sent to the payment page), so a repeated submission makes one
 *   booking; a retry with changed details is another booking and gets a new key (the server refuses
 *   a stored key with other details with a 409: "already submitted with other details");
 * - a second submission while one is running does nothing;
 * - client validation with the server's zod schema; the first invalid field (in page order) gets focus;
 *   only an error no field can show (a broken request) puts "reload" in the banner, which goes once
 *   the form has no error left;
 * - POST /api/bookings; on 200 the browser goes to `checkoutUrl` (window.location.assign);
 * - a 400 puts the texts of the server's `fieldErrors` (references to the form's messages) beside
 *   their fields (setError) and focuses the first field as a whole (a radio group's fieldset: the
 *   refused option may leave the offer); any other failure shows
 *   `bookingErrorText(messages, connectionLost, failure)` in the banner;
 * - every failure clears the busy state and keeps what was typed.
 */
export function useBookingSubmit<I extends Industry>(industry: I): BookingSubmit {
  const form = useBookingFormContext<I>()
  // The form's messages (content); the server's answers name them by reference.
  const {connectionLost, messages} = useBookingTexts()
  const {handleSubmit, setError, setValue, subscribe} = form
  const formRef = useRef<HTMLFormElement | null>(null)
  const keyRef = useRef<string | null>(null)
  /** The details last sent with the current key. */
  const sentDetails = useRef<string | null>(null)
  const inFlight = useRef(false)
  const [busy, setBusy] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  // Focus moves after React has rendered the messages (aria-invalid, aria-describedby) in place.
  const pendingFocus = useRef<{paths: string[]; target: FieldTarget}>({paths: [], target: 'control'})
  const [focusRequest, setFocusRequest] = useState(0)
  /** The banner shows what the client's validation could not place beside a field. */
  const bannerFromValidation = useRef(false)

  useEffect(() => {
    if (focusRequest === 0) return
    focusFirstInvalid(formRef.current, pendingFocus.current.paths, pendingFocus.current.target)
  }, [focusRequest])

  // Such a banner goes as soon as the form has no error left: it never stays over a valid form.
  useEffect(
    () =>
      subscribe({
        formState: {errors: true},
        callback: ({errors}) => {
          if (!bannerFromValidation.current || !errors || errorPaths(errors as FieldErrors<FieldValues>).length > 0) return
          bannerFromValidation.current = false
          setFormError(null)
        },
      }),
    [subscribe],
  )

  // The schemas load on the customer's first touch of the form, well before Confirm & Pay needs
  // them (a submit before they arrive waits for them in the resolver).
  useEffect(() => {
    const form = formRef.current
    if (!form) return
    const events = ['focusin', 'pointerdown', 'keydown', 'input'] as const
    const load = () => {
      for (const type of events) form.removeEventListener(type, load)
      loadBookingValidation().catch(() => {
        // Offline: the first validation tries again, and says so if it still cannot.
      })
    }
    for (const type of events) form.addEventListener(type, load)
    return () => {
      for (const type of events) form.removeEventListener(type, load)
    }
  }, [])

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

  const requestFocus = useCallback((paths: string[], target: FieldTarget = 'control') => {
    pendingFocus.current = {paths, target}
    setFocusRequest((n) => n + 1)
  }, [])

  const fail = useCallback(
    (failure: BookingRequestFailure) => {
      inFlight.current = false
      setBusy(false)
      if (failure.kind !== 'validation') {
        setFormError(bookingErrorText(messages, connectionLost, failure))
        return
      }
      const form = formRef.current
      const placed: string[] = []
      const unplaced: string[] = []
      for (const [path, reference] of Object.entries(failure.fieldErrors)) {
        const message = bookingMessageText(messages, reference)
        if (path !== '' && form && controlFor(form, path)) {
          setError(path as Path<BookingFormValues[I]>, {type: 'server', message})
          placed.push(path)
        } else {
          unplaced.push(message)
        }
      }
      setFormError(unplaced.length > 0 ? unplaced.join(' ') : placed.length === 0 ? bookingErrorText(messages, connectionLost, failure) : null)
      // The field as a whole: the option refused (a window taken meanwhile) may leave the offer.
      if (placed.length > 0) requestFocus(placed, 'field')
    },
    [messages, connectionLost, setError, requestFocus],
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
        fail({ok: false, kind: 'network'})
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
      // while the payment page loads. The key stays in this tab, so that after a cancelled payment
      // the form can be filled in again from the stored booking.
      rememberBookingForResume(result.bookingId, idempotencyKey)
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
      bannerFromValidation.current = false
      keyRef.current ??= newIdempotencyKey()
      setValue('idempotencyKey' as Path<BookingFormValues[I]>, keyRef.current as never)
      // Every later section live first: what the visitor typed in one still waiting is then the form's.
      void hydrateAllSections().then(() => handleSubmit(send, (errors) => {
        inFlight.current = false
        const paths = errorPaths(errors as FieldErrors<FieldValues>)
        // A failure with no field to show it beside (a broken request, which a reload mends) still
        // says something. Every field has a place, even one with no control yet (form-helpers).
        const form = formRef.current
        const unplaced = form ? paths.filter((path) => !controlFor(form, path)) : []
        if (unplaced.length > 0) {
          bannerFromValidation.current = true
          setFormError(messages.requestInvalid)
        }
        requestFocus(paths)
      })(event)).catch(() => {
        fail({ok: false, kind: 'network'})
      })
    },
    [handleSubmit, send, setValue, requestFocus, fail, messages],
  )

  const interactive = useSyncExternalStore(noSubscription, () => true, () => false)

  return {
    formProps: {ref: formRef, onSubmit, noValidate: true, method: 'post', 'data-interactive': interactive ? '' : undefined},
    busy,
    formError,
  }
}
