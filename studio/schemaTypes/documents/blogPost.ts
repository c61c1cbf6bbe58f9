import {DocumentTextIcon} from '@sanity/icons/DocumentText'
import {defineField, defineType} from 'sanity'
import {checkArticleSlug} from '../../lib/slugs'

/** An article of the Blogs section, at /blog/[slug]. */
export const blogPost = defineType({
  name: 'blogPost',
  title: 'Blog post',
  type: 'document',
  icon: DocumentTextIcon,
  fields: [
    defineField({name: 'title', type: 'string', validation: (rule) => rule.required().min(10).max(100)}),
    defineField({
      name: 'slug',
      description: 'The article address: /blog/your-slug.',
      type: 'slug',
      options: {source: 'title', maxLength: 80},
      validation: (rule) =>
        rule.required().custom((slug) => checkArticleSlug(slug?.current)),
    }),
    defineField({
      name: 'legacyNumber',
      description: 'The number of the old address (/blog1 … /blog6), which now redirects here. Leave empty for new articles.',
      type: 'number',
      validation: (rule) =>
        rule
          .integer()
          .min(1)
          .max(6)
          .custom(async (value, context) => {
            if (value === undefined || value === null) return true
            const id = (context.document?._id ?? '').replace(/^drafts\./, '')
            const client = context.getClient({apiVersion: '2025-01-01'})
            const taken = await client.fetch<number>(
              'count(*[_type == "blogPost" && legacyNumber == $value && !(_id in [$id, "drafts." + $id])])',
              {value, id},
            )
            return taken === 0 ? true : 'Another article already has this number'
          }),
    }),
    defineField({name: 'publishedAt', type: 'date', validation: (rule) => rule.required()}),
    defineField({name: 'author', type: 'string', validation: (rule) => rule.required().max(60)}),
    defineField({
      name: 'teaser',
      description: 'One or two sentences for the Blogs list and search results.',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().min(50).max(200),
    }),
    defineField({name: 'heroImage', type: 'accessibleImage'}),
    defineField({name: 'body', type: 'articleBody', validation: (rule) => rule.required().min(5)}),
  ],
  orderings: [{title: 'Published, newest first', name: 'published', by: [{field: 'publishedAt', direction: 'desc'}]}],
  preview: {
    select: {title: 'title', publishedAt: 'publishedAt', slug: 'slug.current', media: 'heroImage'},
    prepare: ({title, publishedAt, slug, media}) => ({title, subtitle: `${publishedAt ?? 'No date'} · /blog/${slug ?? '…'}`, media}),
  },
})
