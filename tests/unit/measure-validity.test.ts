import {afterEach, describe, expect, it, vi} from 'vitest'
import {judgeLoad, sampleLoad, validityLines, waitForCalm, type LoadRecord} from '@/scripts/measure-validity'

const record = (overrides: Partial<LoadRecord>): LoadRecord => ({cpus: 2, start: [0.4, 0.5, 0.6], end: [1.1, 0.8, 0.7], maxDuring: 1.2, samples: 10, sampleSeconds: 5, ...overrides})

describe('the load-average rule of npm run perf and npm run bench', () => {
  it('takes a run on a quiet 2-core machine: up to 1.5 at the start and 3 during it', () => {
    expect(judgeLoad(record({start: [1.5, 1, 1], maxDuring: 3}))).toMatchObject({valid: true, reasons: [], startLimit: 1.5, runLimit: 3})
  })

  it('refuses a run that starts with a 1-minute load above 1.5 on 2 cores', () => {
    const validity = judgeLoad(record({start: [1.7, 1.2, 1], maxDuring: 1.7}))
    expect(validity.valid).toBe(false)
    expect(validity.reasons).toEqual(['1-minute load average 1.70 at the start, above 1.50 (0.75 × 2 cores)'])
  })

  it('refuses a run during which the 1-minute load rose above 3 on 2 cores, though it started quiet', () => {
    const validity = judgeLoad(record({start: [0.2, 0.3, 0.3], maxDuring: 3.4}))
    expect(validity.valid).toBe(false)
    expect(validity.reasons).toEqual(['1-minute load average reached 3.40 during the run, above 3.00 (1.5 × 2 cores)'])
  })

  it('scales the limits with the cores: 4 cores allow 3 at the start and 6 during', () => {
    expect(judgeLoad(record({cpus: 4, start: [2.9, 2, 2], maxDuring: 5.9})).valid).toBe(true)
    expect(judgeLoad(record({cpus: 4, start: [3.1, 2, 2], maxDuring: 5.9})).valid).toBe(false)
  })

  it('gives both reasons when both limits were passed (a load of 12 on 2 cores)', () => {
    expect(judgeLoad(record({start: [13.32, 9.36, 7.47], maxDuring: 13.32})).reasons).toHaveLength(2)
  })

  it('opens a report with "Valid" or "Not valid" and the reason, and says an invalid run judges no budget', () => {
    const quiet = record({})
    expect(validityLines(quiet, judgeLoad(quiet))[0]).toMatch(/^\*\*Valid\*\*/)
    const busy = record({start: [12, 9, 7]})
    const [first, , readings] = validityLines(busy, judgeLoad(busy))
    expect(first).toMatch(/^\*\*Not valid\*\*: 1-minute load average 12\.00 at the start, above 1\.50/)
    expect(first).toContain('Budgets not judged')
    expect(readings).toContain('12.00 / 9.00 / 7.00 at the start, 1.10 / 0.80 / 0.70 at the end')
  })
})

describe('the load sampler', () => {
  afterEach(() => vi.useRealTimers())

  it('keeps the highest 1-minute reading between the start and the end', () => {
    vi.useFakeTimers()
    const readings = [[0.5, 0.4, 0.3], [2.2, 0.8, 0.4], [3.6, 1.4, 0.6], [1.9, 1.5, 0.7], [1.0, 1.3, 0.7]]
    let next = 0
    const sampler = sampleLoad({read: () => readings[next++], cpus: 2, sampleSeconds: 5})
    expect(sampler.start).toEqual([0.5, 0.4, 0.3])
    vi.advanceTimersByTime(5_000)
    // Read so far (to warn early): the latest reading stands for the end.
    expect(sampler.soFar()).toMatchObject({end: [2.2, 0.8, 0.4], maxDuring: 2.2, samples: 2})
    vi.advanceTimersByTime(10_000)
    const result = sampler.stop()
    expect(result).toEqual({cpus: 2, start: [0.5, 0.4, 0.3], end: [1.0, 1.3, 0.7], maxDuring: 3.6, samples: 5, sampleSeconds: 5})
    // The peak in the middle of the run makes it not valid, though it started and ended quiet.
    expect(judgeLoad(result).valid).toBe(false)
    // Stopped: no more readings.
    vi.advanceTimersByTime(60_000)
    expect(next).toBe(5)
  })
})

describe('waiting for the machine to calm down between measured steps', () => {
  it('waits while the 1-minute load is above one per core, and not at all when it is below', async () => {
    const readings = [2.6, 2.4, 2.1, 1.9]
    const slept: number[] = []
    const waited = await waitForCalm({read: () => [readings.shift() ?? 1.9, 0, 0], cpus: 2, sleep: async (ms) => void slept.push(ms)})
    expect(waited).toBe(3000)
    expect(slept).toEqual([1000, 1000, 1000])
    expect(await waitForCalm({read: () => [2, 0, 0], cpus: 2, sleep: async () => {}})).toBe(0)
  })

  it('gives up after its longest wait, so a machine that never calms still gets measured (and judged not valid)', async () => {
    expect(await waitForCalm({read: () => [9, 9, 9], cpus: 2, maxMs: 5000, sleep: async () => {}})).toBe(5000)
  })
})
