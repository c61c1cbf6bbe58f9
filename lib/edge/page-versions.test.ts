import {describe, expect, it} from 'vitest'
import {createPageVersions, pageVersionKey} from './page-versions'

describe('page versions', () => {
  it('are keyed by area, ETag and length, and only pages with an ETag have one', () => {
    expect(pageVersionKey('site', '"v1"', 10)).toBe('site\n"v1"\n10')
    expect(pageVersionKey('studio', '"v1"', 10)).not.toBe(pageVersionKey('site', '"v1"', 10))
    expect(pageVersionKey('site', undefined, 10)).toBeNull()
  })

  it('work a policy out once per version, keep none without a key, and drop the oldest beyond their number', () => {
    const versions = createPageVersions(2)
    let made = 0
    const policy = () => `policy ${++made}`
    expect(versions.get('a', policy).policy).toBe('policy 1')
    expect(versions.get('a', policy).policy).toBe('policy 1')
    expect(versions.get(null, policy).policy).toBe('policy 2')
    expect(versions.size().count).toBe(1)
    versions.get('b', policy)
    versions.get('c', policy)
    expect(versions.size().count).toBe(2)
    expect(versions.get('a', policy).policy).toBe('policy 5')
  })
})
