/**
 * The site's icons: 24×24 stroke drawings, drawn in the current text colour. Their shapes live in one
 * file, /icons.svg (app/icons.svg/route.ts), which the browser fetches once and caches; a page refers
 * to them with <use>, so an icon costs a page about 100 bytes instead of its whole drawing twice (in
 * the HTML and again in the router data). ICON_SPRITE_VERSION changes the file's address whenever a
 * shape changes (a unit test checks it), so a cached copy is never stale.
 */
export const ICON_SHAPES = {
  check: '<path d="M4.5 12.5l5 5 10-11"/>',
  phone: '<path d="M5 3.5h3.2l1.6 4.3-2.1 1.4a11.5 11.5 0 0 0 7.1 7.1l1.4-2.1 4.3 1.6V19a1.9 1.9 0 0 1-2 1.9A16.5 16.5 0 0 1 3.1 5.5 1.9 1.9 0 0 1 5 3.5z"/>',
  mail: '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M3.5 6.5l8.5 6.5 8.5-6.5"/>',
  'map-pin': '<path d="M12 21.5s-7-6.2-7-11.8a7 7 0 0 1 14 0c0 5.6-7 11.8-7 11.8z"/><circle cx="12" cy="9.7" r="2.6"/>',
  chevron: '<path d="M6 9l6 6 6-6"/>',
  menu: '<path d="M4 7h16M4 12h16M4 17h16"/>',
  close: '<path d="M6 6l12 12M18 6L6 18"/>',
  'arrow-up': '<path d="M12 19V5M5.5 11.5L12 5l6.5 6.5"/>',
  'arrow-right': '<path d="M5 12h14M12.5 5.5L19 12l-6.5 6.5"/>',
  star: '<path d="M12 3.3l2.7 5.5 6 .9-4.4 4.2 1.1 6-5.4-2.9-5.4 2.9 1.1-6-4.4-4.2 6-.9z"/>',
  sparkle:
    '<path d="M10 3.5l1.6 4.6a3 3 0 0 0 1.8 1.8L18 11.5l-4.6 1.6a3 3 0 0 0-1.8 1.8L10 19.5l-1.6-4.6a3 3 0 0 0-1.8-1.8L2 11.5l4.6-1.6a3 3 0 0 0 1.8-1.8z"/><path d="M19 2.5v4M17 4.5h4M19.5 16.5v3M18 18h3"/>',
  leaf: '<path d="M5 19.5C4 12 8.5 4.5 20 4c.5 11.5-7 16-14.5 15.5z"/><path d="M4 20.5c3-4.5 6.5-8 11-10.5"/>',
  shield: '<path d="M12 2.8l7.5 2.8v5.9c0 4.7-3.1 8.6-7.5 9.9-4.4-1.3-7.5-5.2-7.5-9.9V5.6z"/><path d="M8.7 12l2.3 2.3 4.4-4.6"/>',
  calendar: '<rect x="3.5" y="5" width="17" height="15.5" rx="2"/><path d="M3.5 10h17M8 3v4M16 3v4"/>',
  clock: '<circle cx="12" cy="12" r="8.75"/><path d="M12 7.5V12l3 2"/>',
} as const

export type IconName = keyof typeof ICON_SHAPES

/** The brand mark (40×40, its own colours): a cedar over the river, with a sparkle. */
export const LOGO_MARK_SHAPE =
  '<rect width="40" height="40" rx="12" fill="#0f5c5e"/><path d="M19 7.5l6.5 10h-3.2l4.4 6.5H11.3l4.4-6.5h-3.2z" fill="#bfe6dc"/><rect x="18" y="23.5" width="2" height="3.5" rx="0.6" fill="#bfe6dc"/><path d="M7.5 29.5c2.6-1.9 5.2-1.9 7.8 0s5.2 1.9 7.8 0 5.2-1.9 7.8 0" fill="none" stroke="#1f8a7a" stroke-width="2.2" stroke-linecap="round"/><path d="M7.5 29.5c2.6-1.9 5.2-1.9 7.8 0s5.2 1.9 7.8 0 5.2-1.9 7.8 0" fill="none" stroke="#e6f4f0" stroke-width="1" stroke-linecap="round" transform="translate(0 3.2)" opacity="0.55"/><path d="M30 7l1.1 3.1 3.1 1.1-3.1 1.1L30 15.4l-1.1-3.1-3.1-1.1 3.1-1.1z" fill="#f2b84b"/>'

/** The first 10 hex digits of the SHA-256 of JSON.stringify([ICON_SHAPES, LOGO_MARK_SHAPE]); tests/unit/icon-sprite.test.ts says when to update it. */
export const ICON_SPRITE_VERSION = 'caca85cf3d'

export const ICON_SPRITE_PATH = '/icons.svg'

/** Where a page refers to one symbol of the sprite. */
export function iconHref(name: IconName | 'logo-mark'): string {
  return `${ICON_SPRITE_PATH}?v=${ICON_SPRITE_VERSION}#${name}`
}

/** The sprite file: one <symbol> per icon. */
export function iconSprite(): string {
  const symbols = Object.entries(ICON_SHAPES).map(([name, shape]) => `<symbol id="${name}" viewBox="0 0 24 24">${shape}</symbol>`)
  const logo = `<symbol id="logo-mark" viewBox="0 0 40 40">${LOGO_MARK_SHAPE}</symbol>`
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}${logo}</svg>`
}
