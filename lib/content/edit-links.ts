/**
 * Click-to-edit for what stega cannot carry: in an editor's preview, the Studio's Presentation tool
 * draws an overlay on every element with a `data-sanity` attribute naming a document and a field,
 * and opens that field on a click. Strings carry their field invisibly (stega); pictures and whole
 * list items (a what's-included line, a testimonial, a question, a service card) need the
 * attribute. Visitors' pages never get one: pages receive EditLinks only in draft mode, and
 * components render `data-sanity={edit?.(…)}`, which React leaves out when undefined. No SDK here:
 * components import this module (studio-edit-links.ts makes the attribute values, on the server).
 */
export type EditableDocument = {id: string; type: string}

/** The `data-sanity` value for a document's field (a Studio path: `hero.image`, `items[_key=="a1"]`). */
export type EditLinks = (document: EditableDocument, path: string) => string

/** Links to the fields of one part of one document (a page section), by paths relative to it. */
export type FieldEditLinks = (path: string) => string

/** `base`: where the part sits in the document (`whyChooseUs`), none for the document itself. */
export function fieldEditLinks(edit: EditLinks | null, document: EditableDocument, base = ''): FieldEditLinks | undefined {
  if (!edit) return undefined
  return (path) => edit(document, !base ? path : path.startsWith('[') ? `${base}${path}` : `${base}.${path}`)
}

/**
 * The element attribute itself: none at all for visitors. (Written as `data-sanity={undefined}`, the
 * prop would still travel in every page's router data as "$undefined".)
 */
export const editAttribute = (link: string | undefined): {'data-sanity'?: string} => (link ? {'data-sanity': link} : {})

/** A list item's path segment, as the Studio writes it: by `_key`, or by position for a list of strings. */
export const listItem = (keyOrIndex: string | number) => (typeof keyOrIndex === 'number' ? `[${keyOrIndex}]` : `[_key=="${keyOrIndex}"]`)
