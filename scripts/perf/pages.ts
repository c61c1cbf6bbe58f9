/**
 * The pages `npm run perf` measures: one of each kind a visitor meets, and the bare app's one page
 * (the floor every figure is divided by).
 */
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

/** marketing and booking pages have different budgets; the bare app is the floor. */
export type PageKind = 'marketing' | 'booking' | 'bare'

export type PerfPage = {
  /** Short name used by --pages, the budgets and the report. */
  name: string
  path: string
  kind: PageKind
}

export const BARE_PAGE: PerfPage = {name: 'bare', path: '/', kind: 'bare'}

/** The first blog post of the local dataset, as the e2e page-weight spec picks its article. */
export function firstArticlePath(root: string): string {
  const file = join(root, 'studio', 'dataset', 'production.ndjson')
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.includes('"blogPost"')) continue
    const doc = JSON.parse(line) as {_id?: string; _type?: string; slug?: {current?: string}}
    if (doc._type === 'blogPost' && !doc._id?.startsWith('drafts.') && doc.slug?.current) return `/blog/${doc.slug.current}`
  }
  throw new Error(`No blogPost with a slug in ${file}`)
}

export function sitePages(root: string): PerfPage[] {
  return [
    {name: 'home', path: '/', kind: 'marketing'},
    {name: 'service', path: '/deep-cleaning', kind: 'marketing'},
    {name: 'quote', path: '/roof-cleaning', kind: 'marketing'},
    {name: 'article', path: firstArticlePath(root), kind: 'marketing'},
    {name: 'blogs', path: '/blogs', kind: 'marketing'},
    {name: 'contact', path: '/contact', kind: 'marketing'},
    {name: 'house', path: '/house_cleaning', kind: 'booking'},
    {name: 'exterior', path: '/exterior_cleaning', kind: 'booking'},
    {name: 'carpet', path: '/carpet_cleaning', kind: 'booking'},
    {name: 'commercial', path: '/commercial_cleaning', kind: 'booking'},
  ]
}

/** `--pages home,/contact,booking`: names, paths, or a kind ("marketing", "booking"). */
export function selectPages(all: PerfPage[], list: string | undefined): PerfPage[] {
  if (!list) return all
  const wanted = list.split(',').map((item) => item.trim()).filter(Boolean)
  const chosen = new Set<PerfPage>()
  for (const item of wanted) {
    const matches = all.filter((page) => page.name === item || page.path === item || page.kind === item)
    if (matches.length === 0) {
      throw new Error(`--pages: no page "${item}"; known: ${all.map((page) => `${page.name} (${page.path})`).join(', ')}, or marketing / booking`)
    }
    for (const page of matches) chosen.add(page)
  }
  return all.filter((page) => chosen.has(page))
}
