import {existsSync, readFileSync} from 'node:fs'
import path from 'node:path'
import {evaluate, parse, type ExprNode} from 'groq-js'
import {createSchema, pathToString, validateDocument, type Path, type PathSegment, type Schema} from 'sanity'
import {SINGLETON_TYPES, schemaTypes as studioSchemaTypes} from '../schemaTypes/index.ts'
import {IMAGE_FILE_NAME, IMAGE_MIME_TYPES, imageAssetId, imageFileFacts, imageFormat, localImageUrl, type ImageFileFacts} from '../../lib/content/image-files.ts'
import {readLocalDataset} from '../../lib/content/local-dataset.ts'

/**
 * Offline validation of a dataset in Sanity's NDJSON import format (studio/dataset/production.ndjson),
 * for when no Sanity project can be reached and `sanity documents validate` cannot run.
 *
 * Every document goes through Sanity's own `validateDocument` with the Studio's schema. Custom rules
 * that query the dataset (slug uniqueness, blogPost.legacyNumber) get a client whose `fetch` runs the
 * GROQ with groq-js over the dataset being validated. Image fields in the import format
 * (`_sanityAsset: "image@file://./images/x.svg"`) become references to asset documents first, as the
 * import would make them. On top of that come the checks Sanity's validation does not make: JSON,
 * `_id`s, document types, image files, references, array `_key`s, unknown fields, reference target
 * types, Portable Text marks and the singletons' ids.
 */

export type ProblemLevel = 'error' | 'warning'

export type Problem = {
  /** The document's `_id`, or `line:N` / `file:N` when it has none, or `(dataset)`. */
  id: string
  /** Sanity's path notation (`seo.title`, `body[_key=="a1"].children`); '' for the whole document. */
  path: string
  message: string
  level: ProblemLevel
}

export type DatasetValidationResult = {
  documents: number
  problems: Problem[]
  errors: Problem[]
  warnings: Problem[]
}

export type DatasetValidationOptions = {
  /** Where `image@file://./images/x.svg` files live; default: `images/` next to the (first) file. */
  imagesDir?: string
  /** Schema type definitions; default: the Studio's (studio/schemaTypes). */
  schemaTypes?: unknown[]
  /** Types whose single document must have `_id` equal to the type name; default: the Studio's. */
  singletonTypes?: readonly string[]
  /** Give up on one document's Sanity validation after this long (as the CLI does). */
  timeoutMs?: number
}

type SanityDoc = {_id: string; _type: string; [key: string]: unknown}
type JsonObject = Record<string, unknown>

/** The parts of a compiled schema type this file reads (Sanity's own types are a wide union). */
type CompiledType = {
  name: string
  jsonType: string
  type?: CompiledType
  fields?: {name: string; type: CompiledType}[]
  of?: CompiledType[]
  to?: CompiledType[]
  weak?: boolean
  decorators?: {value: string}[]
  annotations?: {name: string}[]
}

/** What the site's image route and the import accept: `image@file://./images/<name>`. */
const ASSET_PREFIX = 'image@file://./images/'
const DOCUMENT_ID = /^[A-Za-z0-9_][A-Za-z0-9_-]*$/
const DOCUMENT_SYSTEM_KEYS = new Set(['_id', '_type', '_rev', '_createdAt', '_updatedAt'])
const REFERENCE_KEYS = new Set(['_ref', '_type', '_key', '_weak', '_strengthenOnPublish'])
const DEFAULT_TIMEOUT_MS = 30_000
const CONCURRENCY = 16

/** What a problem is, where that matters: to drop Sanity's duplicates, to know the site's loader would fail. */
type Kind = 'unknown-field' | 'dangling-reference' | 'load' | 'other'
type Found = Problem & {kind: Kind; order: number}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function isOfType(type: CompiledType | undefined, name: string): boolean {
  for (let t = type; t; t = t.type) if (t.name === name) return true
  return false
}

/** A path segment as Sanity writes it: `{_key}` for keyed array items, the index otherwise. */
function itemSegment(item: unknown, index: number): PathSegment {
  return isObject(item) && typeof item._key === 'string' && item._key ? {_key: item._key} : index
}

