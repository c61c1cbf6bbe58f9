import {HelpCircleIcon} from '@sanity/icons/HelpCircle'
import {defineType} from 'sanity'
import {questionAndAnswerFields} from '../objects/questionAnswer'

/** A frequently asked question, listed on the home page and the FAQs page. */
export const faqItem = defineType({
  name: 'faqItem',
  title: 'FAQ item',
  type: 'document',
  icon: HelpCircleIcon,
  fields: questionAndAnswerFields,
  preview: {select: {title: 'question'}},
})
