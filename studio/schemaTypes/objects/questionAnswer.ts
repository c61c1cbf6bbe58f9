import {HelpCircleIcon} from '@sanity/icons/HelpCircle'
import {defineArrayMember, defineField, defineType} from 'sanity'

/** A question and its answer as lines: the FAQ shape, shared by FAQ items and inline questions. */
export const questionAndAnswerFields = [
  defineField({
    name: 'question',
    type: 'string',
    validation: (rule) => rule.required().min(8).max(160),
  }),
  defineField({
    name: 'answer',
    description: 'Each line is shown as its own paragraph.',
    type: 'array',
    of: [defineArrayMember({type: 'text', rows: 3})],
    validation: (rule) => rule.required().min(1).max(6),
  }),
]

/** A question with its answer as a list of lines (the FAQ shape), used inline on service pages. */
export const questionAnswer = defineType({
  name: 'questionAnswer',
  title: 'Question and answer',
  type: 'object',
  icon: HelpCircleIcon,
  fields: questionAndAnswerFields,
  preview: {select: {title: 'question'}},
})
