import type {FieldErrors, FieldValues} from 'react-hook-form'

/** Helpers the site's forms share (booking and lead forms): keys, error paths, focus. Browser only. */

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
 * The control of a field path in the form (the checked radio of a group), or null. A field that is
 * not a form control (the booking forms' date calendar) marks its focusable container with
 * `data-field`, used when none of its parts carries the name.
 */
export function controlFor(form: HTMLFormElement, path: string): HTMLElement | null {
  const named = Array.from(form.querySelectorAll<HTMLElement>(`[name="${CSS.escape(path)}"]`))
  if (named.length === 0) return form.querySelector<HTMLElement>(`[data-field="${CSS.escape(path)}"]`)
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

