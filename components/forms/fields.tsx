'use client'

import {useState, type ReactNode} from 'react'
import type {FieldPath, FieldValues} from 'react-hook-form'
import {join, normalizeOption, RequiredHint, useField, FieldError, type ChoiceOption, type FieldProps} from './choice-fields'
import styles from './fields.module.css'

/*
 * Form fields wired to react-hook-form. Every field takes the form's `control` and a typed `name`
 * (a react-hook-form path such as "firstName" or "instructions.howClean"); the DOM control carries
 * that name, so useBookingSubmit can focus the first invalid field in page order. Each field has a
 * visible label, an optional description and its error message right under the control, wired
 * with aria-invalid and aria-describedby.
 * The radio cards and sections are in choice-fields.tsx (exported here too).
 */

export {FieldError, FieldsetSection, FormSection, fieldLayout, RadioCardGroup, type ChoiceOption, type FieldProps, type FormSectionProps, type RadioCardGroupProps} from './choice-fields'

// ---------------------------------------------------------------------------------------------
// Text, e-mail, phone, date
// ---------------------------------------------------------------------------------------------

/**
 * The frame of a labelled single control (text, textarea, select): label with its required hint,
 * optional description, the control, and its error, wired by ids (see describedByFor).
 */
function LabelledField({
  id,
  label,
  required,
  description,
  error,
  className,
  children,
}: {
  id: string
  label: ReactNode
  required?: boolean
  description?: ReactNode
  error?: string
  className?: string
  children: ReactNode
}) {
  return (
    <div className={join(styles.field, className)}>
      <label htmlFor={id} className={styles.label}>
        {label}
        <RequiredHint required={required} />
      </label>
      {description ? (
        <p id={`${id}-desc`} className={styles.description}>
          {description}
        </p>
      ) : null}
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}

export type TextFieldProps<T extends FieldValues, N extends FieldPath<T>> = FieldProps<T, N> & {
  type?: 'text' | 'email' | 'tel' | 'date' | 'datetime-local'
  autoComplete?: string
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal' | 'search' | 'url' | 'none'
  maxLength?: number
  placeholder?: string
  /** For type="date" (YYYY-MM-DD) and "datetime-local" (YYYY-MM-DDTHH:mm): earliest and latest value. */
  min?: string
  max?: string
  /** Called after each change of the value (e.g. to check it as it is typed). */
  onValueChange?: (value: string) => void
  /** Called when the field is left. */
  onLeave?: () => void
}

/** A single-line input (text, email, tel, date or date and time). The value is the text as typed. */
export function TextField<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  label,
  description,
  required,
  className,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  placeholder,
  min,
  max,
  onValueChange,
  onLeave,
}: TextFieldProps<T, N>) {
  const {field: {ref: fieldRef, name: fieldName, value: fieldValue, onChange, onBlur}, id, error, aria} = useField({control, name, required, description})
  return (
    <LabelledField id={id} label={label} required={required} description={description} error={error} className={className}>
      <input
        ref={fieldRef}
        id={id}
        name={fieldName}
        type={type}
        className={styles.input}
        value={(fieldValue as string | null | undefined) ?? ''}
        onChange={(event) => {
          onChange(event.target.value)
          onValueChange?.(event.target.value)
        }}
        onBlur={() => {
          onBlur()
          onLeave?.()
        }}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        placeholder={placeholder}
        min={min}
        max={max}
        {...aria}
      />
    </LabelledField>
  )
}

export type TextAreaFieldProps<T extends FieldValues, N extends FieldPath<T>> = FieldProps<T, N> & {
  rows?: number
  maxLength?: number
  placeholder?: string
}

/** A multi-line text (notes). */
export function TextAreaField<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  label,
  description,
  required,
  className,
  rows = 4,
  maxLength,
  placeholder,
}: TextAreaFieldProps<T, N>) {
  const {field: {ref: fieldRef, name: fieldName, value: fieldValue, onChange, onBlur}, id, error, aria} = useField({control, name, required, description})
  return (
    <LabelledField id={id} label={label} required={required} description={description} error={error} className={className}>
      <textarea
        ref={fieldRef}
        id={id}
        name={fieldName}
        rows={rows}
        className={join(styles.input, styles.textarea)}
        value={(fieldValue as string | null | undefined) ?? ''}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        maxLength={maxLength}
        placeholder={placeholder}
        {...aria}
      />
    </LabelledField>
  )
}

// ---------------------------------------------------------------------------------------------
// Select
// ---------------------------------------------------------------------------------------------

export type SelectFieldProps<T extends FieldValues, N extends FieldPath<T>> = FieldProps<T, N> & {
  options: readonly ChoiceOption<string | number>[]
  /** A first, empty option ("Select Option"); its value is ''. Omit when a value is always chosen. */
  placeholder?: string
  /** Store the chosen value as a number (counts, hours, minutes). */
  numeric?: boolean
  /** Called after the value changes (e.g. to clear a dependent field). */
  onValueChange?: (value: string | number) => void
}

