import {createHash} from 'node:crypto'
import {readFileSync, statSync} from 'node:fs'
import path from 'node:path'
import {evaluate, parse} from 'groq-js'

/**
 * The embedded content source: the NDJSON dataset in studio/dataset (Sanity's import format) queried
 * with groq-js, so the site runs with no Sanity project. Image fields in the import format point at
 * files (`_sanityAsset: "image@file://./images/x.svg"`); here they become references to synthetic
 * `sanity.imageAsset` documents with a URL served by /content-images, so the same GROQ projections
 * (`asset->url`, `asset->metadata.dimensions`) work offline and against the Content Lake.
 */

export const DEFAULT_DATASET_FILE = path.join(process.cwd(), 'studio', 'dataset', 'production.ndjson')

/** Where the local dataset lives; tests point this at a copy they may edit. */
export function localDatasetFile(): string {
  return process.env.SANITY_LOCAL_DATASET ? path.resolve(process.env.SANITY_LOCAL_DATASET) : DEFAULT_DATASET_FILE
}

export function localImagesDir(): string {
  return path.join(path.dirname(localDatasetFile()), 'images')
}

type SanityDocument = {_id: string; _type: string; [key: string]: unknown}

export type LocalImageAsset = SanityDocument & {
  _type: 'sanity.imageAsset'
  url: string
  originalFilename: string
  metadata: {dimensions: {_type: 'sanity.imageDimensions'; width: number; height: number; aspectRatio: number}}
}

const ASSET_PREFIX = 'image@file://./images/'
/** File names the image route will serve: no folders, no dot files. */
export const IMAGE_FILE_NAME = /^[a-z0-9][a-z0-9._-]*\.(svg|png)$/i

function imageSize(file: string, bytes: Buffer): {width: number; height: number} {
  if (file.toLowerCase().endsWith('.png')) {
    return {width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20)}
  }
  const svgTag = /<svg\b[^>]*>/i.exec(bytes.toString('utf8'))?.[0] ?? ''
  const attr = (name: string) => Number(new RegExp(`\\s${name}="([\\d.]+)(px)?"`).exec(svgTag)?.[1])
  const viewBox = /viewBox="[\d.-]+[ ,]+[\d.-]+[ ,]+([\d.]+)[ ,]+([\d.]+)"/.exec(svgTag)
  const width = attr('width') || Number(viewBox?.[1])
  const height = attr('height') || Number(viewBox?.[2])
  if (!width || !height) throw new Error(`Image ${file} has no width/height or viewBox`)
  return {width, height}
}

function loadAsset(imagesDir: string, file: string): LocalImageAsset {
  if (!IMAGE_FILE_NAME.test(file)) throw new Error(`Image file name not allowed: ${file}`)
  const bytes = readFileSync(path.join(imagesDir, file))
  const {width, height} = imageSize(file, bytes)
  const version = createHash('sha256').update(bytes).digest('hex').slice(0, 10)
  return {
    _id: `image-local-${file.replace(/[^a-zA-Z0-9-]/g, '-')}`,
    _type: 'sanity.imageAsset',
    url: `/content-images/${file}?v=${version}`,
    originalFilename: file,
    metadata: {dimensions: {_type: 'sanity.imageDimensions', width, height, aspectRatio: width / height}},
  }
}

/** Replaces every `_sanityAsset` image reference with a reference to its asset document. */
function linkAssets(value: unknown, assets: Map<string, LocalImageAsset>, imagesDir: string): unknown {
  if (Array.isArray(value)) return value.map((item) => linkAssets(item, assets, imagesDir))
  if (!value || typeof value !== 'object') return value
  const entries = Object.entries(value as Record<string, unknown>)
  const out: Record<string, unknown> = {}
  for (const [key, item] of entries) {
    if (key === '_sanityAsset' && typeof item === 'string') {
      if (!item.startsWith(ASSET_PREFIX)) throw new Error(`Unsupported asset reference: ${item}`)
      const file = item.slice(ASSET_PREFIX.length)
      const asset = assets.get(file) ?? loadAsset(imagesDir, file)
      assets.set(file, asset)
      out.asset = {_type: 'reference', _ref: asset._id}
    } else {
      out[key] = linkAssets(item, assets, imagesDir)
    }
  }
  return out
}

