import {copyFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterAll, afterEach, describe, expect, it, vi} from 'vitest'
import type {TrustQueryResult} from '@/sanity.types'
import {DEFAULT_DATASET_FILE, queryLocalDataset} from './content/local-dataset'
import {trustQuery} from './content/queries'
import {ratingSummary, trustLines, yearsInBusiness, type TrustContent} from './trust'

afterEach(() => vi.unstubAllEnvs())

describe('ratingSummary', () => {
  it('averages whole stars to one decimal, halves up, and counts them', () => {
    expect(ratingSummary([5, 4])).toEqual({average: '4.5', count: 2})
    expect(ratingSummary([5, 5, 5, 4])).toEqual({average: '4.8', count: 4}) // 4.75
    expect(ratingSummary([5, 5, 4])).toEqual({average: '4.7', count: 3}) // 4.666…
    expect(ratingSummary([5])).toEqual({average: '5.0', count: 1})
    expect(ratingSummary([1, 2])).toEqual({average: '1.5', count: 2})
  })

  it('counts only whole stars from 1 to 5, and says nothing without any', () => {
    expect(ratingSummary([5, null, 0, 6, 4.5, '5', 3])).toEqual({average: '4.0', count: 2})
    expect(ratingSummary([])).toBeNull()
    expect(ratingSummary([null])).toBeNull()
  })
})

describe('yearsInBusiness', () => {
  it('counts whole years by Renton\'s calendar', () => {
    expect(yearsInBusiness(2015, new Date('2026-06-01T12:00:00Z'))).toBe(11)
    // 00:30 on New Year's Day in UTC is still New Year's Eve in Renton.
    expect(yearsInBusiness(2015, new Date('2027-01-01T00:30:00Z'))).toBe(11)
    expect(yearsInBusiness(2015, new Date('2027-01-01T09:00:00Z'))).toBe(12)
    expect(yearsInBusiness(2030, new Date('2026-06-01T12:00:00Z'))).toBe(0)
  })
})

describe('trustLines', () => {
  const content: TrustContent = {
    insurance: {statement: 'Insured and bonded: {amount} with {carrier}', carrier: 'Acme Mutual', amount: '$2,000,000'},
    vetting: 'Background checked.',
    guarantee: 'Re-clean within 24 hours.',
    foundedYear: 2016,
    yearsText: '{years} years in business, since {year}',
    ratingText: 'Rated {average} out of 5 from {count} reviews',
  }

  it('fills in the policy, the years and the rating', () => {
    expect(trustLines(content, {average: '4.8', count: 12}, new Date('2026-06-01T12:00:00Z'))).toEqual([
      {kind: 'insurance', text: 'Insured and bonded: $2,000,000 with Acme Mutual'},
      {kind: 'vetting', text: 'Background checked.'},
      {kind: 'guarantee', text: 'Re-clean within 24 hours.'},
      {kind: 'years', text: '10 years in business, since 2016'},
      {kind: 'rating', text: 'Rated 4.8 out of 5 from 12 reviews'},
    ])
  })

  it('leaves the rating out while there is no review to count', () => {
    expect(trustLines(content, null).map((line) => line.kind)).not.toContain('rating')
  })
})

describe('the rating over the local dataset', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'trust-dataset-'))
  const file = path.join(dir, 'production.ndjson')
  copyFileSync(DEFAULT_DATASET_FILE, file)
  symlinkSync(path.join(path.dirname(DEFAULT_DATASET_FILE), 'images'), path.join(dir, 'images'))
  afterAll(() => rmSync(dir, {recursive: true, force: true}))

  type Doc = {_id: string; _type: string; rating?: number; stars?: number}
  const documents = (): Doc[] => readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Doc)
  /** The average and count worked out here from the file's published reviews, not by lib/trust. */
  const expected = () => {
    const stars = documents()
      .filter((doc) => !doc._id.startsWith('drafts.'))
      .flatMap((doc) => (doc._type === 'testimonial' ? [doc.rating!] : doc._type === 'reviewSample' ? [doc.stars!] : []))
    const sum = stars.reduce((a, b) => a + b, 0)
    return {average: (Math.round((sum / stars.length) * 10) / 10).toFixed(1), count: stars.length}
  }
  const rewrite = (change: (docs: Doc[]) => Doc[]) => {
    writeFileSync(file, change(documents()).map((doc) => JSON.stringify(doc)).join('\n') + '\n')
    const later = new Date(Date.now() + 5000)
    utimesSync(file, later, later)
  }
  const shown = async () => {
    vi.stubEnv('SANITY_LOCAL_DATASET', file)
    const {stars} = await queryLocalDataset<TrustQueryResult>(trustQuery, {}, 'published')
    return ratingSummary(stars)
  }

  it('is the average of every published testimonial and review sample, and follows a changed rating', async () => {
    const before = await shown()
    expect(before).toEqual(expected())
    expect(before!.count).toBeGreaterThan(3)

    rewrite((docs) => docs.map((doc) => (doc._type === 'testimonial' ? {...doc, rating: 1} : doc)))
    const after = await shown()
    expect(after).toEqual(expected())
    expect(Number(after!.average)).toBeLessThan(Number(before!.average))
    expect(after!.count).toBe(before!.count)

    // A draft's rating is not published: it does not count.
    rewrite((docs) => [...docs, {...docs.find((doc) => doc._type === 'testimonial')!, _id: 'drafts.testimonial-extra', rating: 5}])
    expect(await shown()).toEqual(after)
  })
})
