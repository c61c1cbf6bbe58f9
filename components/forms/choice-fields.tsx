'use client'

import {useId, useRef, type ReactNode} from 'react'
import {useController, type Control, type FieldPath, type FieldValues} from 'react-hook-form'
import {ErrorIcon} from './ErrorIcon'
import styles from './fields.module.css'

/*
 * The fields' shared parts, the radio cards and the sections (fields.tsx says how fields work and
 * has them all): a module of its own, so a page whose first form section has only radio cards
 * (a booking form's) loads just these with the page, and the other fields when they are used.
 */

/** The props every field shares. */
export type FieldProps<T extends FieldValues, N extends FieldPath<T>> = {
  control: Control<T, unknown, unknown>
  name: N
  label: ReactNode
  /** Help text under the label, read with the control. */
  description?: ReactNode
  /** Marks the control aria-required and shows a "(required)" hint. */
  required?: boolean
  className?: string
}

export function join(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ')
}

export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ')
  return list || undefined
}

/** The error line under a control. Rendered only with a message. */
/**
 * A field's controller, its id, its error message, and what its control says of it: required,
 * invalid while it has an error, described by its description and its error.
 */
export function useField<T extends FieldValues, N extends FieldPath<T>>({control, name, required, description}: Pick<FieldProps<T, N>, 'control' | 'name' | 'required' | 'description'>) {
  const {field, fieldState} = useController({control, name})
  const id = useId()
  const error = fieldState.error?.message
  const aria = {
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(description ? `${id}-desc` : null, error && `${id}-error`),
  }
  return {field, id, error, aria}
}

export function FieldError({id, message}: {id: string; message?: string}) {
  if (!message) return null
  return (
    <p id={id} className={styles.error}>
      <ErrorIcon size={18} className={styles.errorIcon} />
      <span>{message}</span>
    </p>
  )
}

export function RequiredHint({required}: {required?: boolean}) {
  return required ? <span className={styles.requiredHint}> (required)</span> : null
}

/** An option: a plain value (shown as its own label) or a value with a label. */
export type ChoiceOption<V extends string | number = string | number> = V | {value: V; label: ReactNode; description?: ReactNode}

export function normalizeOption<V extends string | number>(option: ChoiceOption<V>): {value: V; label: ReactNode; description?: ReactNode} {
  return typeof option === 'object' ? option : {value: option, label: String(option)}
}


// ---------------------------------------------------------------------------------------------
// Radio cards
// ---------------------------------------------------------------------------------------------

export type RadioCardGroupProps<T extends FieldValues, N extends FieldPath<T>> = Omit<FieldProps<T, N>, 'label'> & {
  /** The group's name, in the <legend>. */
  legend: ReactNode
  /**
   * Render the legend as a heading of this level (a form section that is one question: "Services").
   * Default: plain legend text.
   */
  headingLevel?: 2 | 3 | 4
  options: readonly ChoiceOption<string>[]
  /** Minimum card width; cards wrap to as many columns as fit (default "10rem"). */
  minCardWidth?: string
  /** compact = small pills for short answers (tips, instruction questions). */
  size?: 'card' | 'compact'
  /** Shown instead of the options when there are none (e.g. "Choose a service first."). */
  emptyText?: ReactNode
  /** Called after the customer picks a value (e.g. to clear a dependent field). */
  onValueChange?: (value: string) => void
}

/**
 * A set of radio buttons drawn as cards, in a fieldset with a legend. Native radios: Tab enters the
 * group, arrow keys move the choice. The description and error are tied to the fieldset (its
 * description: ARIA has no invalid state for a group), which can take focus (`data-field`), even
 * with no options to show.
 */
