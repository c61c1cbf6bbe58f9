import {createHash} from 'node:crypto'
import {describe, expect, it} from 'vitest'
import {ICON_SHAPES, ICON_SPRITE_VERSION, LOGO_MARK_SHAPE, iconSprite} from '@/components/ui/icon-shapes'

describe('the icon sprite', () => {
  it('changes its address whenever a shape changes, so no browser keeps a stale copy', () => {
    const digest = createHash('sha256').update(JSON.stringify([ICON_SHAPES, LOGO_MARK_SHAPE])).digest('hex').slice(0, 10)
    expect(ICON_SPRITE_VERSION, 'set ICON_SPRITE_VERSION in components/ui/icon-shapes.ts to this value').toBe(digest)
  })

  it('holds one symbol per icon, addressable by its name', () => {
    const sprite = iconSprite()
    for (const name of Object.keys(ICON_SHAPES)) expect(sprite).toContain(`<symbol id="${name}" viewBox="0 0 24 24">`)
    expect(sprite).toContain('<symbol id="logo-mark" viewBox="0 0 40 40">')
    expect(sprite.match(/<symbol /g)).toHaveLength(Object.keys(ICON_SHAPES).length + 1)
  })
})
