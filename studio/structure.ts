import type {StructureResolver} from 'sanity/structure'

/** The Studio's left-hand list: one entry per singleton page, then the repeatable documents. */
export const structure: StructureResolver = (S) =>
  S.list()
    .title('Content')
    .items([
      S.listItem().title('Site settings').id('siteSettings').child(S.document().schemaType('siteSettings').documentId('siteSettings')),
      S.listItem().title('Home page').id('homePage').child(S.document().schemaType('homePage').documentId('homePage')),
      S.documentTypeListItem('servicePage').title('Service pages'),
      S.documentTypeListItem('blogPost').title('Blog posts'),
      S.divider(),
      S.listItem().title('About page').id('aboutPage').child(S.document().schemaType('aboutPage').documentId('aboutPage')),
      S.listItem().title('FAQs page').id('faqsPage').child(S.document().schemaType('faqsPage').documentId('faqsPage')),
      S.listItem().title('Contact page').id('contactPage').child(S.document().schemaType('contactPage').documentId('contactPage')),
      S.listItem().title('Blogs page').id('blogsPage').child(S.document().schemaType('blogsPage').documentId('blogsPage')),
      S.listItem().title('Legal page').id('legalPage').child(S.document().schemaType('legalPage').documentId('legalPage')),
      S.listItem().title('Appointment page').id('appointmentPage').child(S.document().schemaType('appointmentPage').documentId('appointmentPage')),
      S.divider(),
      S.listItem().title('Forms').id('formSettings').child(S.document().schemaType('formSettings').documentId('formSettings')),
      S.listItem().title('E-mails').id('emailSettings').child(S.document().schemaType('emailSettings').documentId('emailSettings')),
      S.divider(),
      S.documentTypeListItem('serviceCard').title('Service cards'),
      S.documentTypeListItem('testimonial').title('Testimonials'),
      S.documentTypeListItem('faqItem').title('FAQ items'),
      S.documentTypeListItem('reviewSample').title('Booking sidebar reviews'),
      S.documentTypeListItem('popularQuestion').title('Booking sidebar questions'),
    ])
