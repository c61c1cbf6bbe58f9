import {decodeSanityNodeData} from '@sanity/visual-editing-csm'
import {describe, expect, it} from 'vitest'
import {editAttribute, fieldEditLinks, listItem} from './edit-links'
import {studioEditLinks} from './studio-edit-links'

/**
 * Click-to-edit links for pictures and list items, read back with the decoder the Studio's visual
 * editing uses on the page: each names the document, its type and the field, in the Studio at /studio.
 */
const page = {id: 'servicePage-deep-cleaning', type: 'servicePage'}

describe('click-to-edit links', () => {
  it('name the document and the field of a picture, a keyed list item and a line of a list of strings', () => {
    const decoded = (base: string, path: string) => decodeSanityNodeData(fieldEditLinks(studioEditLinks, page, base)!(path))
    expect(decoded('hero', 'image')).toMatchObject({id: page.id, type: page.type, path: 'hero.image', baseUrl: '/studio'})
    expect(decoded('features', listItem('k1'))).toMatchObject({id: page.id, path: 'features[_key=="k1"]'})
    expect(decoded('commonQuestions', `items${listItem('q2')}`)).toMatchObject({path: 'commonQuestions.items[_key=="q2"]'})
    expect(decoded('included', `items${listItem(3)}`)).toMatchObject({path: 'included.items[3]'})
  })

  it('are none for visitors: without the preview there is nothing to call', () => {
    expect(fieldEditLinks(null, page, 'hero')).toBeUndefined()
    // Not even an empty attribute, which would travel in the page's router data.
    expect(editAttribute(undefined)).toEqual({})
    expect(editAttribute('id=a;type=b;path=c')).toEqual({'data-sanity': 'id=a;type=b;path=c'})
  })
})
