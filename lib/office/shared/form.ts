import {BodyTooLargeError, readTextWithLimit} from '../../request-body.ts'

/**
 * An office form post (application/x-www-form-urlencoded), read with a size cap: the office's forms
 * are short (a note is the longest field). Null when too large or not a form. Plain TypeScript.
 */
export const OFFICE_FORM_MAX_BYTES = 32 * 1024

export async function readOfficeForm(request: Request, maxBytes = OFFICE_FORM_MAX_BYTES): Promise<URLSearchParams | null> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
  if (type !== 'application/x-www-form-urlencoded') return null
  try {
    return new URLSearchParams(await readTextWithLimit(request, maxBytes))
  } catch (error) {
    if (error instanceof BodyTooLargeError) return null
    throw error
  }
}

/** One field's text, trimmed ('' when absent). */
export function formField(form: URLSearchParams, name: string): string {
  return (form.get(name) ?? '').trim()
}
