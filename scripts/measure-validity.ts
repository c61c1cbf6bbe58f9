/**
 * Whether a speed measurement (`npm run perf`, `npm run bench`) can be trusted, judged by the
 * machine's load average. The servers, the browser or load generator and the references
 * share the cores, so another job running beside them slows everything down, and not evenly: on
 * one report taken at a load of 12 on 2 cores, the bare app's LCP doubled and the site's
 * ratios looked better than they are.
 *
 * A run is valid when the 1-minute load average at its start is at most 0.75 per core (1.5 on this
 * 2-core machine: an idle machine, give or take a stray process) and never rose above 1.5 per core
 * (3 on 2 cores: the run's own work keeps about one process per core busy; more means something
 * else was running). Only a valid report may say a budget is met.
 *
 * Plain functions of the readings, and a sampler that takes them (`os.loadavg()` every 5 s).
 */
import {cpus as osCpus, loadavg} from 'node:os'

/** The 1-minute load per core above which a run must not start. */
export const START_LOAD_PER_CORE = 0.75
/** The 1-minute load per core the run must never have risen above. */
export const RUN_LOAD_PER_CORE = 1.5
/** How often the sampler reads the load average (the 1-minute figure moves slowly). */
export const SAMPLE_SECONDS = 5

/**
 * Exit code of a run whose report is not valid (budgets not judged): distinct from 1 (a budget
 * missed, or a failure the report names) and 2 (the run could not be made: bad options, no build).
 */
export const NOT_VALID_EXIT_CODE = 3

/** The load averages of a run: os.loadavg() at its start and end, and the 1-minute figure sampled between. */
export interface LoadRecord {
  cpus: number
  /** 1, 5 and 15-minute load averages when the run started. */
  start: number[]
  /** The same when it ended. */
  end: number[]
  /** The highest 1-minute load average read during the run (the samples, the start and the end). */
  maxDuring: number
  samples: number
  sampleSeconds: number
}

export interface Validity {
  valid: boolean
  /** Why not, for a person (empty when valid). */
  reasons: string[]
  startLimit: number
  runLimit: number
}

export function startLimit(cpus: number): number {
  return START_LOAD_PER_CORE * cpus
}

export function runLimit(cpus: number): number {
  return RUN_LOAD_PER_CORE * cpus
}

const two = (value: number) => value.toFixed(2)

/** The rule: not valid when the 1-minute load at the start exceeds 0.75 × cores, or rose above 1.5 × cores. */
export function judgeLoad(record: LoadRecord): Validity {
  const atStart = startLimit(record.cpus)
  const during = runLimit(record.cpus)
  const reasons: string[] = []
  const start1 = record.start[0]
  if (start1 === undefined || !Number.isFinite(start1)) reasons.push('no load average at the start')
  else if (start1 > atStart) reasons.push(`1-minute load average ${two(start1)} at the start, above ${two(atStart)} (${START_LOAD_PER_CORE} × ${record.cpus} cores)`)
  if (record.maxDuring > during) reasons.push(`1-minute load average reached ${two(record.maxDuring)} during the run, above ${two(during)} (${RUN_LOAD_PER_CORE} × ${record.cpus} cores)`)
  return {valid: reasons.length === 0, reasons, startLimit: atStart, runLimit: during}
}

/** The lines a report opens with: valid or not, why, and the readings. */
export function validityLines(record: LoadRecord, validity: Validity): string[] {
  const load = (values: number[]) => values.map(two).join(' / ')
  return [
    validity.valid
      ? `**Valid**: the machine was quiet (1-minute load average ≤ ${two(validity.startLimit)} at the start, ≤ ${two(validity.runLimit)} throughout); budgets judged.`
      : `**Not valid**: ${validity.reasons.join('; ')}. Budgets not judged: these figures prove nothing either way. Measure again on an idle machine.`,
    '',
    `- Load average (1 / 5 / 15 min) on ${record.cpus} cores: ${load(record.start)} at the start, ${load(record.end)} at the end; ` +
      `highest 1-minute figure during the run ${two(record.maxDuring)} (read every ${record.sampleSeconds} s, ${record.samples} readings)`,
    `- Validity rule (scripts/measure-validity.ts): the 1-minute load average at most ${START_LOAD_PER_CORE} × cores at the start ` +
      `(${two(validity.startLimit)} here) and never above ${RUN_LOAD_PER_CORE} × cores during the run (${two(validity.runLimit)} here)`,
  ]
}

export interface LoadSampler {
  /** The load average read at the start. */
  start: number[]
  /** The record so far (the latest reading as its end), without stopping: to warn early. */
  soFar: () => LoadRecord
  /** Stops sampling, reads the end, and answers the whole record. */
  stop: () => LoadRecord
}

/**
 * Reads the load average now and every `sampleSeconds` until stopped. `read` and `cpus` are
 * os.loadavg and the core count unless given.
 */
export function sampleLoad({read = loadavg, cpus = osCpus().length, sampleSeconds = SAMPLE_SECONDS}: {read?: () => number[]; cpus?: number; sampleSeconds?: number} = {}): LoadSampler {
  const start = read()
  let latest = start
  let maxDuring = start[0]
  let samples = 1
  const timer = setInterval(() => {
    latest = read()
    maxDuring = Math.max(maxDuring, latest[0])
    samples++
  }, sampleSeconds * 1000)
  // A sampler never keeps the process alive.
  timer.unref()
  let record: LoadRecord | undefined
  return {
    start,
    soFar: () => record ?? {cpus, start, end: latest, maxDuring, samples, sampleSeconds},
    stop: () => {
      if (record) return record
      clearInterval(timer)
      const end = read()
      record = {cpus, start, end, maxDuring: Math.max(maxDuring, end[0]), samples: samples + 1, sampleSeconds}
      return record
    },
  }
}

/**
 * The 1-minute load per core below which the next measured step may start (see waitForCalm). The
 * measurement itself starts at START_LOAD_PER_CORE or below: the tools build first (a build keeps
 * both cores busy for minutes), then wait for the machine to calm before their first reading.
 */
export const CALM_LOAD_PER_CORE = 1

/**
 * Waits until the 1-minute load average is at most `CALM_LOAD_PER_CORE` per core (2 on 2 cores),
 * reading it every second, for at most `maxMs`; returns how long it waited. The tools' own steps
 * (a Lighthouse run, a load of a page, a bench cell) each keep both cores busy for a few seconds;
 * back to back they pushed the average above the run limit by themselves (4.5 during one
 * `npm run perf`), which would make every run not valid. Pausing between steps lets it fall back:
 * a step started at 2 raises it by a few tenths. Pauses are not measured; only the steps are.
 */
export async function waitForCalm({read = loadavg, cpus = osCpus().length, perCore = CALM_LOAD_PER_CORE, maxMs = 120_000, sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))}: {read?: () => number[]; cpus?: number; perCore?: number; maxMs?: number; sleep?: (ms: number) => Promise<void>} = {}): Promise<number> {
  let waited = 0
  while (read()[0] > perCore * cpus && waited < maxMs) {
    await sleep(1000)
    waited += 1000
  }
  return waited
}
