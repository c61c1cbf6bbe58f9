import {afterEach, describe, expect, it, vi} from 'vitest'
import robots, {dynamic} from '@/app/robots'

describe('robots.txt', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('names the sitemap at the running server’s SITE_URL, read on each request', () => {
    vi.stubEnv('SITE_URL', 'https://www.renton-cleaning.example/')
    expect(robots().sitemap).toBe('https://www.renton-cleaning.example/sitemap.xml')
    vi.stubEnv('SITE_URL', 'https://staging.renton-cleaning.example')
    expect(robots().sitemap).toBe('https://staging.renton-cleaning.example/sitemap.xml')
    expect(dynamic).toBe('force-dynamic')
  })
})
