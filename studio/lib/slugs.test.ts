import {readdirSync} from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {checkArticleSlug, checkServicePageSlug, RESERVED_SERVICE_PAGE_SLUGS} from './slugs'

const app = path.join(import.meta.dirname, '..', '..', 'app')

/** Every first path segment a fixed route of app/ answers (route groups such as (site) are see-through). */
function fixedFirstSegments(dir = app): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    if (/^\(.+\)$/.test(entry.name) && entry.isDirectory()) return fixedFirstSegments(path.join(dir, entry.name))
    if (entry.name.startsWith('[') || entry.name.startsWith('_')) return []
    if (entry.isDirectory()) return [entry.name]
    // Metadata routes: robots.ts → /robots.txt, sitemap.ts → /sitemap.xml, icon.svg → /icon.svg.
    const metadata: Record<string, string> = {'robots.ts': 'robots.txt', 'sitemap.ts': 'sitemap.xml', 'icon.svg': 'icon.svg'}
    return metadata[entry.name] ? [metadata[entry.name]] : []
  })
}

describe('service page slugs', () => {
  it('reserves every address a fixed route of app/ answers', () => {
    const fixed = fixedFirstSegments()
    expect(fixed.length).toBeGreaterThan(15)
    expect(fixed.filter((segment) => !(RESERVED_SERVICE_PAGE_SLUGS as readonly string[]).includes(segment))).toEqual([])
  })

  it('refuses a reserved slug with a message naming the address', () => {
    expect(checkServicePageSlug('about')).toMatch(/^The address \/about belongs to a fixed page/)
    expect(checkServicePageSlug('carpet_cleaning')).toMatch(/\/carpet_cleaning/)
  })

  it('accepts dashes and underscores between words, nothing else', () => {
    expect(checkServicePageSlug('roof-cleaning')).toBe(true)
    expect(checkServicePageSlug('vrbo_and_airbnb')).toBe(true)
    for (const bad of ['Roof', 'roof--cleaning', '-roof', 'roof cleaning', 'roof_', 'röof']) {
      expect(checkServicePageSlug(bad)).toMatch(/dashes or underscores/)
    }
  })
})

describe('article slugs', () => {
  it('refuses underscores and digits-only slugs, which /blog/3 would take for an old article number', () => {
    expect(checkArticleSlug('wet-season-home-cleaning')).toBe(true)
    expect(checkArticleSlug('spring_clean')).toMatch(/single dashes between words/)
    expect(checkArticleSlug('3')).toMatch(/at least one letter/)
    expect(checkArticleSlug('a'.repeat(81))).toBe('Use at most 80 characters')
    expect(checkArticleSlug('a'.repeat(80))).toBe(true)
  })
})
