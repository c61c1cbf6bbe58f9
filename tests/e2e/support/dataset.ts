import {readFileSync, utimesSync, writeFileSync} from 'node:fs'

/**
 * The e2e server reads a per-run copy of the dataset (SANITY_LOCAL_DATASET, set by
 * playwright.config.ts). Tests take their expected texts from that same file, so they check that
 * pages show the content rather than repeating it.
 */
export type Doc = {_id: string; _type: string; [key: string]: unknown}

export function datasetFile(): string {
  const file = process.env.SANITY_LOCAL_DATASET
  if (!file) throw new Error('SANITY_LOCAL_DATASET is not set: run the tests through playwright.config.ts')
  return file
}

export function readDocuments(): Doc[] {
  return readFileSync(datasetFile(), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Doc)
}

export function getDocument<T = Doc>(id: string): T {
  const doc = readDocuments().find((candidate) => candidate._id === id)
  if (!doc) throw new Error(`No document ${id} in ${datasetFile()}`)
  return doc as T
}

/** Published documents of a type (not drafts, not private documents such as preview secrets). */
export function documentsOfType<T = Doc>(type: string): T[] {
  return readDocuments().filter((doc) => doc._type === type && !doc._id.includes('.')) as T[]
}

/** Replaces one document in the copy (for content-change tests) and marks the file as changed. */
export function writeDocument(doc: Doc): void {
  const lines = readDocuments().map((candidate) => (candidate._id === doc._id ? doc : candidate))
  writeFileSync(datasetFile(), lines.map((line) => JSON.stringify(line)).join('\n') + '\n')
  const now = new Date()
  utimesSync(datasetFile(), now, now)
}

/** Sorts documents as the Studio's drag-and-drop lists order them (`orderRank`, compared as GROQ compares strings). */
export const byOrderRank = (a: {orderRank: string}, b: {orderRank: string}) =>
  a.orderRank < b.orderRank ? -1 : a.orderRank > b.orderRank ? 1 : 0
