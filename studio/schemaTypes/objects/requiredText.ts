import {defineField} from 'sanity'

/** Lengths of the one-line texts pages show: a button or link label, a heading, a sentence. */
export const TEXT_LENGTH = {label: 40, heading: 80, sentence: 200} as const

/** A one-line text a page cannot show without: required, at most `max` characters. */
export function requiredText(name: string, title: string, description?: string, max: number = TEXT_LENGTH.sentence) {
  return defineField({name, title, description, type: 'string', validation: (rule) => rule.required().max(max)})
}