function closest(word: string, candidates: string[]): string | undefined {
  const distance = (a: string, b: string) => {
    const row = Array.from({length: b.length + 1}, (_, i) => i)
    for (let i = 1; i <= a.length; i++) {
      let previous = row[0]
      row[0] = i
      for (let j = 1; j <= b.length; j++) {
        const current = row[j]
        row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1))
        previous = current
      }
    }
    return row[b.length]
  }
  const best = candidates
    .map((candidate) => ({candidate, d: distance(word.toLowerCase(), candidate.toLowerCase())}))
    .sort((a, b) => a.d - b.d)[0]
  return best && best.d <= Math.max(2, Math.floor(word.length / 3)) ? best.candidate : undefined
}

// ---------------------------------------------------------------------------------------------
// Images

type ImageAsset = {
  _id: string
  _type: 'sanity.imageAsset'
  originalFilename: string
  extension: string
  mimeType: string
  url: string
  metadata: {_type: 'sanity.imageMetadata'; dimensions: {_type: 'sanity.imageDimensions'; width: number; height: number; aspectRatio: number}}
}

type AssetContext = {imagesDir: string; assets: Map<string, ImageAsset>; report: (at: Path, message: string) => void}

/** The asset document an `_sanityAsset` value stands for, reporting what the import or the site would reject. */
function assetFor(spec: string, at: Path, context: AssetContext): ImageAsset {
  const file = spec.startsWith(ASSET_PREFIX) ? spec.slice(ASSET_PREFIX.length) : ''
  let facts: ImageFileFacts | undefined
  let bytes = Buffer.alloc(0)
  if (!file) {
    context.report(at, `_sanityAsset must look like "${ASSET_PREFIX}<file>", got "${spec}"`)
  } else if (!IMAGE_FILE_NAME.test(file)) {
    context.report(at, `image file name "${file}" is not allowed (letters, digits, . _ -; .svg, .png, .jpg or .webp; no folders)`)
  } else if (!existsSync(path.join(context.imagesDir, file))) {
    context.report(at, `image file not found: ${path.join(context.imagesDir, file)}`)
  } else {
    bytes = readFileSync(path.join(context.imagesDir, file))
    facts = imageFileFacts(file, bytes)
    if (!facts) context.report(at, `image ${file} has no size in its header (an SVG needs width/height or a viewBox), so it cannot be shown`)
  }
  const format = facts?.format ?? imageFormat(file) ?? 'svg'
  const width = facts?.width ?? 0
  const height = facts?.height ?? 0
  // A file that cannot be read is named by its reference, so two such files stay two assets.
  const id = imageAssetId(bytes.length ? bytes : Buffer.from(spec), {format, width, height})
  const asset: ImageAsset = context.assets.get(id) ?? {
    _id: id,
    _type: 'sanity.imageAsset',
    originalFilename: file,
    extension: format,
    mimeType: IMAGE_MIME_TYPES[format],
    url: localImageUrl(id),
    metadata: {
      _type: 'sanity.imageMetadata',
      dimensions: {_type: 'sanity.imageDimensions', width, height, aspectRatio: height ? width / height : 0},
    },
  }
  context.assets.set(id, asset)
  return asset
}

/** A copy of `value` with every `_sanityAsset` replaced by `asset: {_type: 'reference', _ref}`, as the import does. */
function linkAssets(value: unknown, at: Path, context: AssetContext): unknown {
  if (Array.isArray(value)) return value.map((item, index) => linkAssets(item, [...at, itemSegment(item, index)], context))
  if (!isObject(value)) return value
  const out: JsonObject = {}
  for (const [key, item] of Object.entries(value)) {
    if (key === '_sanityAsset') {
      if (typeof item !== 'string') {
        context.report(at, '_sanityAsset must be a string')
        continue
      }
      out.asset = {_type: 'reference', _ref: assetFor(item, at, context)._id}
    } else {
      out[key] = linkAssets(item, [...at, key], context)
    }
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// Checks Sanity's validation does not make

type WalkContext = {
  byId: Map<string, SanityDoc>
  report: (path: Path, message: string, kind?: Kind, level?: ProblemLevel) => void
}

/** Every `_ref` in the document must point at a document of the dataset (weak ones only warn). */
function checkReferencesResolve(value: unknown, path: Path, context: WalkContext): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => checkReferencesResolve(item, [...path, itemSegment(item, index)], context))
    return
  }
  if (!isObject(value)) return
  if (typeof value._ref === 'string' && !context.byId.has(value._ref)) {
    context.report(path, `reference to a document that is not in the dataset: "${value._ref}"`, 'dangling-reference', value._weak === true ? 'warning' : 'error')
  }
  for (const [key, item] of Object.entries(value)) {
    if (isObject(item) || Array.isArray(item)) checkReferencesResolve(item, [...path, key], context)
  }
}

