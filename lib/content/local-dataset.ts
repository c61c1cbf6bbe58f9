import {readFileSync, statSync, watch} from 'node:fs'
import path from 'node:path'
import {evaluate, parse} from 'groq-js'
import {describePhotos} from './local-images.ts'
import {IMAGE_FILE_NAME, IMAGE_MIME_TYPES, imageAssetId, imageFileFacts, localImageUrl, type LocalImageAsset} from './image-files.ts'

/**
 * The embedded content source: the NDJSON dataset in studio/dataset (Sanity's import format) queried
 * with groq-js, so the site runs with no Sanity project. Image fields in the import format point at
 * files (`_sanityAsset: "image@file://./images/x.svg"`); here they become references to synthetic
 * `sanity.imageAsset` documents shaped as Sanity's upload makes them (id, size, metadata such as the
 * placeholder), served by the image route under /images/local/production as Sanity's CDN would serve
 * them, so the same GROQ projections and image URLs work offline and against the Content Lake.
 */

export const DEFAULT_DATASET_FILE = path.join(process.cwd(), 'studio', 'dataset', 'production.ndjson')

/** Where the local dataset lives; tests point this at a copy they may edit. */
export function localDatasetFile(): string {
  return process.env.SANITY_LOCAL_DATASET ? path.resolve(process.env.SANITY_LOCAL_DATASET) : DEFAULT_DATASET_FILE
}

type SanityDocument = {_id: string; _type: string; [key: string]: unknown}

const ASSET_PREFIX = 'image@file://./images/'

function loadAsset(imagesDir: string, file: string): LocalImageAsset {
  if (!IMAGE_FILE_NAME.test(file)) throw new Error(`Image file name not allowed: ${file}`)
  const bytes = readFileSync(path.join(imagesDir, file))
  const facts = imageFileFacts(file, bytes)
  if (!facts) throw new Error(`Image ${file} is not a readable ${file.split('.').pop()} file (no size in its header)`)
  const {format, width, height} = facts
  const _id = imageAssetId(bytes, facts)
  return {
    _id,
    _type: 'sanity.imageAsset',
    url: localImageUrl(_id),
    originalFilename: file,
    extension: format,
    mimeType: IMAGE_MIME_TYPES[format],
    metadata: {_type: 'sanity.imageMetadata', dimensions: {_type: 'sanity.imageDimensions', width, height, aspectRatio: width / height}},
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

export type LocalDataset = {
  documents: SanityDocument[]
  /** Image assets by file name and by asset id (the image route's lookup). */
  assets: Map<string, LocalImageAsset>
  assetsById: Map<string, LocalImageAsset>
}

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
  const assetsById = new Map([...assets.values()].map((asset) => [asset._id, asset]))
  return {documents: [...documents, ...assets.values()], assets, assetsById}
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
let cache:
  | {file: string; mtimeMs: number; dataset: LocalDataset; views: Map<LocalPerspective, SanityDocument[]>; photosDescribed: Promise<void>}
  | undefined

function current() {
  const file = localDatasetFile()
  const {mtimeMs} = statSync(file)
  if (!cache || cache.file !== file || cache.mtimeMs !== mtimeMs) {
    const dataset = readLocalDataset(file)
    const imagesDir = path.join(path.dirname(file), 'images')
    cache = {file, mtimeMs, dataset, views: new Map(), photosDescribed: describePhotos([...dataset.assets.values()], imagesDir)}
  }
  return cache
}

/** Changes whenever the dataset file does (part of the cache key of every content read). */
export function localDatasetVersion(): string {
  const file = localDatasetFile()
  return `${file}@${statSync(file).mtimeMs}`
}

/**
 * Calls `onChange` whenever the dataset file changes (an editor's preview follows it as it follows
 * the Content Lake's live events). Watches the folder, not the file: editors and scripts often
 * save by replacing the file, which a watch on the file itself would lose. Returns the unsubscribe.
 */
export function watchLocalDataset(onChange: () => void, onLost: (error: unknown) => void): () => void {
  const file = localDatasetFile()
  const version = () => {
    try {
      const {mtimeMs, size, ino} = statSync(file)
      return `${mtimeMs}:${size}:${ino}`
    } catch {
      return null
    }
  }
  let seen = version()
  const watcher = watch(path.dirname(file), (_event, name) => {
    if (name !== null && name !== path.basename(file)) return
    // One save can raise several events: announce each new version of the file once.
    const now = version()
    if (now === null || now === seen) return
    seen = now
    onChange()
  })
  watcher.on('error', onLost)
  return () => watcher.close()
}

export async function queryLocalDataset<R>(
  query: string,
  params: Record<string, unknown> = {},
  perspective: LocalPerspective = 'published',
): Promise<R> {
  const {dataset, views, photosDescribed} = current()
  await photosDescribed
  let documents = views.get(perspective)
  if (!documents) {
    documents = documentsIn(dataset.documents, perspective)
    views.set(perspective, documents)
  }
  const result = await evaluate(parse(query), {dataset: documents, params})
  return (await result.get()) as R
}

/** The file of a local image asset, by the file name its URL ends with (`<sha1>-<w>x<h>.<format>`). */
export function localImageFile(urlFileName: string): {file: string; asset: LocalImageAsset} | null {
  const match = /^([0-9a-f]{40})-(\d+x\d+)\.(svg|png|jpg|webp)$/.exec(urlFileName)
  if (!match) return null
  const {file, dataset} = current()
  const asset = dataset.assetsById.get(`image-${match[1]}-${match[2]}-${match[3]}`)
  return asset ? {file: path.join(path.dirname(file), 'images', asset.originalFilename), asset} : null
}
