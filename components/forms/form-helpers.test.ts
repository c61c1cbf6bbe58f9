// @vitest-environment jsdom
import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {controlFor, errorPaths, focusFirstInvalid} from './form-helpers'

/*
 * Where a form's messages are focused: every field the form knows has a place, even a radio group
 * with no options yet (a booking form's arrival windows before a date is chosen), so a missing
 * answer there is a field error, not a "reload the page" banner.
 */

function formFrom(html: string): HTMLFormElement {
  const form = document.createElement('form')
  form.innerHTML = html
  document.body.append(form)
  return form
}

const WINDOWS_WITHOUT_OPTIONS = `
  <fieldset data-field="arrivalWindow" tabindex="-1"><legend>Arrival window</legend><p>Choose a date first.</p></fieldset>`
const WINDOWS_WITH_OPTIONS = `
  <fieldset data-field="arrivalWindow" tabindex="-1"><legend>Arrival window</legend>
    <input type="radio" name="arrivalWindow" value="08:00-10:00">
    <input type="radio" name="arrivalWindow" value="10:00-12:00" checked>
  </fieldset>`

beforeEach(() => {
  // Browser APIs jsdom lacks, used after focusing.
  Element.prototype.scrollIntoView = function scrollIntoView() {}
  window.matchMedia = ((query: string) => ({matches: false, media: query})) as unknown as typeof window.matchMedia
})

afterEach(() => {
  document.body.replaceChildren()
})

describe('controlFor', () => {
  it("finds a radio group's checked radio, else its first", () => {
    const form = formFrom(`${WINDOWS_WITH_OPTIONS}<input name="tip" type="radio" value="0%"><input name="tip" type="radio" value="10%">`)
    expect((controlFor(form, 'arrivalWindow') as HTMLInputElement).value).toBe('10:00-12:00')
    expect((controlFor(form, 'tip') as HTMLInputElement).value).toBe('0%')
  })

  it('finds the place of a field that has no control yet (a group with no options)', () => {
    const form = formFrom(WINDOWS_WITHOUT_OPTIONS)
    expect(controlFor(form, 'arrivalWindow')?.tagName).toBe('FIELDSET')
  })

  it("with target 'field', finds the field as a whole even when its controls are there", () => {
    const form = formFrom(`${WINDOWS_WITH_OPTIONS}<input name="email">`)
    expect(controlFor(form, 'arrivalWindow', 'field')?.tagName).toBe('FIELDSET')
    // A field with no place of its own is its control.
    expect(controlFor(form, 'email', 'field')?.tagName).toBe('INPUT')
  })

  it('answers null for a path the form has nowhere (a broken request)', () => {
    const form = formFrom(`${WINDOWS_WITHOUT_OPTIONS}<input name="email">`)
    expect(controlFor(form, 'idempotencyKey')).toBeNull()
    expect(controlFor(form, 'idempotencyKey', 'field')).toBeNull()
  })

  it('matches names exactly, whatever characters they hold', () => {
    const form = formFrom(`<input name='instructions.howClean'><input name='say "hi"'><div data-field='a]b' tabindex="-1"></div>`)
    expect(controlFor(form, 'instructions.howClean')?.getAttribute('name')).toBe('instructions.howClean')
    expect(controlFor(form, 'say "hi"')?.getAttribute('name')).toBe('say "hi"')
    expect(controlFor(form, 'a]b')?.dataset.field).toBe('a]b')
    expect(controlFor(form, 'instructions')).toBeNull()
  })
})

describe('focusFirstInvalid', () => {
  it('focuses the first field in error in page order, not in the order of the messages', () => {
    const form = formFrom(`<input name="service" type="radio" value="Deep">${WINDOWS_WITHOUT_OPTIONS}<input name="email">`)
    expect(focusFirstInvalid(form, ['email', 'arrivalWindow'])).toBe(true)
    expect(document.activeElement?.tagName).toBe('FIELDSET')
    expect(focusFirstInvalid(form, ['email', 'arrivalWindow', 'service'])).toBe(true)
    expect(document.activeElement?.getAttribute('name')).toBe('service')
  })

  it("focuses a radio group's checked radio, or with target 'field' the group itself", () => {
    const form = formFrom(WINDOWS_WITH_OPTIONS)
    focusFirstInvalid(form, ['arrivalWindow'])
    expect((document.activeElement as HTMLInputElement).value).toBe('10:00-12:00')
    focusFirstInvalid(form, ['arrivalWindow'], 'field')
    expect(document.activeElement?.tagName).toBe('FIELDSET')
  })

  it('focuses nothing when no path has a place in the form', () => {
    const form = formFrom('<input name="email">')
    expect(focusFirstInvalid(form, ['idempotencyKey'])).toBe(false)
    expect(document.activeElement).toBe(document.body)
    expect(focusFirstInvalid(null, ['email'])).toBe(false)
  })
})

describe('errorPaths', () => {
  it("lists every nested error's path, and none for an empty errors object", () => {
    expect(
      errorPaths({
        date: {type: 'too_small', message: 'Please select a date.'},
        instructions: {howClean: {type: 'invalid_value', message: 'Missing answer'}},
      }),
    ).toEqual(['date', 'instructions.howClean'])
    expect(errorPaths({})).toEqual([])
  })
})