/**
 * Walks a value with its schema type: unknown fields, `_sanityAsset` outside images, reference target
 * types, array items' `_key` and `_type`, and Portable Text marks.
 */
function walk(value: unknown, type: CompiledType | undefined, path: Path, context: WalkContext, isArrayItem = false): void {
  if (!type || value === null || value === undefined) return
  if (type.jsonType === 'array') {
    if (Array.isArray(value)) walkArray(value, type, path, context)
    return
  }
  if (type.jsonType !== 'object' || !isObject(value)) return // type mismatches: Sanity's validation reports them
  // Array items are matched to a member type by _type (walkArray); a field's object should carry its type's name.
  const expected = isOfType(type, 'reference') ? 'reference' : type.name
  if (!isArrayItem && path.length > 0 && typeof value._type === 'string' && expected !== 'object' && value._type !== expected) {
    context.report([...path, '_type'], `_type "${value._type}" does not match the field's type "${expected}"`, 'other', 'warning')
  }

  if (isOfType(type, 'reference')) {
    for (const key of Object.keys(value)) {
      if (!REFERENCE_KEYS.has(key)) context.report([...path, key], `field "${key}" does not belong on a reference (only _ref, _type, _key, _weak)`, 'unknown-field')
    }
    const target = typeof value._ref === 'string' ? context.byId.get(value._ref) : undefined
    const allowed = (type.to ?? []).map((t) => t.name)
    if (target && allowed.length > 0 && !allowed.includes(target._type)) {
      context.report(path, `"${value._ref}" is a ${target._type}, but this field references only ${allowed.join(', ')}`)
    }
    return
  }

  const fields = new Map((type.fields ?? []).map((field) => [field.name, field.type]))
  // Inline objects (a field's own `type: 'object'`) are all called "object": name them by their path.
  const where = type.name === 'object' && path.length > 0 ? `in ${pathToString(path)}` : `on type ${type.name}`
  const isAsset = isOfType(type, 'image') || isOfType(type, 'file')
  for (const [key, item] of Object.entries(value)) {
    if (key.startsWith('_')) {
      if (key === '_sanityAsset' && !isAsset) context.report([...path, key], `_sanityAsset only belongs on image fields, not on a ${type.name}`)
      continue
    }
    const fieldType = fields.get(key)
    if (!fieldType) {
      const names = [...fields.keys()].filter((name) => !(isAsset && ['asset', 'media', 'hotspot', 'crop'].includes(name)))
      const suggestion = closest(key, names)
      context.report(
        [...path, key],
        `unknown field "${key}" ${where}${suggestion ? ` (did you mean "${suggestion}"?)` : ''}; its fields: ${names.join(', ')}`,
        'unknown-field',
      )
      continue
    }
    walk(item, fieldType, [...path, key], context)
  }
  if (isOfType(type, 'block')) checkMarks(value, type, path, context)
}

function walkArray(items: unknown[], type: CompiledType, path: Path, context: WalkContext): void {
  const members = type.of ?? []
  const objectMembers = members.filter((member) => member.jsonType === 'object')
  const keys = new Map<string, number>()
  items.forEach((item, index) => {
    if (!isObject(item)) {
      if (Array.isArray(item)) context.report([...path, index], 'an array cannot directly contain an array')
      return // primitives: Sanity's validation checks their type
    }
    if (objectMembers.length === 0) return // an object in an array of strings: Sanity reports the type mismatch
    const key = item._key
    if (typeof key !== 'string' || key === '') {
      context.report([...path, index], 'array item has no _key (every object in an array needs a unique string _key)')
    } else if (keys.has(key)) {
      context.report([...path, index], `duplicate _key "${key}" (also item ${keys.get(key)} of this array)`)
    } else {
      keys.set(key, index)
    }
    const names = objectMembers.map((member) => member.name)
    const itemType = item._type
    let member = objectMembers.find((m) => m.name === itemType || m.type?.name === itemType)
    if (typeof itemType !== 'string') {
      context.report([...path, itemSegment(item, index)], `array item has no _type (expected ${names.join(' or ')})`)
      if (objectMembers.length === 1) member = objectMembers[0]
    } else if (!member) {
      context.report([...path, itemSegment(item, index)], `_type "${itemType}" is not allowed in this array (expected ${names.join(' or ')})`)
    }
    walk(item, member, [...path, itemSegment(item, index)], context, true)
  })
}