/** A native <select>. Option labels are what is priced or stored. */
export function SelectField<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  label,
  description,
  required,
  className,
  options,
  placeholder,
  numeric = false,
  onValueChange,
}: SelectFieldProps<T, N>) {
  const {field: {ref: fieldRef, name: fieldName, value: fieldValue, onChange, onBlur}, id, error, aria} = useField({control, name, required, description})
  const value = fieldValue as string | number | null | undefined
  return (
    <LabelledField id={id} label={label} required={required} description={description} error={error} className={className}>
      <div className={styles.selectWrap}>
        <select
          ref={fieldRef}
          id={id}
          name={fieldName}
          className={join(styles.input, styles.select)}
          value={value == null || (typeof value === 'number' && Number.isNaN(value)) ? '' : String(value)}
          onChange={(event) => {
            const raw = event.target.value
            const next = numeric && raw !== '' ? Number(raw) : raw
            onChange(next)
            onValueChange?.(next)
          }}
          onBlur={onBlur}
          {...aria}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => {
            const {value: optionValue, label: optionLabel} = normalizeOption(option)
            return (
              <option key={String(optionValue)} value={String(optionValue)}>
                {typeof optionLabel === 'string' || typeof optionLabel === 'number' ? optionLabel : String(optionValue)}
              </option>
            )
          })}
        </select>
      </div>
    </LabelledField>
  )
}

// ---------------------------------------------------------------------------------------------
// Checkbox
// ---------------------------------------------------------------------------------------------

export type CheckboxFieldProps<T extends FieldValues, N extends FieldPath<T>> = FieldProps<T, N>

/**
 * One checkbox with its label beside it (the quote form's terms): the value is true or false. The
 * label may hold a link; the error sits under it, tied to the box.
 */
export function CheckboxField<T extends FieldValues, N extends FieldPath<T>>({control, name, label, description, required, className}: CheckboxFieldProps<T, N>) {
  const {field: {ref: fieldRef, name: fieldName, value: fieldValue, onChange, onBlur}, id, error, aria} = useField({control, name, required, description})
  return (
    <div className={join(styles.field, styles.checkboxField, className)}>
      <div className={styles.checkboxRow}>
        <input
          ref={fieldRef}
          id={id}
          name={fieldName}
          type="checkbox"
          className={styles.checkbox}
          checked={fieldValue === true}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={onBlur}
          {...aria}
        />
        <label htmlFor={id} className={styles.checkboxLabel}>
          {label}
          <RequiredHint required={required} />
        </label>
      </div>
      {description ? (
        <p id={`${id}-desc`} className={styles.description}>
          {description}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}

// ---------------------------------------------------------------------------------------------
// Count stepper
// ---------------------------------------------------------------------------------------------

export type CountStepperProps<T extends FieldValues, N extends FieldPath<T>> = FieldProps<T, N> & {
  min: number
  max: number
  /** Shown after the label, e.g. "$0.00 each". */
  note?: ReactNode
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value))
}

/**
 * A whole number between min and max: − and + buttons ("Decrease Blinds", "Increase Blinds") around
 * a number input. The buttons stop at the bounds; a typed value out of range is brought back into
 * it when the field is left, and never reaches the form outside the range.
 */
export function CountStepper<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  label,
  description,
  required,
  className,
  min,
  max,
  note,
}: CountStepperProps<T, N>) {
  const {field: {ref: fieldRef, name: fieldName, value: fieldValue, onChange, onBlur}, id, error, aria} = useField({control, name, required, description})
  const rawValue = fieldValue as unknown
  const value = typeof rawValue === 'number' && Number.isInteger(rawValue) ? clamp(rawValue, min, max) : min
  // The text being typed; null = show the form's value.
  const [draft, setDraft] = useState<string | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const labelText = typeof label === 'string' ? label : name

  function commit(next: number, announce: boolean) {
    const bounded = clamp(next, min, max)
    onChange(bounded)
    if (announce) setAnnouncement(`${labelText}: ${bounded}`)
  }

  return (
    <div className={join(styles.field, styles.stepperField, className)}>
      <div className={styles.stepperLabelWrap}>
        <label htmlFor={id} className={styles.label}>
          {label}
          <RequiredHint required={required} />
        </label>
        {note ? <span className={styles.stepperNote}>{note}</span> : null}
        {description ? (
          <p id={`${id}-desc`} className={styles.description}>
            {description}
          </p>
        ) : null}
      </div>
      <div className={styles.stepper}>
        <button
          type="button"
          className={styles.stepButton}
          aria-label={`Decrease ${labelText}`}
          aria-controls={id}
          disabled={value <= min}
          onClick={() => commit(value - 1, true)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          ref={fieldRef}
          id={id}
          name={fieldName}
          type="number"
          inputMode="numeric"
          className={styles.stepInput}
          min={min}
          max={max}
          step={1}
          value={draft ?? String(value)}
          onChange={(event) => {
            const text = event.target.value
            setDraft(text)
            const parsed = Number(text)
            if (text !== '' && Number.isInteger(parsed) && parsed >= min && parsed <= max) onChange(parsed)
          }}
          onBlur={() => {
            if (draft !== null) {
              const parsed = Number(draft)
              commit(draft.trim() === '' || !Number.isFinite(parsed) ? value : Math.round(parsed), false)
              setDraft(null)
            }
            onBlur()
          }}
          {...aria}
        />
        <button
          type="button"
          className={styles.stepButton}
          aria-label={`Increase ${labelText}`}
          aria-controls={id}
          disabled={value >= max}
          onClick={() => commit(value + 1, true)}
        >
          <span aria-hidden="true">+</span>
        </button>
        <span className="visually-hidden" aria-live="polite">
          {announcement}
        </span>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}

