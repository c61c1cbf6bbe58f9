'use client'

import {useCallback, useEffect, useMemo, useRef, useState} from 'react'
import {useFormState, useWatch} from 'react-hook-form'
import {FormSection, RadioCardGroup, SelectField, TextAreaField, TextField} from '@/components/forms/fields'
import type {FormSettings} from '@/lib/content'
import {arrivalWindowLabel} from '@/lib/booking/arrival-window'
import {LEAD_LIMITS} from '@/lib/leads/schemas'
import {HoneypotField, LeadFormOutcome, LeadSubmitButton, PhoneField} from './LeadFormParts'
import {Toast} from './Toast'
import {useEstimateOffer} from './useEstimateOffer'
import {useLeadForm, type LeadFormMessages} from './useLeadForm'
import fieldStyles from '@/components/forms/fields.module.css'
import styles from './leads.module.css'

export type AppointmentFormProps = {
  text: FormSettings['appointmentForm']
  messages: LeadFormMessages
  /** The id of the heading that names the form (the page's h1). */
  labelledBy: string
}

const DEFAULTS = {fullName: '', phone: '', email: '', address: '', zipCode: '', service: '', visitDate: '', visitWindow: '', notes: ''}

/** 'Wednesday, February 3': a day of the offer as people choose it (a calendar date, never shifted by the time zone). */
const dayLabel = new Intl.DateTimeFormat('en-US', {weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC'})
function visitDayLabel(date: string): string {
  const [year, month, day] = date.split('-').map(Number)
  return dayLabel.format(new Date(Date.UTC(year, month - 1, day, 12)))
}

/**
 * The request for a free in-home estimate (/appointment): who and where, the service, a day and
 * arrival window the estimate crew offers (asked of the server once the form is live), in person or
 * video, notes. Once stored, the form resets and a toast at the top centre says what happens next
 * (an e-mail confirmation, the office's call), for 5000 ms.
 */
export function AppointmentForm({text, messages, labelledBy}: AppointmentFormProps) {
  const [toast, setToast] = useState<{id: number; title: string; body: string} | null>(null)
  const onStored = useCallback(() => setToast((previous) => ({id: (previous?.id ?? 0) + 1, title: text.toastTitle, body: text.toastNote})), [text])
  const lead = useLeadForm('appointment', {
    messages,
    defaultValues: DEFAULTS,
    phone: {name: 'phone', check: 'submit'},
    page: {path: '/appointment'},
    onStored,
  })
  const {control, setValue} = lead.form
  const {state: offerState, refresh} = useEstimateOffer()
  const visitDate = useWatch({control, name: 'visitDate'}) as string | undefined
  const visitWindow = useWatch({control, name: 'visitWindow'}) as string | undefined
  const offer = offerState.status === 'ready' ? offerState.offer : null
  const windows = useMemo(() => offer?.days.find((day) => day.date === visitDate)?.windows ?? [], [offer, visitDate])

  // A window the chosen day does not have (another day chosen, or the offer changed) is cleared.
  useEffect(() => {
    if (offer && visitWindow && !windows.some((window) => window.window === visitWindow)) setValue('visitWindow', '')
  }, [offer, visitWindow, windows, setValue])

  // The server refused the day or window (the offer changed since it loaded): load it again.
  const {errors} = useFormState({control, name: ['visitDate', 'visitWindow']})
  const refused = errors.visitDate?.type === 'server' || errors.visitWindow?.type === 'server'
  const wasRefused = useRef(false)
  useEffect(() => {
    if (refused && !wasRefused.current) refresh()
    wasRefused.current = refused
  }, [refused, refresh])

  const dayPlaceholder = !offer ? text.visitDatesLoading : offer.days.length === 0 ? text.visitNoDates : text.visitDatePlaceholder
  return (
    <>
      <Toast toast={toast} onClose={() => setToast(null)} />
      <form {...lead.formProps} aria-labelledby={labelledBy} className={styles.form}>
        <div className={styles.grid}>
          <TextField control={control} name="fullName" label={text.fullNameLabel} required autoComplete="name" maxLength={LEAD_LIMITS.fullName} />
          <PhoneField control={control} name="phone" label={text.phoneLabel} />
          <TextField control={control} name="email" label={text.emailLabel} type="email" required autoComplete="email" maxLength={LEAD_LIMITS.email} />
          <TextField control={control} name="address" label={text.addressLabel} required autoComplete="street-address" maxLength={LEAD_LIMITS.address} className={styles.wide} />
          <TextField control={control} name="zipCode" label={text.zipCodeLabel} required autoComplete="postal-code" inputMode="numeric" maxLength={LEAD_LIMITS.zipCode} />
          <SelectField control={control} name="service" label={text.serviceLabel} required placeholder={text.servicePlaceholder} options={text.serviceOptions} />
        </div>
        <FormSection heading={text.visitHeading} headingLevel={2} description={text.visitHelp}>
          <div className={styles.grid}>
            <SelectField
              control={control}
              name="visitDate"
              label={text.visitDateLabel}
              required
              placeholder={dayPlaceholder}
              options={(offer?.days ?? []).map((day) => ({value: day.date, label: visitDayLabel(day.date)}))}
            />
            {offerState.status === 'failed' ? (
              <p role="status" className={styles.wide}>
                {text.visitDatesUnavailable}{' '}
                <button type="button" className={fieldStyles.retry} onClick={refresh}>
                  Try again
                </button>
              </p>
            ) : null}
          </div>
          <RadioCardGroup
            control={control}
            name="visitWindow"
            legend={text.visitWindowLabel}
            required
            size="compact"
            options={windows.map((window) => ({value: window.window, label: arrivalWindowLabel(window.window)}))}
            emptyText={text.visitChooseDateFirst}
          />
        </FormSection>
        <div className={styles.grid}>
          <RadioCardGroup
            control={control}
            name="walkthrough"
            legend={text.walkthroughLegend}
            required
            size="compact"
            className={styles.wide}
            options={[
              {value: 'in_person', label: text.walkthroughInPerson},
              {value: 'video', label: text.walkthroughVideo},
            ]}
          />
          <TextAreaField control={control} name="notes" label={text.notesLabel} description={text.notesHelp} maxLength={LEAD_LIMITS.notes} className={styles.wide} />
        </div>
        <HoneypotField inputRef={lead.honeypotRef} />
        <div className={styles.footer}>
          <LeadFormOutcome status={lead.status} statusRef={lead.statusRef} />
          <LeadSubmitButton label={text.submitLabel} busyLabel={text.submittingLabel} busy={lead.busy} blocked={false} />
        </div>
      </form>
    </>
  )
}