/** Span marks must be one of the block's decorators or the _key of one of its markDefs. */
function checkMarks(block: JsonObject, type: CompiledType, path: Path, context: WalkContext): void {
  const childrenType = type.fields?.find((field) => field.name === 'children')?.type
  const span = childrenType?.of?.find((member) => isOfType(member, 'span'))
  const decorators = new Set((span?.decorators ?? []).map((decorator) => decorator.value))
  const markDefKeys = new Set(
    (Array.isArray(block.markDefs) ? block.markDefs : []).flatMap((def) => (isObject(def) && typeof def._key === 'string' ? [def._key] : [])),
  )
  const children = Array.isArray(block.children) ? block.children : []
  children.forEach((child, index) => {
    if (!isObject(child) || !Array.isArray(child.marks)) return
    for (const mark of child.marks) {
      if (typeof mark === 'string' && !decorators.has(mark) && !markDefKeys.has(mark)) {
        context.report(
          [...path, 'children', itemSegment(child, index), 'marks'],
          `mark "${mark}" is neither a decorator (${[...decorators].join(', ')}) nor the _key of one of the block's markDefs`,
        )
      }
    }
  })
}

// ---------------------------------------------------------------------------------------------
// Sanity's own validation, with a GROQ client over the dataset

type OfflineClient = {
  fetch: (query: string, params?: Record<string, unknown>) => Promise<unknown>
  withConfig: (config?: unknown) => OfflineClient
  clone: () => OfflineClient
  config: (config?: unknown) => OfflineClient | Record<string, unknown>
  getDataUrl: (operation: string, path?: string) => string
  observable: {fetch: () => never; request: () => never}
}

/**
 * The client custom validators get: the same GROQ, evaluated by groq-js over the dataset being
 * validated (every perspective and API version is the same here: there are no drafts).
 */
export function createDatasetClient(dataset: readonly object[]): OfflineClient {
  const parsed = new Map<string, ExprNode>()
  const offline = () => {
    throw new Error('This client only runs GROQ over the local dataset (fetch); it has no HTTP API')
  }
  const client: OfflineClient = {
    async fetch(query, params = {}) {
      let tree = parsed.get(query)
      if (!tree) parsed.set(query, (tree = parse(query)))
      const result = await evaluate(tree, {dataset: dataset as object[], params})
      return result.get()
    },
    withConfig: () => client,
    clone: () => client,
    config: (config) => (config === undefined ? {apiVersion: '2025-02-19', dataset: 'local', perspective: 'raw', useCdn: false} : client),
    getDataUrl: (operation, path = '') => `local:/data/${operation}/${path}`,
    observable: {fetch: offline, request: offline},
  }
  return client
}

type ValidateDocumentOptions = Parameters<typeof validateDocument>[0]

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms)
    }),
  ]).finally(() => clearTimeout(timer))
}

async function mapPool<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await run(items[next++])
  }
  await Promise.all(Array.from({length: Math.min(limit, items.length)}, worker))
}

// ---------------------------------------------------------------------------------------------

type Entry = {label: string; order: number; raw: JsonObject; doc?: SanityDoc; linked?: SanityDoc; canValidate: boolean}

type Source = {name: string; text: string}

export function compileSchema(types: unknown[] = studioSchemaTypes): Schema {
  return createSchema({name: 'default', types})
}

/** Validates one dataset file, or several concatenated (parts), as one dataset. */
export async function validateDatasetFiles(files: string[], options: DatasetValidationOptions = {}): Promise<DatasetValidationResult> {
  if (files.length === 0) throw new Error('No dataset file given')
  const sources = files.map((file) => ({name: file, text: readFileSync(file, 'utf8')}))
  const imagesDir = options.imagesDir ?? path.join(path.dirname(files[0]), 'images')
  const {loads, ...result} = await validateSources(sources, {...options, imagesDir})
  // The site reads the file with its own loader: make sure it accepts the file when nothing above says it won't.
  if (files.length === 1 && !options.imagesDir && !loads) {
    try {
      readLocalDataset(files[0])
    } catch (error) {
      const problem: Problem = {id: '(dataset)', path: '', level: 'error', message: `the site's loader (lib/content/local-dataset.ts) rejects the file: ${(error as Error).message}`}
      result.problems.push(problem)
      result.errors.push(problem)
    }
  }
  return result
}

export function validateDatasetFile(file: string, options: DatasetValidationOptions = {}): Promise<DatasetValidationResult> {
  return validateDatasetFiles([file], options)
}

