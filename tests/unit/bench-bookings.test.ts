import {lstatSync, mkdtempSync, readlinkSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterAll, describe, expect, it, vi} from 'vitest'
import {checkSlot, windowId} from '@/lib/booking/availability'
import {createBookingSchemas} from '@/lib/booking/schemas'
import {toAvailabilityRules} from '@/lib/content/availability'
import {DEFAULT_DATASET_FILE, queryLocalDataset, readLocalDataset} from '@/lib/content/local-dataset'
import {present} from '@/lib/content/present'
import {availabilityQuery} from '@/lib/content/queries'
import {BENCH_WINDOW_CAPACITY, bookingSlots, readAvailability, writeBenchDataset} from '@/scripts/bench/dataset'
import {bookingRequest, floorBookingRequest, nextFloorBookingRequest} from '@/scripts/bench/requests'

// The bench's bookings must all be accepted by the site: a window with room for each, on a date and
// in a window the rules offer. Checked here with the site's own code (its dataset reader, its
// availability rules, its booking schema) on the dataset the bench writes.

const dir = mkdtempSync(path.join(tmpdir(), 'bench-dataset-'))
afterAll(() => rmSync(dir, {recursive: true, force: true}))
const file = writeBenchDataset(path.join(dir, 'dataset'))

/** The Availability document as the site reads it from the bench's dataset. */
async function siteRules() {
  vi.stubEnv('SANITY_LOCAL_DATASET', file)
  try {
    return toAvailabilityRules(present(await queryLocalDataset(availabilityQuery), 'Availability'))
  } finally {
    vi.unstubAllEnvs()
  }
}

// Moments a run may start at: a morning, just before and after the 17:00 cut-off (00:30 UTC is
// 16:30 in Renton, 02:30 is 18:30), a Saturday night before a Sunday, and late November with
// Christmas inside the horizon.
const STARTS = ['2026-11-24T17:00:00Z', '2026-11-25T00:30:00Z', '2026-11-25T02:30:00Z', '2026-11-29T07:50:00Z', '2026-12-01T20:00:00Z'].map((iso) => new Date(iso))
/** A run takes up to half an hour; the slots must hold until well after it ends (past the cut-off, past midnight). */
const RUN_MS = 3 * 60 * 60 * 1000

describe('the dataset the site under bench reads', () => {
  it('is the committed dataset with every offered booking window taking a million, beside a link to its images', async () => {
    expect(lstatSync(path.join(dir, 'dataset', 'images')).isSymbolicLink()).toBe(true)
    expect(readlinkSync(path.join(dir, 'dataset', 'images'))).toBe(path.join(path.dirname(DEFAULT_DATASET_FILE), 'images'))
    // The site reads it whole, images included (their sizes come from the files).
    const dataset = readLocalDataset(file)
    expect(dataset.documents.length).toBe(readLocalDataset(DEFAULT_DATASET_FILE).documents.length)
    expect(dataset.assets.size).toBeGreaterThan(0)

    const rules = await siteRules()
    for (const crew of ['indoor', 'exterior', 'commercial'] as const) {
      expect(rules.crews[crew].windows.length).toBeGreaterThan(0)
      expect(rules.crews[crew].windows.every((window) => window.capacity === BENCH_WINDOW_CAPACITY)).toBe(true)
    }
    // Nothing else of the rules changes: the same days, hours, holidays, lead time and horizon.
    vi.stubEnv('SANITY_LOCAL_DATASET', DEFAULT_DATASET_FILE)
    const committed = toAvailabilityRules(present(await queryLocalDataset(availabilityQuery), 'Availability'))
    vi.unstubAllEnvs()
    expect({...rules, crews: null}).toEqual({...committed, crews: null})
    expect(rules.crews.indoor.windows.map(windowId)).toEqual(committed.crews.indoor.windows.map(windowId))
    expect(rules.crews.estimate).toEqual(committed.crews.estimate)
  })
})

describe('the dates and windows the bench books', () => {
  it('are each one the site accepts for a house cleaning, from the start of a run until hours after', async () => {
    const rules = await siteRules()
    for (const start of STARTS) {
      const slots = bookingSlots(readAvailability(file), start)
      for (const moment of [start, new Date(start.getTime() + RUN_MS)]) {
        const refused = slots.map((slot) => ({slot, check: checkSlot(rules, 'house', slot.date, slot.arrivalWindow, moment)})).filter(({check}) => !check.ok)
        expect(refused, `${start.toISOString()} → ${moment.toISOString()}`).toEqual([])
      }
    }
  })

  it('cover every open day of the horizon but its first, in every window: some 170 places, skipping Sundays and Christmas', () => {
    const slots = bookingSlots(readAvailability(file), new Date('2026-11-24T17:00:00Z'))
    const dates = [...new Set(slots.map((slot) => slot.date))]
    // Renton's today is 2026-11-24; the lead time is a day (two past the cut-off), the horizon 60 days.
    expect(dates[0]).toBe('2026-11-27')
    expect(dates.at(-1)).toBe('2027-01-23')
    expect(dates).not.toContain('2026-12-25')
    expect(dates).not.toContain('2026-11-29')
    expect(dates.every((date) => new Date(`${date}T00:00:00Z`).getUTCDay() !== 0)).toBe(true)
    expect(slots.filter((slot) => slot.date === '2026-12-01').map((slot) => slot.arrivalWindow)).toEqual(['08:00-10:00', '10:00-12:00', '12:00-14:00', '14:00-16:00'])
    expect(slots.length).toBe(dates.length * 4)
    expect(slots.length).toBeGreaterThan(150)
  })
})

describe('the bench’s booking requests', () => {
  const slots = bookingSlots(readAvailability(file), new Date())

  it('go round the dates and windows one after another, each a new submission the site’s schema accepts', () => {
    const request = bookingRequest('http://localhost:4201', slots)
    const {bookingRequestSchema} = createBookingSchemas(() => new Date())
    const bodies = Array.from({length: slots.length + 2}, () => JSON.parse(request.body!()) as {date: string; arrivalWindow: string; idempotencyKey: string})
    expect(bodies.map(({date, arrivalWindow}) => ({date, arrivalWindow}))).toEqual([...slots, slots[0], slots[1]])
    expect(new Set(bodies.map((body) => body.idempotencyKey)).size).toBe(bodies.length)
    for (const body of bodies.slice(0, 8)) expect(bookingRequestSchema.safeParse(body).error).toBeUndefined()
  })

  it('send the floors the same bookings, in the same order', () => {
    const site = bookingRequest('http://localhost:4201', slots)
    const floor = floorBookingRequest('http://localhost:4203', slots)
    const next = nextFloorBookingRequest('http://localhost:4204', slots)
    const withoutKey = (body: string) => ({...(JSON.parse(body) as object), idempotencyKey: null})
    for (let i = 0; i < 5; i++) {
      const expected = withoutKey(site.body!())
      expect(withoutKey(floor.body!())).toEqual(expected)
      expect(withoutKey(next.body!())).toEqual(expected)
    }
  })
})
