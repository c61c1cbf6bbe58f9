'use client'

import type {MouseEvent, RefObject} from 'react'
import type {Control, FieldPath, FieldValues} from 'react-hook-form'
import {TextField} from '@/components/forms/fields'
import {FormErrorBanner} from '@/components/forms/FormErrorBanner'
import {BusyLabel} from '@/components/forms/BusyLabel'
import {Button} from '@/components/ui/Button'
import {LEAD_LIMITS} from '@/lib/leads/schemas'
import type {LeadForm, LeadFormStatus} from './useLeadForm'
import styles from './leads.module.css'

/**
 * The field people never see and bots fill in. Hidden visually and from assistive technology, out
 * of the tab order, never autofilled: a submission with it filled is refused (lib/leads/flow.ts).
 */
export function HoneypotField({inputRef}: {inputRef: RefObject<HTMLInputElement | null>}) {
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label>
        Leave this field empty
        <input ref={inputRef} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  )
}

/**
 * The form's outcome, in the page: the success message with its check mark in a status region
 * (focused, so keyboard and screen-reader users land on it after the form resets), a failure in
 * the alert banner. Both regions are always present, so each new message is announced.
 */
export function LeadFormOutcome({status, statusRef}: {status: LeadFormStatus; statusRef: RefObject<HTMLDivElement | null>}) {
  return (
    <>
      <FormErrorBanner message={status?.kind === 'error' ? status.text : null} />
      <div ref={statusRef} role="status" tabIndex={-1} className={styles.statusRegion}>
        {status?.kind === 'success' ? (
          <p className={styles.success}>
            <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="24" height="24" className={styles.successIcon}>
              <circle cx="12" cy="12" r="11" fill="currentColor" />
              <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <span>{status.text}</span>
          </p>
        ) : null}
      </div>
    </>
  )
}

/**
 * Submit: shows `busyLabel` ('Submitting…', 'Sending...') while sending, and is disabled while
 * sending or while the phone number's message shows (aria-disabled, so keyboard focus stays).
 */
export function LeadSubmitButton({label, busyLabel, busy, blocked, fullWidth}: {label: string; busyLabel: string; busy: boolean; blocked: boolean; fullWidth?: boolean}) {
  const disabled = busy || blocked
  const onClick = disabled ? (event: MouseEvent<HTMLButtonElement>) => event.preventDefault() : undefined
  return (
    <Button type="submit" size="lg" fullWidth={fullWidth} aria-disabled={disabled || undefined} onClick={onClick} data-busy={busy || undefined}>
      {busy ? (
        <BusyLabel>{busyLabel}</BusyLabel>
      ) : (
        label
      )}
    </Button>
  )
}

/** A lead form's phone field (required, ten digits), checked as the form's PhoneCheck says. */
export function PhoneField<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  label,
  events,
  className,
}: {
  control: Control<T, unknown, unknown>
  name: N
  label: string
  events?: LeadForm<never>['phoneEvents']
  className?: string
}) {
  return (
    <TextField
      control={control}
      name={name}
      label={label}
      type="tel"
      required
      autoComplete="tel-national"
      inputMode="tel"
      maxLength={LEAD_LIMITS.phone}
      onValueChange={events?.onChange}
      onLeave={events?.onBlur}
      className={className}
    />
  )
}
