'use client'

import {lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type RefObject} from 'react'
import {useController, useFormState, useWatch, type Control, type FieldValues} from 'react-hook-form'
import {arrivalWindowLabel} from '@/lib/booking/arrival-window'
import type {Industry} from '@/lib/booking/catalog'
import {FieldError, FormSection, RadioCardGroup} from '@/components/forms/fields'
import fieldStyles from '@/components/forms/fields.module.css'
import {useBookingTexts} from './BookingTexts'
import {useBookingFormContext} from './useBookingForm'
import {useAvailability} from './useAvailability'
import styles from './AvailabilityCalendar.module.css'

const AvailabilityCalendar = lazy(() => import('./AvailabilityCalendar'))

/**
 * True once the section comes near the screen or the customer starts on the form: the calendar's
 * code and the offer load then, not with the page (the booking screen's JS budget).
 */
function useWhenNeeded(section: RefObject<HTMLElement | null>): boolean {
  const [needed, setNeeded] = useState(false)
  useEffect(() => {
    const element = section.current
    if (needed || !element) return
    const need = () => setNeeded(true)
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && need(), {rootMargin: '200px 0px'})
    observer.observe(element)
    const form = element.closest('form')
    const events = ['focusin', 'pointerdown', 'keydown'] as const
    for (const type of events) form?.addEventListener(type, need, {once: true})
    return () => {
      observer.disconnect()
      for (const type of events) form?.removeEventListener(type, need)
    }
  }, [section, needed])
  return needed
}

/**
 * When the crew comes: a calendar that offers only the days with a free arrival window, then that
 * day's windows with room (both from the server, counted from the stored bookings). A date or window
 * the server refuses (taken meanwhile) shows its message beside the field, and the offer is asked
 * for again, so the customer picks anew without losing anything typed.
 */
export function ArrivalSection({
  industry,
  headingLevel,
  openOn,
}: {
  industry: Industry
  headingLevel?: 2 | 3
  /** A date ('YYYY-MM-DD') whose month the calendar shows first while none is chosen (the manage page: the booking's). */
  openOn?: string | null
}) {
  const texts = useBookingTexts()
  const form = useBookingFormContext()
  const control = form.control as unknown as Control<FieldValues, unknown, unknown>
  const section = useRef<HTMLDivElement>(null)
  const wanted = useWhenNeeded(section)
  const {state, refresh} = useAvailability(industry, wanted)
  const {field: dateField, fieldState: dateState} = useController({control, name: 'date'})
  const arrivalWindow = useWatch({control, name: 'arrivalWindow'}) as string | null | undefined
  const date = (dateField.value as string | null | undefined) || null
  const id = useId()

  // A refusal from the server (type 'server') on the date or window: the offer has changed.
  const {errors} = useFormState({control, name: ['date', 'arrivalWindow']})
  const refused = errors.date?.type === 'server' || errors.arrivalWindow?.type === 'server'
  const wasRefused = useRef(false)
  useEffect(() => {
    if (refused && !wasRefused.current) refresh()
    wasRefused.current = refused
  }, [refused, refresh])

  const offer = state.status === 'ready' ? state.offer : null
  const windows = useMemo(() => offer?.days.find((candidate) => candidate.date === date)?.windows ?? [], [offer, date])

  // A chosen window that the chosen day no longer has is cleared.
  useEffect(() => {
    if (offer && arrivalWindow && !windows.some((window) => window.window === arrivalWindow)) {
      form.setValue('arrivalWindow' as never, '' as never)
    }
  }, [offer, arrivalWindow, windows, form])

  const error = dateState.error?.message
  return (
    <FormSection heading={texts.dateHeading} headingLevel={headingLevel} description={texts.dateHelp}>
      <div className={fieldStyles.field} ref={section}>
        <p id={`${id}-label`} className={fieldStyles.label}>
          {texts.dateLabel}
        </p>
        <div
          role="group"
          aria-labelledby={`${id}-label`}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-busy={state.status === 'loading' || undefined}
          data-field="date"
          tabIndex={-1}
          className={styles.calendar}
        >
          {state.status === 'failed' ? (
            <p className={fieldStyles.description} role="status">
              {texts.datesUnavailable}{' '}
              <button type="button" className={fieldStyles.retry} onClick={refresh}>
                Try again
              </button>
            </p>
          ) : offer ? (
            offer.days.length === 0 ? (
              <p className={fieldStyles.description}>{texts.noDates}</p>
            ) : (
              <Suspense fallback={<p className={styles.loading}>{texts.datesLoading}</p>}>
                <AvailabilityCalendar
                  dates={offer.days.map((candidate) => candidate.date)}
                  earliest={offer.earliest}
                  latest={offer.latest}
                  selected={date}
                  openOn={openOn}
                  onSelect={(chosen) => {
                    dateField.onChange(chosen)
                    dateField.onBlur()
                  }}
                />
              </Suspense>
            )
          ) : (
            <p className={styles.loading}>{texts.datesLoading}</p>
          )}
        </div>
        <FieldError id={`${id}-error`} message={error} />
      </div>
      <RadioCardGroup
        control={control}
        name="arrivalWindow"
        legend={texts.windowLabel}
        options={windows.map((window) => ({value: window.window, label: arrivalWindowLabel(window.window)}))}
        emptyText={date ? texts.noWindows : texts.chooseDateFirst}
        size="compact"
        required
      />
    </FormSection>
  )
}
