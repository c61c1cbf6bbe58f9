import {describe, expect, it} from 'vitest'
import {entryTags, isLastingEntry} from './lasting'
import {describeRedisUrl} from './redis-store'

describe('which cache entries last', () => {
  it('keeps pages and routes that exist, and content reads that found something', () => {
    expect(isLastingEntry({kind: 'APP_PAGE', status: 200})).toBe(true)
    expect(isLastingEntry({kind: 'APP_PAGE'})).toBe(true)
    expect(isLastingEntry({kind: 'APP_ROUTE', status: 200})).toBe(true)
    expect(isLastingEntry({kind: 'APP_PAGE', status: 308})).toBe(true)
    expect(isLastingEntry({kind: 'FETCH', data: {body: '{"post":null}'}})).toBe(true)
    expect(isLastingEntry({kind: 'FETCH', data: {body: '[]'}})).toBe(true)
  })

  it('never keeps the not-found page of a made-up address, a read that found nothing, or an empty entry', () => {
    expect(isLastingEntry({kind: 'APP_PAGE', status: 404})).toBe(false)
    expect(isLastingEntry({kind: 'PAGES', status: 410})).toBe(false)
    expect(isLastingEntry({kind: 'APP_ROUTE', status: 404})).toBe(false)
    expect(isLastingEntry({kind: 'FETCH', data: {body: 'null'}})).toBe(false)
    expect(isLastingEntry(null)).toBe(false)
  })

  it('names the tags an entry was made under: its page header, its own, and the read’s', () => {
    expect(entryTags({value: {headers: {'x-next-cache-tags': '_N_T_/layout,content,blogPost:moss'}}}, ['content', 'x'])).toEqual(['content', 'x', '_N_T_/layout', 'blogPost:moss'])
    expect(entryTags({value: {kind: 'FETCH', tags: ['blogPost']}})).toEqual(['blogPost'])
    expect(entryTags(null)).toEqual([])
  })
})

describe('the shared cache’s log lines', () => {
  it('name Redis without its password', () => {
    expect(describeRedisUrl('redis://user:s3cret@cache.internal:6380/2')).toBe('redis://cache.internal:6380/2')
    expect(describeRedisUrl('rediss://:s3cret@cache.internal')).toBe('rediss://cache.internal')
    expect(describeRedisUrl('not a url')).not.toContain('not a url')
  })
})
