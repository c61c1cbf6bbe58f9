import {BlockContentIcon} from '@sanity/icons/BlockContent'
import {DocumentIcon} from '@sanity/icons/Document'
import {defineArrayMember, defineField, defineType} from 'sanity'

/** The site's pages of one document each (its _id its type name) besides the home page, in the Studio's order. */
export const PLAIN_PAGE_TYPES = ['aboutPage', 'faqsPage', 'contactPage', 'blogsPage', 'legalPage', 'appointmentPage'] as const

/** Documents a rich-text link may point at: every page of the site that is a document. */
export const LINKABLE_TYPES = ['homePage', 'servicePage', 'blogPost', 'bookingPage', ...PLAIN_PAGE_TYPES] as const

const textBlock = defineArrayMember({
  type: 'block',
  styles: [
    {title: 'Paragraph', value: 'normal'},
    {title: 'Heading', value: 'h2'},
    {title: 'Subheading', value: 'h3'},
    {title: 'Quote', value: 'blockquote'},
  ],
  lists: [
    {title: 'Bullets', value: 'bullet'},
    {title: 'Numbered', value: 'number'},
  ],
  marks: {
    decorators: [
      {title: 'Strong', value: 'strong'},
      {title: 'Emphasis', value: 'em'},
    ],
    annotations: [
      // A page of the site by reference: its address follows the page's slug, and a link to a
      // deleted page is refused on publish.
      defineArrayMember({
        name: 'internalLink',
        type: 'object',
        title: 'Link to a page',
        icon: DocumentIcon,
        fields: [
          defineField({
            name: 'reference',
            title: 'Page',
            type: 'reference',
            to: LINKABLE_TYPES.map((type) => ({type})),
            validation: (rule) => rule.required(),
          }),
        ],
      }),
      defineArrayMember({
        name: 'link',
        type: 'object',
        title: 'Link to an address',
        description: 'Another site, an e-mail address (mailto:) or a phone number (tel:). For a page of this site use "Link to a page".',
        fields: [
          defineField({
            name: 'href',
            type: 'url',
            validation: (rule) =>
              rule.required().uri({allowRelative: true, scheme: ['http', 'https', 'mailto', 'tel']}),
          }),
        ],
      }),
    ],
  },
})

/** Portable Text for pages and legal text: headings, lists, emphasis and links; no raw HTML. */
export const richText = defineType({
  name: 'richText',
  title: 'Rich text',
  type: 'array',
  icon: BlockContentIcon,
  of: [textBlock],
})

/** An article's text: rich text with pictures (each with its alternative text) between paragraphs. */
export const articleBody = defineType({
  name: 'articleBody',
  title: 'Article text',
  type: 'array',
  icon: BlockContentIcon,
  of: [textBlock, defineArrayMember({type: 'accessibleImage'})],
})