export function RadioCardGroup<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  legend,
  headingLevel,
  description,
  required,
  className,
  options,
  minCardWidth = '10rem',
  size = 'card',
  emptyText,
  onValueChange,
}: RadioCardGroupProps<T, N>) {
  const {field: {ref: fieldRef, name: fieldName, value: fieldValue, onChange, onBlur}, id, error, aria} = useField({control, name, required, description})
  const inputs = useRef<(HTMLInputElement | null)[]>([])
  const value = fieldValue as string | null | undefined
  const Heading = headingLevel ? (`h${headingLevel}` as const) : null
  const normalized = options.map(normalizeOption)

  // react-hook-form focuses a field through its ref: the checked radio, else the first.
  const focusTarget = useRef({
    focus: () => {
      const list = inputs.current.filter((input): input is HTMLInputElement => input !== null)
      ;(list.find((input) => input.checked) ?? list[0])?.focus()
    },
  })

  return (
    <fieldset
      ref={() => fieldRef(focusTarget.current)}
      className={join(styles.fieldset, className)}
      // The group's place (form-helpers controlFor): its message is shown and focused here while it
      // has no options yet, or when the server refused the option chosen (which may then go).
      data-field={fieldName}
      tabIndex={-1}
      aria-describedby={aria['aria-describedby']}
    >
      <legend className={join(styles.legend, Heading && styles.legendHeading)}>
        {Heading ? (
          <Heading className={styles.legendHeadingText}>
            {legend}
            <RequiredHint required={required} />
          </Heading>
        ) : (
          <>
            {legend}
            <RequiredHint required={required} />
          </>
        )}
      </legend>
      {description ? (
        <p id={`${id}-desc`} className={styles.description}>
          {description}
        </p>
      ) : null}
      {normalized.length === 0 && emptyText ? <p className={styles.emptyText}>{emptyText}</p> : null}
      <div
        className={join(styles.radioGrid, size === 'compact' && styles.radioGridCompact)}
        style={{['--min-card' as string]: size === 'compact' ? undefined : minCardWidth}}
      >
        {normalized.map((option, index) => {
          const optionId = `${id}-${index}`
          const checked = value === option.value
          return (
            <label
              key={option.value}
              htmlFor={optionId}
              className={join(styles.radioCard, size === 'compact' && styles.radioCompact)}
              data-checked={checked || undefined}
            >
              <input
                ref={(element) => {
                  inputs.current[index] = element
                }}
                id={optionId}
                type="radio"
                className={styles.radioInput}
                name={fieldName}
                value={option.value}
                checked={checked}
                onChange={() => {
                  onChange(option.value)
                  onValueChange?.(option.value)
                }}
                onBlur={onBlur}
                required={required}
                aria-describedby={option.description ? `${optionId}-desc` : undefined}
              />
              <span className={styles.radioMark} aria-hidden="true" />
              <span className={styles.radioText}>
                <span className={styles.radioLabel}>{option.label}</span>
                {option.description ? (
                  <span id={`${optionId}-desc`} className={styles.radioDescription}>
                    {option.description}
                  </span>
                ) : null}
              </span>
            </label>
          )
        })}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  )
}

// ---------------------------------------------------------------------------------------------
// Sections
// ---------------------------------------------------------------------------------------------

export type FormSectionProps = {
  /** The section's heading (an h2 unless headingLevel says otherwise). */
  heading: ReactNode
  headingLevel?: 2 | 3
  /** A short line under the heading. */
  description?: ReactNode
  /** Lay the fields out in a responsive grid (two columns where they fit). */
  grid?: boolean
  className?: string
  children: ReactNode
}

/** One titled step of a booking form ("Customer Details"). */
export function FormSection({heading, headingLevel = 2, description, grid = false, className, children}: FormSectionProps) {
  const id = useId()
  const Heading = `h${headingLevel}` as const
  return (
    <section className={join(styles.section, className)} aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`} className={styles.sectionHeading}>
        {heading}
      </Heading>
      {description ? <p className={styles.sectionDescription}>{description}</p> : null}
      <div className={grid ? styles.sectionGrid : styles.sectionBody}>{children}</div>
    </section>
  )
}

/** Layout helpers for fields inside a `FormSection grid`: `wide` spans the whole row. */
export const fieldLayout = {wide: styles.wide} as const

/** A section whose only content is one RadioCardGroup with `headingLevel={2}` (its legend is the heading). */
export function FieldsetSection({className, children}: {className?: string; children: ReactNode}) {
  return <div className={join(styles.section, className)}>{children}</div>
}
