import {accessibleImage} from './objects/accessibleImage'
import {bookingFormTexts} from './objects/bookingFormTexts'
import {bookingFormMessages, bookingMessages} from './objects/bookingMessages'
import {callToAction} from './objects/callToAction'
import {questionAnswer} from './objects/questionAnswer'
import {articleBody, PLAIN_PAGE_TYPES, richText} from './objects/richText'
import {seo} from './objects/seo'
import {titledText} from './objects/titledText'
import {blogPost} from './documents/blogPost'
import {availability} from './documents/availability'
import {bookingForms} from './documents/bookingForms'
import {bookingPage} from './documents/bookingPage'
import {emailSettings} from './documents/emailSettings'
import {faqItem} from './documents/faqItem'
import {appointmentPage, formSettings} from './documents/forms'
import {homePage} from './documents/homePage'
import {navigation} from './documents/navigation'
import {notFoundPage} from './documents/notFoundPage'
import {paymentPages} from './documents/paymentPages'
import {aboutPage, blogsPage, contactPage, faqsPage, legalPage} from './documents/pages'
import {popularQuestion} from './documents/popularQuestion'
import {reviewSample} from './documents/reviewSample'
import {serviceCard} from './documents/serviceCard'
import {servicePage} from './documents/servicePage'
import {siteSettings} from './documents/siteSettings'
import {testimonial} from './documents/testimonial'
import {trust} from './documents/trust'
import {textMessages} from './documents/textMessages'

/** Documents with exactly one instance; their _id equals their type name. */
export const SINGLETON_TYPES = [
  'siteSettings',
  'homePage',
  ...PLAIN_PAGE_TYPES,
  'formSettings',
  'emailSettings',
  'paymentPages',
  'bookingForms',
  'availability',
  'navigation',
  'notFoundPage',
  'trust',
  'textMessages',
] as const

export const schemaTypes = [
  // objects
  accessibleImage,
  bookingFormTexts,
  bookingMessages,
  bookingFormMessages,
  callToAction,
  questionAnswer,
  richText,
  articleBody,
  seo,
  titledText,
  // documents
  siteSettings,
  homePage,
  aboutPage,
  faqsPage,
  contactPage,
  blogsPage,
  legalPage,
  appointmentPage,
  formSettings,
  emailSettings,
  paymentPages,
  navigation,
  notFoundPage,
  bookingForms,
  availability,
  bookingPage,
  servicePage,
  serviceCard,
  testimonial,
  trust,
  faqItem,
  blogPost,
  reviewSample,
  popularQuestion,
  textMessages,
]