async function validateSources(
  sources: Source[],
  options: DatasetValidationOptions & {imagesDir: string},
): Promise<DatasetValidationResult & {loads: boolean}> {
  const found: Found[] = []
  const add = (id: string, order: number, path: Path | string, message: string, kind: Kind = 'other', level: ProblemLevel = 'error') =>
    found.push({id, path: typeof path === 'string' ? path : pathToString(path), message, level, kind, order})

  const schema = compileSchema(options.schemaTypes)
  for (const group of schema._validation ?? []) {
    for (const problem of group.problems) {
      if (problem.severity === 'error' || problem.severity === 'warning') {
        const where = group.path.map((segment) => ('name' in segment && segment.name) || ('type' in segment && segment.type) || '?').join('.')
        add('(schema)', -1, where, problem.message, 'other', problem.severity)
      }
    }
  }
  // The schema's own document types (not Sanity's built-in asset types: images come as _sanityAsset).
  const documentTypes = new Set(schema.getLocalTypeNames().filter((name) => isOfType(schema.get(name) as CompiledType, 'document') && name !== 'document'))

  // 1. Lines -> documents; ids and types.
  const entries: Entry[] = []
  const firstLineOf = new Map<string, string>()
  const multiple = sources.length > 1
  let order = 0
  for (const source of sources) {
    source.text.split('\n').forEach((text, index) => {
      const label = multiple ? `${path.basename(source.name)}:${index + 1}` : `line:${index + 1}`
      order++
      if (!text.trim()) return
      let raw: unknown
      try {
        raw = JSON.parse(text)
      } catch (error) {
        add(label, order, '', `invalid JSON: ${(error as Error).message}`, 'load')
        return
      }
      if (!isObject(raw)) {
        add(label, order, '', 'a line must be one JSON object (a document)', 'load')
        return
      }
      const entry: Entry = {label, order, raw, canValidate: true}
      entries.push(entry)
      const id = raw._id
      if (typeof id !== 'string' || id === '') {
        add(label, order, '', 'document has no _id')
        entry.canValidate = false
      } else {
        entry.label = id
        if (id.includes('.')) {
          add(id, order, '_id', `"${id}" contains '.', which makes it private in Sanity (drafts., versions. and path ids are not public documents)`)
        } else if (!DOCUMENT_ID.test(id) || id.length > 128) {
          add(id, order, '_id', 'an _id is at most 128 letters, digits, _ and - (not - first)')
        }
        const first = firstLineOf.get(id)
        if (first) {
          add(id, order, '_id', `duplicate _id: ${label} repeats the document at ${first}`)
          entry.canValidate = false
        } else {
          firstLineOf.set(id, label)
        }
      }
      const type = raw._type
      if (typeof type !== 'string' || type === '') {
        add(entry.label, order, '_type', 'document has no _type')
        entry.canValidate = false
      } else if (!documentTypes.has(type)) {
        const known = schema.get(type) as CompiledType | undefined
        add(
          entry.label,
          order,
          '_type',
          known && !isOfType(known, 'document')
            ? `${type} is not a document type (it is an object type of the schema)`
            : `unknown document type "${type}" (document types: ${[...documentTypes].join(', ')})`,
        )
        entry.canValidate = false
      }
      if (typeof id === 'string' && typeof type === 'string') entry.doc = raw as SanityDoc
    })
  }

  // 2. Images: _sanityAsset -> asset references, as the import makes them.
  const assets = new Map<string, ImageAsset>()
  for (const entry of entries) {
    const assetContext: AssetContext = {imagesDir: options.imagesDir, assets, report: (at, message) => add(entry.label, entry.order, at, message, 'load')}
    const linked = linkAssets(entry.raw, [], assetContext) as JsonObject
    if (entry.doc) entry.linked = linked as SanityDoc
  }

  // What GROQ sees: the first document of each _id (the import would refuse duplicates), plus the assets.
  const byId = new Map<string, SanityDoc>()
  for (const entry of entries) if (entry.linked && !byId.has(entry.linked._id)) byId.set(entry.linked._id, entry.linked)
  const dataset: SanityDoc[] = [...byId.values(), ...assets.values()]
  for (const asset of assets.values()) byId.set(asset._id, asset)

  // 3. Structure: references, keys, unknown fields.
  for (const entry of entries) {
    const context: WalkContext = {byId, report: (path, message, kind, level) => add(entry.label, entry.order, path, message, kind, level)}
    checkReferencesResolve(entry.raw, [], context)
    if (entry.doc && documentTypes.has(entry.doc._type)) {
      for (const key of Object.keys(entry.raw)) {
        if (key.startsWith('_') && !DOCUMENT_SYSTEM_KEYS.has(key)) add(entry.label, entry.order, [key], `"${key}" is not a document system field`, 'other', 'warning')
      }
      walk(entry.raw, schema.get(entry.doc._type) as CompiledType, [], context)
    }
  }

  // 4. Singletons: the site and the Studio look them up by _id == type name.
  const singletons = options.singletonTypes ?? (options.schemaTypes ? [] : SINGLETON_TYPES)
  for (const type of singletons) {
    const docs = entries.filter((entry) => entry.doc?._type === type)
    for (const entry of docs) {
      if (entry.doc!._id !== type) add(entry.label, entry.order, '_id', `a ${type} is a singleton: its _id must be "${type}"`)
    }
    if (!docs.some((entry) => entry.doc!._id === type)) add('(dataset)', Number.MAX_SAFE_INTEGER, '', `no ${type} document (with _id "${type}"); the site needs one`, 'other', 'warning')
  }

  // 5. Sanity's own validation.
  const client = createDatasetClient(dataset)
  const getClient = (() => client) as unknown as ValidateDocumentOptions['getClient']
  const getDocumentExists = async ({id}: {id: string}) => byId.has(id)
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  await mapPool(
    entries.filter((entry) => entry.canValidate && entry.linked),
    CONCURRENCY,
    async (entry) => {
      const document = entry.linked!
      try {
        const markers = await withTimeout(
          validateDocument({
            document: {_createdAt: '', _updatedAt: '', _rev: '', ...document},
            // The CLI passes a whole Studio workspace; validation reads only these (i18n falls back to English).
            workspace: {schema, getClient} as unknown as ValidateDocumentOptions['workspace'],
            getClient,
            getDocumentExists,
            // Not 'cli': in 6.16 the CLI environment adds an unknown-fields check to each object's
            // rule with .warning(), which turns every other failure of that rule (a required image, a
            // taken slug) into a warning too. 'studio' keeps the levels the Studio shows; unknown
            // fields are checked above.
            environment: 'studio',
          }),
          timeoutMs,
          `validation did not finish within ${timeoutMs} ms`,
        )
        // A missing required object also fails its own required fields; the object is enough.
        const missing = markers.filter((marker) => marker.code === 'value.required').map((marker) => pathToString(marker.path))
        for (const marker of markers) {
          const markerPath = pathToString(marker.path)
          if (marker.code === 'value.required' && missing.some((p) => p && markerPath.startsWith(`${p}.`))) continue
          const same = (kind: Kind) => found.some((f) => f.order === entry.order && f.kind === kind && f.path === markerPath)
          if (marker.code === 'document.unknown-type') continue
          // Reported above, as errors and with more detail.
          if (marker.code === 'object.unknown-field' && same('unknown-field')) continue
          if (marker.code === 'reference.not-published' && same('dangling-reference')) continue
          const level: ProblemLevel = marker.level === 'error' || marker.code === 'object.unknown-field' ? 'error' : 'warning'
          add(entry.label, entry.order, markerPath, marker.level === 'info' ? `(info) ${marker.message}` : marker.message, 'other', level)
        }
      } catch (error) {
        add(entry.label, entry.order, '', `Sanity validation failed: ${(error as Error).message}`)
      }
    },
  )

  const loads = found.some((problem) => problem.kind === 'load')
  const problems: Problem[] = found
    .map((problem, index) => ({problem, index}))
    .sort((a, b) => a.problem.order - b.problem.order || a.problem.path.localeCompare(b.problem.path) || a.index - b.index)
    .map(({problem: {id, path, message, level}}) => ({id, path, message, level}))
  return {
    documents: entries.length,
    problems,
    errors: problems.filter((problem) => problem.level === 'error'),
    warnings: problems.filter((problem) => problem.level === 'warning'),
    loads,
  }
}

/** `<_id> <path>: <message>`, or `<_id>: <message>` for the document as a whole. */
export function formatProblem(problem: Problem): string {
  return `${problem.id}${problem.path ? ` ${problem.path}` : ''}: ${problem.message}`
}

export function formatSummary(result: DatasetValidationResult): string {
  return `${result.documents} documents, ${result.errors.length} errors, ${result.warnings.length} warnings`
}
