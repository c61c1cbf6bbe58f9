import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {formatProblem, validateDatasetFile} from '@/studio/lib/dataset-validation'

describe('the committed dataset', () => {
  it('validates against the Studio schemas with zero errors and zero warnings', {timeout: 60_000}, async () => {
    const result = await validateDatasetFile(path.join(process.cwd(), 'studio', 'dataset', 'production.ndjson'))
    expect(result.problems.map(formatProblem)).toEqual([])
    // Every page type the site renders is there.
    expect(result.documents).toBeGreaterThanOrEqual(109)
  })
})
