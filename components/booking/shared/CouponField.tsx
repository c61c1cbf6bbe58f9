'use client'

import {useId, useLayoutEffect, useState, type KeyboardEvent} from 'react'
import {useController, type Control, type FieldPath, type FieldValues} from 'react-hook-form'
import {Button} from '@/components/ui/Button'
import {applyCoupon, COUPON_MAX_LENGTH, type CouponIndustry} from '@/lib/booking/coupons'
import {fillIn} from '@/lib/format'
import {FieldError, FormSection} from '@/components/forms/fields'
import fieldStyles from '@/components/forms/fields.module.css'
import type {BookingFormTexts} from '@/lib/content'
import {useBookingTexts} from './BookingTexts'
import {useBookingFormContext} from './useBookingForm'
import styles from './booking.module.css'

export type CouponFieldProps<T extends FieldValues, N extends FieldPath<T>> = {
  control: Control<T, unknown, unknown>
  /** The form field holding the APPLIED code ('' = none); this is what is sent and priced. */
  name: N
  /** Whose coupon table to check (house: flat amounts, carpet: percentages). */
  industry: CouponIndustry
  /**
   * What an invalid code does to a coupon already applied: keep it (house form: "the
   * discount unchanged") or remove it (carpet form: "sets the discount to 0").
   */
  onInvalid?: 'keep' | 'clear'
  label?: string
}

/**
 * Apply Coupon Code: a text box and an Apply button (Enter in the box applies too, it does not submit
 * the form). A valid code becomes the form's coupon and the summary shows its discount; an unknown
 * code shows 'Invalid coupon code.' under the box. Codes are trimmed and case-insensitive.
 */
export function CouponField<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  industry,
  onInvalid = 'keep',
  label = 'Coupon code',
}: CouponFieldProps<T, N>) {
  const {field: {ref: fieldRef, name: fieldName, value: fieldValue, onChange, onBlur}, fieldState} = useController({control, name})
  const id = useId()
  const applied = (fieldValue as string | null | undefined) || ''
  const [draft, setDraft] = useState(applied)
  const [localError, setLocalError] = useState<string | null>(null)
  const [status, setStatus] = useState('')
  const {couponRemoved, messages} = useBookingTexts()
  const error = localError ?? fieldState.error?.message
  // A code typed while the section was still the server's HTML (shared/sectionHydration.ts) stays the draft.
  useLayoutEffect(() => {
    const input = document.getElementById(id)
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the box's DOM is the source here, read once
    if (input instanceof HTMLInputElement && input.value !== applied) setDraft(input.value)
  }, [id]) // eslint-disable-line react-hooks/exhaustive-deps -- once, as the field comes alive

  function apply() {
    const code = draft.trim()
    if (code === '') {
      onChange('')
      setLocalError(null)
      setStatus(applied ? couponRemoved : '')
      return
    }
    const result = applyCoupon(industry, code, 0)
    if (!result.ok || result.code === null) {
      setLocalError(messages[result.ok ? 'couponInvalid' : result.message])
      setStatus('')
      if (onInvalid === 'clear') onChange('')
      return
    }
    onChange(result.code)
    setLocalError(null)
    setStatus(fillIn(messages.couponApplied, {code: result.code.toUpperCase()}))
  }

  function remove() {
    onChange('')
    setDraft('')
    setLocalError(null)
    setStatus(couponRemoved)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault()
      apply()
    }
  }

  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <div className={styles.couponRow}>
        <input
          ref={fieldRef}
          id={id}
          name={fieldName}
          // A draft: the form's coupon is the code applied, not what the box holds.
          data-draft=""
          type="text"
          className={fieldStyles.input}
          value={draft}
          maxLength={COUPON_MAX_LENGTH}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          onChange={(event) => {
            setDraft(event.target.value)
            if (localError) setLocalError(null)
          }}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : status ? `${id}-status` : undefined}
        />
        <Button variant="secondary" onClick={apply}>
          Apply
        </Button>
      </div>
      <FieldError id={`${id}-error`} message={error} />
      <div className={styles.couponStatusRow}>
        <p id={`${id}-status`} className={styles.couponStatus} role="status">
          {status && !error ? status : ''}
        </p>
        {applied ? (
          <button type="button" className={styles.linkButton} onClick={remove}>
            Remove coupon {applied.toUpperCase()}
          </button>
        ) : null}
      </div>
    </div>
  )
}

/** The coupon box (house: an invalid code keeps the previous discount; carpet: clears it, and has a help line). */
export function CouponSection({industry, onInvalid}: {industry: 'house' | 'carpet'; onInvalid: 'keep' | 'clear'}) {
  const control = useBookingFormContext().control as unknown as Control<FieldValues, unknown, unknown>
  const texts = useBookingTexts()
  const help = industry === 'carpet' ? (texts as BookingFormTexts<'carpet'>).couponHelp : undefined
  return (
    <FormSection heading={texts.couponHeading} description={help}>
      <CouponField control={control} name="coupon" industry={industry} onInvalid={onInvalid} />
    </FormSection>
  )
}
