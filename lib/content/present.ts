/**
 * Typegen types every projected field as nullable, because a draft may lack anything. Published
 * content has passed the schema's required rules, so the content module checks that and hands pages
 * values without nulls; a missing required value fails loudly with the document and field named,
 * rather than rendering an empty heading.
 */
export type Present<T> = T extends null
  ? never
  : T extends (infer E)[]
    ? Present<E>[]
    : T extends object
      ? {[K in keyof T]: Present<Exclude<T[K], null>>}
      : T

export class MissingContentError extends Error {
  constructor(where: string, pathName: string) {
    super(`Content is missing: ${where} has no value at ${pathName}. Publish the field in the Studio.`)
    this.name = 'MissingContentError'
  }
}

export function present<T>(value: T, where: string, pathName = '$'): Present<T> {
  if (value === null || value === undefined) throw new MissingContentError(where, pathName)
  if (Array.isArray(value)) value.forEach((item, index) => present(item, where, `${pathName}[${index}]`))
  else if (typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) present(item, where, `${pathName}.${key}`)
    }
  }
  return value as Present<T>
}
