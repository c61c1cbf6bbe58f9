import {describe, expect, it} from 'vitest'
import {ALL_CONTENT_TAG, SERVICE_MENU_TAG, tagsToRefresh} from './cache-tags'

describe('tagsToRefresh', () => {
  it('an article: its own page and what lists articles, not every page', () => {
    expect(tagsToRefresh({_id: 'blogPost-3', _type: 'blogPost', slug: 'roof-moss'})).toEqual(['blogPost', 'blogPost:roof-moss'])
  })

  it('a renamed article also refreshes its old address (so it stops answering)', () => {
    expect(tagsToRefresh({_type: 'blogPost', slug: 'new', previousSlug: 'old'})).toEqual(['blogPost', 'blogPost:new', 'blogPost:old'])
  })

  it('a service page refreshes the Services menu unless the webhook says its menu fields did not change', () => {
    expect(tagsToRefresh({_type: 'servicePage', slug: 'deep-cleaning'})).toEqual(['servicePage', 'servicePage:deep-cleaning', SERVICE_MENU_TAG])
    expect(tagsToRefresh({_type: 'servicePage', slug: 'deep-cleaning', menuChanged: true})).toContain(SERVICE_MENU_TAG)
    expect(tagsToRefresh({_type: 'servicePage', slug: 'deep-cleaning', menuChanged: false})).toEqual(['servicePage', 'servicePage:deep-cleaning'])
  })

  it('singletons and shared documents: their type', () => {
    expect(tagsToRefresh({_id: 'siteSettings', _type: 'siteSettings'})).toEqual(['siteSettings'])
    expect(tagsToRefresh({_id: 'faq-1', _type: 'faqItem'})).toEqual(['faqItem'])
    expect(tagsToRefresh({_id: 'drafts.homePage', _type: 'homePage'})).toEqual(['homePage'])
  })

  it('refreshes everything when it cannot tell what changed', () => {
    for (const document of [null, {}, {_type: 'pricingTable'}, {_type: 42}, {_type: 'blogPost'}, {_type: 'servicePage', slug: ''}, {_type: 'x'.repeat(300)}]) {
      expect(tagsToRefresh(document)).toEqual([ALL_CONTENT_TAG])
    }
  })
})
