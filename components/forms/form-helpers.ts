import type {FormEvent, RefObject} from 'react'
import type {FieldErrors, FieldValues} from 'react-hook-form'

/** Helpers the site's forms share (booking and lead forms): keys, error paths, focus. Browser only. */

/** Spread onto a site form's <form>: its ref, onSubmit and noValidate (the schemas' messages, not the browser's). */
export type FormProps = {
  ref: RefObject<HTMLFormElement | null>
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  noValidate: true
  /**
   * POST, so that a submission before the page's JavaScript has started never puts the visitor's
   * details into a URL (the query string of a GET).
   */
  method: 'post'
  /** Present once the form is interactive (hydrated): tests wait for `form[data-interactive]`. */
  'data-interactive': '' | undefined
}

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

/**
 * How a field is reached: `control` = its control (the checked radio of a group, else the first);
 * `field` = the field as a whole, its place marked `data-field` (a radio group's fieldset, the
 * booking calendar's group) where it has one, for a value the server refused: the refused option
 * may be about to go (a window taken meanwhile leaves the offer), its field stays.
 */
export type FieldTarget = 'control' | 'field'

/**
 * The element of a field path in the form, or null when the form has no such field. Every field
 * component marks its place with `data-field` where its controls may be missing (a radio group whose
 * options wait for another answer, a calendar still loading): that place is used when none of its
 * parts carries the name, so such a field's message is shown and focused beside it like any other.
 */
export function controlFor(form: HTMLFormElement, path: string, target: FieldTarget = 'control'): HTMLElement | null {
  // Compared as strings, not put into a selector: a path may hold any character.
  const place = Array.from(form.querySelectorAll<HTMLElement>('[data-field]')).find((element) => element.dataset.field === path) ?? null
  if (target === 'field' && place) return place
  const named = Array.from(form.querySelectorAll<HTMLElement>('[name]')).filter((element) => element.getAttribute('name') === path)
  if (named.length === 0) return place
  return named.find((element) => element instanceof HTMLInputElement && element.checked) ?? named[0]
}

/** Focuses the element of the first of `paths` in page order (and scrolls it into view). */
export function focusFirstInvalid(form: HTMLFormElement | null, paths: readonly string[], target: FieldTarget = 'control'): boolean {
  if (!form) return false
  const controls = paths.map((path) => controlFor(form, path, target)).filter((element): element is HTMLElement => element !== null)
  if (controls.length === 0) return false
  controls.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
  const element = controls[0]
  element.focus({preventScroll: true})
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches
  element.scrollIntoView({block: 'center', behavior: smooth ? 'smooth' : 'auto'})
  return true
}