export type LocalDataset = {documents: SanityDocument[]; assets: Map<string, LocalImageAsset>}

export function readLocalDataset(file = localDatasetFile()): LocalDataset {
  const imagesDir = path.join(path.dirname(file), 'images')
  const assets = new Map<string, LocalImageAsset>()
  // The Content Lake stamps these on import; the local copy takes the file's own time.
  const fileTime = statSync(file).mtime.toISOString()
  const documents = readFileSync(file, 'utf8')
    .split('\n')
    .map((line, index) => ({line: line.trim(), number: index + 1}))
    .filter(({line}) => line.length > 0)
    .map(({line, number}) => {
      try {
        const document = linkAssets(JSON.parse(line), assets, imagesDir) as SanityDocument
        return {_createdAt: fileTime, _updatedAt: fileTime, ...document}
      } catch (error) {
        throw new Error(`${file}:${number}: ${(error as Error).message}`)
      }
    })
  return {documents: [...documents, ...assets.values()], assets}
}

/**
 * Which documents a query sees, as in the Content Lake: `published` hides drafts (`drafts.…`) and
 * every other id with a dot (private to the project, e.g. the Studio's preview secrets); `drafts`
 * shows each draft in place of its published document, under the published id; `raw` sees all.
 */
export type LocalPerspective = 'published' | 'drafts' | 'raw'

const isPrivateId = (id: string) => id.includes('.')

function documentsIn(documents: SanityDocument[], perspective: LocalPerspective): SanityDocument[] {
  if (perspective === 'raw') return documents
  const published = documents.filter((doc) => !isPrivateId(doc._id))
  if (perspective === 'published') return published
  const drafts = new Map(
    documents
      .filter((doc) => doc._id.startsWith('drafts.') && !isPrivateId(doc._id.slice('drafts.'.length)))
      .map((doc) => [doc._id.slice('drafts.'.length), doc]),
  )
  const overlaid = published.map((doc) => {
    const draft = drafts.get(doc._id)
    return draft ? {...draft, _id: doc._id, _originalId: draft._id} : doc
  })
  const newDocuments = [...drafts].filter(([id]) => !published.some((doc) => doc._id === id))
  return [...overlaid, ...newDocuments.map(([id, draft]) => ({...draft, _id: id, _originalId: draft._id}))]
}

// Re-read only when the file changes, so an edited dataset shows up after revalidation.
let cache: {file: string; mtimeMs: number; dataset: LocalDataset; views: Map<LocalPerspective, SanityDocument[]>} | undefined

export function localDataset(): LocalDataset {
  return current().dataset
}

function current() {
  const file = localDatasetFile()
  const {mtimeMs} = statSync(file)
  if (!cache || cache.file !== file || cache.mtimeMs !== mtimeMs) {
    cache = {file, mtimeMs, dataset: readLocalDataset(file), views: new Map()}
  }
  return cache
}

/** Changes whenever the dataset file does (part of the cache key of every content read). */
export function localDatasetVersion(): string {
  const file = localDatasetFile()
  return `${file}@${statSync(file).mtimeMs}`
}

export async function queryLocalDataset<R>(
  query: string,
  params: Record<string, unknown> = {},
  perspective: LocalPerspective = 'published',
): Promise<R> {
  const {dataset, views} = current()
  let documents = views.get(perspective)
  if (!documents) {
    documents = documentsIn(dataset.documents, perspective)
    views.set(perspective, documents)
  }
  const result = await evaluate(parse(query), {dataset: documents, params})
  return (await result.get()) as R
}

const IMAGE_TYPES: Record<string, string> = {svg: 'image/svg+xml', png: 'image/png'}

/** An image file of the local dataset, for the /content-images route; null for anything else. */
export function readLocalImage(file: string): {bytes: Buffer; contentType: string} | null {
  if (!IMAGE_FILE_NAME.test(file)) return null
  try {
    const bytes = readFileSync(path.join(localImagesDir(), file))
    return {bytes, contentType: IMAGE_TYPES[file.split('.').pop()!.toLowerCase()]}
  } catch {
    return null
  }
}
