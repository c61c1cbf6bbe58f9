import {describe, expect, it} from 'vitest'
import {localPreviewPerspective, previewPerspective} from './preview-perspective'

describe('the preview perspective an editor picks in the Presentation tool', () => {
  it('shows drafts unless the editor picks another perspective', () => {
    expect(previewPerspective(undefined)).toBe('drafts')
    expect(previewPerspective('')).toBe('drafts')
    expect(previewPerspective('drafts')).toBe('drafts')
  })

  it('shows what visitors see when the editor picks published', () => {
    expect(previewPerspective('published')).toBe('published')
    expect(localPreviewPerspective(previewPerspective('published'))).toBe('published')
  })

  it('shows a release over what it builds on, in the order the Studio stacks them', () => {
    expect(previewPerspective('rSpring2026,drafts')).toEqual(['rSpring2026', 'drafts'])
    expect(previewPerspective('rA, rB ,drafts')).toEqual(['rA', 'rB', 'drafts'])
    // Offline there are no releases: drafts are the nearest.
    expect(localPreviewPerspective(previewPerspective('rSpring2026,drafts'))).toBe('drafts')
  })

  it('never lets a cookie ask for every document id (raw) or anything unreadable', () => {
    for (const value of ['raw', 'rA,raw', 'drafts;published', 'a b', '../x', ',', 'x'.repeat(65)]) {
      expect(previewPerspective(value)).toBe('drafts')
    }
  })
})
