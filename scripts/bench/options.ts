/** Command-line options of `npm run bench` (scripts/bench/run.ts). */

export const PARTS = ['get', 'booking', 'quote', 'startup'] as const
export type Part = (typeof PARTS)[number]

export interface BenchOptions {
  /** Build the site and the bare app first (`--no-build` skips it when both builds exist). */
  build: boolean
  /** Seconds measured per cell, after the warm-up. */
  duration: number
  /** Seconds of load before each cell, not measured (routes loaded, JIT warm, connections open). */
  warmup: number
  /** What to measure; every part unless `--only`. */
  parts: ReadonlySet<Part>
  connections: readonly number[]
}

export const USAGE = `npm run bench -- [--no-build] [--duration S] [--only get|booking|quote|startup[,…]]
  --no-build    use the existing builds (.next and perf/bare-app/.next)
  --duration S  seconds measured per cell (default 6; a warm-up of a third of it, at least 1 s, comes first)
  --only PART   measure only this part; repeat or separate with commas`

export function parseOptions(argv: readonly string[]): BenchOptions {
  let build = true
  let duration = 6
  const parts = new Set<Part>()
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined]
    const value = (): string => {
      const next = inline ?? argv[++i]
      if (next === undefined) throw new Error(`${name} needs a value\n${USAGE}`)
      return next
    }
    switch (name) {
      case '--no-build':
        build = false
        break
      case '--duration': {
        duration = Number(value())
        if (!Number.isFinite(duration) || duration < 1 || duration > 120) throw new Error(`--duration must be 1–120 seconds\n${USAGE}`)
        break
      }
      case '--only':
        for (const part of value().split(',')) {
          if (!(PARTS as readonly string[]).includes(part)) throw new Error(`Unknown part "${part}" (${PARTS.join(', ')})\n${USAGE}`)
          parts.add(part as Part)
        }
        break
      case '--help':
      case '-h':
        console.log(USAGE)
        process.exit(0)
        break
      default:
        throw new Error(`Unknown option ${arg}\n${USAGE}`)
    }
  }
  return {
    build,
    duration,
    warmup: Math.max(1, Math.round(duration / 3)),
    parts: parts.size > 0 ? parts : new Set(PARTS),
    connections: [10, 50, 100],
  }
}
