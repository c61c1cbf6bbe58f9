import {HelpCircleIcon} from '@sanity/icons/HelpCircle'
import {StarIcon} from '@sanity/icons/Star'
import {orderableDocumentListDeskItem} from '@sanity/orderable-document-list'
import type {StructureResolver} from 'sanity/structure'
import {BOOKING_FORMS} from './schemaTypes/documents/reviewSample'
import {CalendarIcon} from '@sanity/icons/Calendar'

/**
 * The Studio's left-hand list: one entry per singleton page, then the repeatable documents. Articles
 * list newest first; a booking form's reviews and popular questions are listed per form and ordered
 * by dragging (`orderRank`, which the site's query orders by).
 */
export const structure: StructureResolver = (S, context) => {
  const singleton = (type: string, title: string) =>
    S.listItem().title(title).id(type).child(S.document().schemaType(type).documentId(type))

  /** One drag-and-drop list per booking form, under one folder. */
  const perBookingForm = (type: 'reviewSample' | 'popularQuestion', title: string, icon: typeof StarIcon) =>
    S.listItem()
      .title(title)
      .id(type)
      .icon(icon)
      .child(
        S.list()
          .title(title)
          .items(
            BOOKING_FORMS.map(({title: formTitle, value}) =>
              orderableDocumentListDeskItem({
                type,
                id: `${type}-${value}`,
                title: formTitle,
                icon,
                filter: 'form == $form',
                params: {form: value},
                S,
                context,
              }),
            ),
          ),
      )

  return S.list()
    .title('Content')
    .items([
      singleton('siteSettings', 'Site settings'),
      singleton('navigation', 'Navigation'),
      singleton('homePage', 'Home page'),
      S.documentTypeListItem('servicePage').title('Service pages'),
      S.listItem()
        .title('Blog posts')
        .id('blogPost')
        .schemaType('blogPost')
        .child(
          S.documentTypeList('blogPost')
            .title('Blog posts')
            .defaultOrdering([
              {field: 'publishedAt', direction: 'desc'},
              {field: 'title', direction: 'asc'},
            ]),
        ),
      S.divider(),
      singleton('aboutPage', 'About page'),
      singleton('faqsPage', 'FAQs page'),
      singleton('contactPage', 'Contact page'),
      singleton('blogsPage', 'Blogs page'),
      singleton('legalPage', 'Legal page'),
      singleton('appointmentPage', 'In-home estimate page'),
      S.listItem()
        .title('Booking pages')
        .id('bookingPages')
        .icon(CalendarIcon)
        .child(
          S.list()
            .title('Booking pages')
            .items(
              BOOKING_FORMS.map(({title, value}) =>
                S.listItem().title(title).id(`bookingPage-${value}`).icon(CalendarIcon).child(S.document().schemaType('bookingPage').documentId(`bookingPage-${value}`)),
              ),
            ),
        ),
      singleton('bookingForms', 'Booking forms (texts of all four)'),
      singleton('availability', "Availability (each crew's days and arrival windows)"),
      singleton('paymentPages', 'Payment result pages'),
      singleton('notFoundPage', 'Page not found (404)'),
      singleton('trust', 'Trust (insurance, vetting, guarantee, rating)'),
      S.divider(),
      singleton('formSettings', 'Forms'),
      singleton('emailSettings', 'E-mails'),
      singleton('textMessages', 'Text messages'),
      S.divider(),
      S.documentTypeListItem('serviceCard').title('Service cards'),
      S.documentTypeListItem('testimonial').title('Testimonials'),
      S.documentTypeListItem('faqItem').title('FAQ items'),
      perBookingForm('reviewSample', 'Booking sidebar reviews', StarIcon),
      perBookingForm('popularQuestion', 'Booking sidebar questions', HelpCircleIcon),
    ])
}
