import {describe, expect, it} from 'vitest'
import {schemaTypes} from '../schemaTypes'
import {locations, mainDocuments} from './resolve'

type Resolver = {select?: Record<string, string>; resolve?: (doc: Record<string, unknown> | null) => {locations?: {href: string}[]} | null | undefined | void; locations?: {href: string}[]}

const hrefs = (type: string, doc: Record<string, unknown> | null = null) => {
  const resolver = (locations as Record<string, Resolver>)[type]
  const state = resolver.resolve ? resolver.resolve(doc) : resolver
  return state?.locations?.map((location) => location.href) ?? []
}

describe('the Presentation tool', () => {
  it('knows where every document type of the schema shows', () => {
    const documentTypes = schemaTypes.filter((type) => type.type === 'document').map((type) => type.name)
    expect(documentTypes.length).toBeGreaterThan(15)
    expect(documentTypes.filter((type) => !(type in (locations as object)))).toEqual([])
  })

  it('opens each page type at its address', () => {
    expect(hrefs('homePage')).toEqual(['/'])
    expect(hrefs('servicePage', {title: 'Roof Cleaning', slug: 'roof-cleaning'})).toEqual(['/roof-cleaning', '/'])
    expect(hrefs('servicePage', {title: 'Untitled', slug: null})).toEqual([])
    expect(hrefs('blogPost', {title: 'Moss', slug: 'roof-moss'})).toEqual(['/blog/roof-moss', '/blogs'])
    expect(hrefs('aboutPage')).toEqual(['/about'])
    expect(hrefs('faqsPage')).toEqual(['/faqs'])
    expect(hrefs('contactPage')).toEqual(['/contact'])
    expect(hrefs('blogsPage')).toEqual(['/blogs'])
    expect(hrefs('legalPage')).toEqual(['/legal'])
    expect(hrefs('appointmentPage')).toEqual(['/appointment'])
    expect(hrefs('faqItem')).toEqual(['/faqs', '/'])
    expect(hrefs('siteSettings')).toContain('/')
  })

  it("shows a review or popular question on its booking form's page", () => {
    expect(hrefs('reviewSample', {form: 'carpet'})).toEqual(['/carpet_cleaning'])
    expect(hrefs('popularQuestion', {form: 'commercial'})).toEqual(['/commercial_cleaning'])
    expect(hrefs('reviewSample', {form: null})).toHaveLength(4)
  })

  it('maps routes back to their documents', () => {
    const routes = mainDocuments.map((document) => document.route)
    expect(routes).toEqual(expect.arrayContaining(['/', '/blog/:slug', '/:slug', '/about', '/faqs', '/contact', '/blogs', '/legal', '/appointment']))
  })
})
