import {CommentIcon} from '@sanity/icons/Comment'
import {defineField, defineType} from 'sanity'
import {TEXT_TOKENS, unknownTextTokens} from '../../../lib/texts/tokens'

/** A text's sentence: short (a text is 160 characters; the business's name and the opt-out line go with it). */
function sentence(name: string, title: string, description: string) {
  const tokens = TEXT_TOKENS.map((token) => `{${token}}`).join(', ')
  return defineField({
    name,
    title,
    description: `${description} Sent as "<business name>: <this> <opt-out line>". May use ${tokens}.`,
    type: 'string',
    validation: (rule) =>
      rule
        .required()
        .max(120)
        .custom((value) => {
          const unknown = typeof value === 'string' ? unknownTextTokens(value) : []
          return unknown.length === 0 ? true : `Unknown ${unknown.map((token) => `{${token}}`).join(', ')}: use ${tokens}`
        }),
  })
}

/**
 * The text messages sent to customers who ticked the booking form's consent box: a reminder the
 * day before a visit and "your crew is on its way". One document.
 */
export const textMessages = defineType({
  name: 'textMessages',
  title: 'Text messages',
  type: 'document',
  icon: CommentIcon,
  fields: [
    sentence('visitReminder', 'Reminder the day before a visit', 'Sent at 6 pm the day before (never 9 pm – 8 am).'),
    sentence('crewOnTheWay', 'Crew on its way', 'Sent when the office marks the visit started.'),
    defineField({
      name: 'optOutLine',
      title: 'Opt-out line',
      description: 'Ends every text. Carriers require it to say how to stop: keep "Reply STOP".',
      type: 'string',
      validation: (rule) =>
        rule
          .required()
          .max(40)
          .custom((value) => (typeof value === 'string' && /\bSTOP\b/.test(value) ? true : 'Keep "STOP" in the line: it is how customers opt out.')),
    }),
  ],
  preview: {prepare: () => ({title: 'Text messages'})},
})
