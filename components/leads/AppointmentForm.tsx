'use client'

import {useCallback, useState, useSyncExternalStore} from 'react'
import {RadioCardGroup, TextField} from '@/components/forms/fields'
import type {FormSettings} from '@/lib/content'
import {companyLocalNow} from '@/lib/format'
import {LEAD_LIMITS} from '@/lib/leads/schemas'
import {HoneypotField, LeadFormOutcome, LeadSubmitButton, PhoneField} from './LeadFormParts'
import {Toast} from './Toast'
import {useLeadForm, type LeadFormMessages} from './useLeadForm'
import styles from './leads.module.css'

export type AppointmentFormProps = {
  text: FormSettings['appointmentForm']
  messages: LeadFormMessages
  /** The id of the heading that names the form (the page's h1). */
  labelledBy: string
}

const noSubscription = () => () => {}
const DEFAULTS = {patientName: '', patientPhone: '', appointmentTime: ''}

/**
 * The appointment form (the spec's leftover health form, /appointment): patient name, phone, gender,
 * preferred time and mode; 'Confirm Appointment'. Once stored, the form resets and a toast at the
 * top centre says so, with its note, for 5000 ms.
 */
export function AppointmentForm({text, messages, labelledBy}: AppointmentFormProps) {
  const [toast, setToast] = useState<{id: number; title: string; body: string} | null>(null)
  const onStored = useCallback(() => setToast((previous) => ({id: (previous?.id ?? 0) + 1, title: text.toastTitle, body: text.toastNote})), [text])
  const lead = useLeadForm('appointment', {
    messages,
    defaultValues: DEFAULTS,
    phone: {name: 'patientPhone', check: 'submit'},
    page: {path: '/appointment'},
    onStored,
  })
  const {control} = lead.form
  // The earliest time the picker offers: now, on the company's clock (not in the prerendered HTML).
  const now = useSyncExternalStore(noSubscription, () => companyLocalNow(), () => undefined)
  return (
    <>
      <Toast toast={toast} onClose={() => setToast(null)} />
      <form {...lead.formProps} aria-labelledby={labelledBy} className={styles.form}>
        <div className={styles.grid}>
          <TextField control={control} name="patientName" label={text.patientNameLabel} required autoComplete="name" maxLength={LEAD_LIMITS.fullName} />
          <PhoneField control={control} name="patientPhone" label={text.patientPhoneLabel} />
          <RadioCardGroup
            control={control}
            name="patientGender"
            legend={text.genderLegend}
            required
            size="compact"
            className={styles.wide}
            options={[
              {value: 'male', label: text.genderMale},
              {value: 'female', label: text.genderFemale},
              {value: 'private', label: text.genderPrivate},
            ]}
          />
          <TextField control={control} name="appointmentTime" label={text.appointmentTimeLabel} type="datetime-local" required min={now} />
          <RadioCardGroup
            control={control}
            name="preferredMode"
            legend={text.modeLegend}
            required
            size="compact"
            options={[
              {value: 'voice', label: text.modeVoice},
              {value: 'video', label: text.modeVideo},
            ]}
          />
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
